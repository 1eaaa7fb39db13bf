/**
 * Fixed-window rate limits for login, password recovery and registration (SECURITY-CHECKLIST §1.1 B, ASVS 6.3.1),
 * counted in the `rate_limit` table so every backend instance over one database shares them.
 *
 * Keys are per submitted username (whether or not it exists, so the limit reveals nothing) and per client address.
 * The client address is `x-real-ip`, which the storefront's `/store-api` proxy sets from the browser's socket
 * (overwriting any value the browser sent), else the socket of a standalone backend; `x-forwarded-for` is trusted
 * only when `TRUST_FORWARDED_FOR=1`.
 */
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import { rateLimitTable } from '../db/schema/index.ts';
import { StoreApiError } from '../http/errors.ts';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  max: number;
  /** Window length in seconds. */
  windowSeconds: number;
}

/** Limits of the account calls: per username and per client address. */
export const RATE_LIMITS = {
  loginUser: { max: 10, windowSeconds: 15 * 60 },
  loginIp: { max: 60, windowSeconds: 15 * 60 },
  recoveryUser: { max: 5, windowSeconds: 60 * 60 },
  recoveryIp: { max: 30, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Counts one attempt under `key` at time `now`.
 *
 * @returns the attempts in the current window (this one included) and the seconds until it ends.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now: Date,
): Promise<{ count: number; retryAfter: number }> {
  const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
  const [row] = await db
    .insert(rateLimitTable)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimitTable.key,
      set: {
        count: sql`CASE WHEN ${rateLimitTable.windowStart} <= ${windowStart} THEN 1 ELSE ${rateLimitTable.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimitTable.windowStart} <= ${windowStart} THEN ${now} ELSE ${rateLimitTable.windowStart} END`,
      },
    })
    .returning({ count: rateLimitTable.count, windowStart: rateLimitTable.windowStart });
  const started = row?.windowStart ?? now;
  const retryAfter = Math.max(1, Math.ceil((started.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000));
  return { count: row?.count ?? 1, retryAfter };
}

/** Forgets the attempts under `key` (a successful login clears the username's counter). */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitTable).where(eq(rateLimitTable.key, key));
}

/**
 * Counts one attempt under each `[key, rule]` pair and throws 429 `FRAMEWORK__RATE_LIMIT_EXCEEDED` (Shopware's code,
 * `meta.parameters.seconds`) when any of them is over its limit. Pairs with a null key (no client address known)
 * are skipped, so callers without an address do not share one counter.
 */
export async function enforceRateLimits(
  db: Db,
  checks: [key: string | null, rule: RateLimitRule][],
  now: Date,
): Promise<void> {
  let retryAfter = 0;
  for (const [key, rule] of checks) {
    if (key === null) continue;
    const hit = await hitRateLimit(db, key, rule, now);
    if (hit.count > rule.max) retryAfter = Math.max(retryAfter, hit.retryAfter);
  }
  if (retryAfter > 0) {
    throw new StoreApiError(
      429,
      'FRAMEWORK__RATE_LIMIT_EXCEEDED',
      `Too many requests, try again in ${retryAfter} seconds.`,
      { parameters: { seconds: retryAfter } },
    );
  }
}

/** The caller's address for rate limits (see the module comment for which headers count); null if none. */
export function clientAddress(c: Context, env: Record<string, string | undefined> = process.env): string | null {
  const real = c.req.header('x-real-ip')?.trim();
  if (real) return real.slice(0, 64);
  if (env.TRUST_FORWARDED_FOR === '1') {
    const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (first) return first.slice(0, 64);
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? null;
}

/** The per-address counter key of an action, or null when the address is unknown. */
export function ipKey(action: string, address: string | null): string | null {
  return address ? `${action}:ip:${address}` : null;
}
