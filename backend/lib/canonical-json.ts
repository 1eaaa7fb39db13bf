/**
 * Canonical JSON and its SHA-256: equal values always give equal text, so a hash of it identifies a value (an order
 * request body for the checkout's idempotency key, an approval request's snapshot).
 */
import { createHash } from 'node:crypto';

/**
 * JSON with the keys of every object sorted (arrays keep their order, undefined members are left out), so equal
 * values always give equal text: the input of the snapshot hash.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of a value's canonical JSON (`canonicalJson`). */
export function snapshotHash(snapshot: unknown): string {
  return createHash('sha256').update(canonicalJson(snapshot)).digest('hex');
}
