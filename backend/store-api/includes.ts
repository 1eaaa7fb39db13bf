/**
 * Shopware's `includes` criteria parameter: `{ product: ['id', 'name'] }` keeps only the listed fields of every
 * object whose `apiAlias` is `product`, anywhere in the response; objects of other aliases stay whole. `apiAlias`
 * itself is always kept so clients can still tell objects apart.
 */

/** Applies `includes` to a response value; returns a new value, the input is not changed. */
export function applyIncludes<T>(value: T, includes: Record<string, string[]> | undefined): T {
  if (!includes || Object.keys(includes).length === 0) return value;
  return walk(value, includes) as T;
}

function walk(value: unknown, includes: Record<string, string[]>): unknown {
  if (Array.isArray(value)) return value.map((v) => walk(v, includes));
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  const alias = typeof obj.apiAlias === 'string' ? obj.apiAlias : undefined;
  const keep = alias ? includes[alias] : undefined;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(obj)) {
    if (keep && key !== 'apiAlias' && !keep.includes(key)) continue;
    out[key] = walk(child, includes);
  }
  return out;
}
