/**
 * Shopware-style ids: 32 lower-case hex characters.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A random id (128 bits from the CSPRNG), for context tokens and new rows. */
export function randomId(): string {
  return randomBytes(16).toString('hex');
}

/**
 * A deterministic id derived from a namespace and a key (MD5 of `namespace:key`), so re-importing or re-seeding the
 * same entity yields the same id. Not a secret: never use it for tokens.
 */
export function stableId(namespace: string, key: string): string {
  return createHash('md5').update(`${namespace}:${key}`).digest('hex');
}

/** True for a 32-hex-character id. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{32}$/.test(value);
}
