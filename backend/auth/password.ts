/**
 * Password hashing with argon2id (OWASP Password Storage Cheat Sheet; docs/decisions/008): OWASP's baseline
 * parameters (19 MiB memory, 2 passes, 1 lane), PHC strings stored in `customer.password_hash`.
 *
 * `DUMMY_HASH` is an argon2id hash of a random secret with the same parameters. Login and recovery verify against it
 * when the username is unknown, so an unknown user costs the same work as a wrong password (no timing oracle).
 */
import { hash, verify } from '@node-rs/argon2';

/** Argon2id = 2 in `@node-rs/argon2`'s const enum (not importable under isolated modules). */
const ARGON2ID = 2;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hash of a random, forgotten secret: no password verifies against it. */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$qXGKxhW44x35pvPYtE77Kw$onVf0gwfVIG9hFNzL9JnQ1VaF7zJ3vPMSqM0+PCs3xQ';

/**
 * Hashes a password with argon2id and a fresh random salt.
 *
 * @returns the PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`).
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * True when `password` matches the PHC string `stored`. A missing or malformed stored hash verifies against
 * `DUMMY_HASH` instead (same cost) and answers false; never throws for bad input.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  const target = stored && stored.startsWith('$argon2') ? stored : DUMMY_HASH;
  try {
    const ok = await verify(target, password);
    return ok && target !== DUMMY_HASH;
  } catch {
    return false;
  }
}
