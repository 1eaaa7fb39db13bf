/**
 * Fixed-window rate limits of the registration calls (SECURITY-CHECKLIST §1.1 B: registration and look-ups that
 * could enumerate accounts are throttled), counted in the shared `rate_limit` table so every backend instance over
 * one database sees the same counts.
 */
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../../db/client.ts';
import { rateLimitTable } from '../../db/schema/index.ts';
import { StoreApiError } from '../errors.ts';

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  /** Window length in seconds. */
  windowSeconds: number;
}

/** Registrations per client address per hour, and company look-ups (exists, city search is not limited). */
export const REGISTRATION_LIMITS = {
  registerIp: { max: 10, windowSeconds: 60 * 60 },
  existsIp: { max: 30, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Limit>;

/**
 * The caller's address: `x-real-ip` (set by the storefront proxy from the browser socket), else the socket of a
 * standalone backend, else 'unknown' (all such callers then share one counter).
 */
export function callerAddress(c: Context): string {
  const real = c.req.header('x-real-ip')?.trim();
  if (real) return real.slice(0, 64);
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

/**
 * Counts one attempt under `key` and throws 429 `FRAMEWORK__RATE_LIMIT_EXCEEDED` (Shopware's code; seconds until
 * the window ends in `meta.parameters.seconds`) once more than `limit.max` attempts fall into the window.
 */
export async function enforceLimit(db: Db, key: string, limit: Limit, now = new Date()): Promise<void> {
  const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000);
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
  if ((row?.count ?? 1) > limit.max) {
    const ends = (row?.windowStart ?? now).getTime() + limit.windowSeconds * 1000;
    const seconds = Math.max(1, Math.ceil((ends - now.getTime()) / 1000));
    throw new StoreApiError(
      429,
      'FRAMEWORK__RATE_LIMIT_EXCEEDED',
      `Too many requests, try again in ${seconds} seconds.`,
      {
        parameters: { seconds },
      },
    );
  }
}
