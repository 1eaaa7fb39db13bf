/**
 * Rate limits with a bounded backoff for login, password recovery and registration (OWASP Authentication Cheat
 * Sheet, "Login Throttling"; ASVS 6.3.1), counted in the `rate_limit` table so every backend instance over one
 * database shares them (docs/decisions/008 and 012).
 *
 * Keys are per submitted username (whether or not it exists, so the limit reveals nothing) and per client address.
 * A key's first `max` attempts are free; after that each attempt has to wait `BACKOFF_BASE_SECONDS`·2^(n − max)
 * seconds after the previous counted one, at most `windowSeconds`. Refused attempts (429) are not counted, so
 * nobody, the real owner included, ever waits longer than `windowSeconds`; an attacker gets one guess per
 * `windowSeconds` per username and per address. A key is forgotten after `RESET_AFTER_SECONDS` without a counted
 * attempt, and on success (login) or a completed password recovery (`clearLoginRateLimit`). Columns: `count` =
 * counted attempts, `window_start` = time of the last counted attempt.
 *
 * A login whose password verified is taken back from the address's counter (`refundRateLimit`): only wrong
 * passwords count against an address, so an office behind one NAT address, or every buyer behind a proxy, is never
 * locked out by its own successful logins (OWASP Authentication Cheat Sheet: throttle failed attempts). Every
 * attempt is still counted before the password is checked, so parallel guesses cannot slip past the count.
 *
 * Windows are measured with the database's clock (`databaseNow`) unless the caller passes an instant (tests), so
 * instances whose clocks disagree still share one window.
 *
 * The client address (`clientAddress`): in-process calls (no socket) come from the storefront's `/store-api` proxy,
 * which sets `x-real-ip` itself (src/lib/store-api/proxy.ts). A standalone backend (`npm run backend`) believes
 * `x-real-ip`, or else the right-most untrusted `x-forwarded-for` entry, only from a socket address in
 * TRUSTED_PROXIES (comma list of IPs and CIDR ranges); from anyone else it uses the socket address.
 */
import { BlockList, isIP } from 'node:net';
import { eq, lt, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import { databaseNow } from '../db/clock.ts';
import { rateLimitTable } from '../db/schema/index.ts';
import { StoreApiError } from '../http/errors.ts';
import { SHOPWARE_ERROR_CODES } from '../../contract/error-codes.ts';

export interface RateLimitRule {
  /** Attempts without any wait. */
  max: number;
  /** Longest wait between two attempts once the free ones are used up, in seconds. */
  windowSeconds: number;
}

/** First wait after the free attempts, in seconds; it doubles with every further attempt up to `windowSeconds`. */
export const BACKOFF_BASE_SECONDS = 1;

/** A key without a counted attempt for this long (seconds) starts again with its free attempts: one day. */
export const RESET_AFTER_SECONDS = 24 * 60 * 60;

/** Exponents above this are capped (2^20 s is far above any `windowSeconds`) so the SQL power() cannot overflow. */
const MAX_EXPONENT = 20;

/** Limits of the account calls: per username and per client address. */
export const RATE_LIMITS = {
  loginUser: { max: 10, windowSeconds: 15 * 60 },
  loginIp: { max: 60, windowSeconds: 15 * 60 },
  recoveryUser: { max: 5, windowSeconds: 60 * 60 },
  recoveryIp: { max: 30, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** Seconds the next attempt under a key with `count` counted attempts, the last at `last`, must wait at `now`. */
export function backoffSeconds(count: number, last: Date, rule: RateLimitRule, now: Date): number {
  const sinceLast = (now.getTime() - last.getTime()) / 1000;
  if (sinceLast >= RESET_AFTER_SECONDS || count < rule.max) return 0;
  const wait = Math.min(BACKOFF_BASE_SECONDS * 2 ** Math.min(count - rule.max, MAX_EXPONENT), rule.windowSeconds);
  return Math.max(0, Math.ceil(wait - sinceLast));
}

/** Seconds an attempt under `key` has to wait at `now` (0: it may go ahead). Counts nothing. */
export async function waitSeconds(db: Db, key: string, rule: RateLimitRule, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: rateLimitTable.count, last: rateLimitTable.windowStart })
    .from(rateLimitTable)
    .where(eq(rateLimitTable.key, key));
  return row ? backoffSeconds(row.count, row.last, rule, now) : 0;
}

/**
 * Counts one attempt under `key` at `now`, in one statement, unless it has to wait: parallel requests cannot all
 * slip through a check made before the count.
 *
 * @returns 0 when counted, else the seconds to wait (nothing counted).
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule, now: Date): Promise<number> {
  const resetBefore = new Date(now.getTime() - RESET_AFTER_SECONDS * 1000);
  const t = rateLimitTable;
  const exponent = sql`LEAST(${t.count} - ${rule.max}, ${MAX_EXPONENT})`;
  const wait = sql`LEAST(power(2, ${exponent}) * ${BACKOFF_BASE_SECONDS}, ${rule.windowSeconds})`;
  const counted = await db
    .insert(t)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`CASE WHEN ${t.windowStart} <= ${resetBefore} THEN 1 ELSE ${t.count} + 1 END`,
        windowStart: now,
      },
      setWhere: or(
        sql`${t.windowStart} <= ${resetBefore}`,
        lt(t.count, rule.max),
        sql`${t.windowStart} + make_interval(secs => ${wait}) <= ${now}`,
      ),
    })
    .returning({ count: t.count });
  if (counted.length > 0) return 0;
  return Math.max(1, await waitSeconds(db, key, rule, now));
}

/**
 * Removes every counter whose `window_start` is more than `RESET_AFTER_SECONDS` (one day) old by the database's clock
 * (the daily `rate-limit-purge` job): a backoff key idle that long starts again with its free attempts anyway, and no
 * quota window is longer than a day, so nothing a limit still needs is removed. Usernames sprayed at the login would
 * otherwise stay in the table for ever.
 *
 * @returns how many counters were removed.
 */
export async function purgeIdleRateLimits(db: Db): Promise<number> {
  const removed = await db
    .delete(rateLimitTable)
    .where(sql`${rateLimitTable.windowStart} < now() - make_interval(secs => ${RESET_AFTER_SECONDS})`)
    .returning({ key: rateLimitTable.key });
  return removed.length;
}

/** Forgets the attempts under `key` (a successful login clears the username's counter). */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitTable).where(eq(rateLimitTable.key, key));
}

/**
 * Takes one counted attempt back from `key` (never below 0): the attempt turned out to be a success that must not
 * count (a login whose password verified, for the per-address key). The time of the last counted attempt stays.
 */
export async function refundRateLimit(db: Db, key: string | null): Promise<void> {
  if (!key) return;
  await db
    .update(rateLimitTable)
    .set({ count: sql`GREATEST(${rateLimitTable.count} - 1, 0)` })
    .where(eq(rateLimitTable.key, key));
}

/** The login counter key of a username (normalised: trimmed, lower-case, as the login route uses it). */
export function loginUserKey(username: string): string {
  return `login:user:${username}`;
}

/** Forgets the failed logins of `username`: a completed password recovery lets the owner in at once. */
export async function clearLoginRateLimit(db: Db, username: string): Promise<void> {
  await clearRateLimit(db, loginUserKey(username));
}

/**
 * Counts one attempt under each `[key, rule]` pair and throws 429 `FRAMEWORK__RATE_LIMIT_EXCEEDED` (Shopware's code,
 * `meta.parameters.seconds` = the longest wait) when any of them has to wait. Every key is checked before any is
 * counted, so an address that has to wait does not push the username's counter (and the other way round). Pairs
 * with a null key (no client address known) are skipped, so callers without an address do not share one counter.
 * `at` is the attempt's instant; absent, the database's clock.
 */
export async function enforceRateLimits(
  db: Db,
  checks: [key: string | null, rule: RateLimitRule][],
  at?: Date,
): Promise<void> {
  const keyed = checks.filter((check): check is [string, RateLimitRule] => check[0] !== null);
  if (!keyed.length) return;
  const now = at ?? (await databaseNow(db));
  let retryAfter = 0;
  for (const [key, rule] of keyed) retryAfter = Math.max(retryAfter, await waitSeconds(db, key, rule, now));
  if (retryAfter === 0) {
    for (const [key, rule] of keyed) retryAfter = Math.max(retryAfter, await hitRateLimit(db, key, rule, now));
  }
  if (retryAfter > 0) {
    throw new StoreApiError(
      429,
      SHOPWARE_ERROR_CODES.FRAMEWORK__RATE_LIMIT_EXCEEDED,
      `Too many requests, try again in ${retryAfter} seconds.`,
      { parameters: { seconds: retryAfter } },
    );
  }
}

/** A fixed-window quota: at most `max` actions per `windowSeconds`, counted from the window's first action. */
export interface WindowQuota {
  max: number;
  windowSeconds: number;
}

/**
 * Counts one action under `key` at `at` (absent: the database's clock) against a fixed-window quota, in one statement
 * (parallel requests cannot all slip through): the first action opens a window of `windowSeconds` (`window_start` =
 * its start here, not the last attempt as for the backoff keys above, so quota keys use their own prefixes); up to
 * `max` actions count in it; the first action after it opens the next one. Run it in the transaction of the action,
 * so an action that fails later takes its count back with it.
 *
 * @returns 0 when counted, else the seconds until the window ends (nothing counted).
 */
export async function hitWindowQuota(db: Db, key: string, quota: WindowQuota, at?: Date): Promise<number> {
  const now = at ?? (await databaseNow(db));
  const t = rateLimitTable;
  const expired = sql`${t.windowStart} <= ${new Date(now.getTime() - quota.windowSeconds * 1000)}`;
  const counted = await db
    .insert(t)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${t.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${now} ELSE ${t.windowStart} END`,
      },
      setWhere: or(expired, lt(t.count, quota.max)),
    })
    .returning({ count: t.count });
  if (counted.length > 0) return 0;
  const [row] = await db.select({ start: t.windowStart }).from(t).where(eq(t.key, key));
  const end = (row?.start.getTime() ?? now.getTime()) + quota.windowSeconds * 1000;
  return Math.max(1, Math.ceil((end - now.getTime()) / 1000));
}

/**
 * The addresses in TRUSTED_PROXIES (comma list of IPv4/IPv6 addresses and CIDR ranges, e.g.
 * `10.0.0.0/8, 127.0.0.1, ::1`).
 *
 * @throws Error naming an entry that is not an address or range.
 */
export function parseTrustedProxies(value: string | undefined): BlockList {
  const list = new BlockList();
  for (const entry of (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? undefined : Number(bits);
    if (
      !family ||
      (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 4 ? 32 : 128)))
    ) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return list;
}

const trustedProxyCache = new Map<string, BlockList>();

/** True when `address` (IPv4, IPv6 or IPv4-mapped IPv6) is in `list`. */
function isTrusted(list: BlockList, address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = isIP(plain);
  return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** A header value that is one IP address, or null. */
function ipOrNull(value: string | undefined): string | null {
  const v = value?.trim();
  return v && isIP(v) ? v : null;
}

/** The caller's address for rate limits (see the module comment for which headers count); null if none. */
export function clientAddress(c: Context, env: Record<string, string | undefined> = process.env): string | null {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const socket = incoming?.socket?.remoteAddress;
  // No socket: an in-process call from the storefront, whose proxy sets x-real-ip itself.
  if (!socket) return ipOrNull(c.req.header('x-real-ip'));
  const raw = env.TRUSTED_PROXIES ?? '';
  let trusted = trustedProxyCache.get(raw);
  if (!trusted) {
    trusted = parseTrustedProxies(raw);
    trustedProxyCache.set(raw, trusted);
  }
  if (!isTrusted(trusted, socket)) return socket;
  const real = ipOrNull(c.req.header('x-real-ip'));
  if (real) return real;
  // Each proxy appends the address it saw: the right-most entry not itself a trusted proxy is the client.
  const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').map((e) => e.trim());
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const entry = ipOrNull(forwarded[i]);
    if (!entry) break;
    if (!isTrusted(trusted, entry)) return entry;
  }
  return socket;
}

/** The per-address counter key of an action, or null when the address is unknown. */
export function ipKey(action: string, address: string | null): string | null {
  return address ? `${action}:ip:${address}` : null;
}
