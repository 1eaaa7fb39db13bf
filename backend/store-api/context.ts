/**
 * Resolves the sales channel context of a Store API request, as Shopware does:
 * - `sw-access-key` selects the sales channel (401 `FRAMEWORK__API_INVALID_ACCESS_KEY` otherwise);
 * - `sw-context-token` names the caller's context; a missing or unknown token gets a fresh anonymous context whose
 *   new token is returned in the `sw-context-token` response header;
 * - `sw-language-id` switches the language for this request (412 `FRAMEWORK__LANGUAGE_NOT_FOUND` for an unknown id).
 *
 * Anonymous contexts are persisted only once something is stored in them (a cart, a login, a language choice), so
 * reading the catalogue writes nothing.
 *
 * Logged-in contexts expire (OWASP ASVS 7.3.1/7.3.2, idle and absolute session timeouts): after `idleMs` without a request (default
 * 7 days) or `absoluteMs` after login (default 30 days) the row is deleted and the caller continues anonymously
 * under a fresh token. Activity is recorded at most once per `touchMs` (1 hour), so browsing stays read-only.
 * A logged-in context also ends as soon as `customerSessionValid` fails (customer or company deactivated, or the
 * account manager of a "login as customer" session no longer allowed to be it).
 */
import { eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';
import {
  companyTable,
  contextTable,
  customerTable,
  languageTable,
  salesChannelDomainTable,
  salesChannelTable,
} from '../db/schema/index.ts';
import { customerSessionValid, SESSION_PERSON } from '../auth/session.ts';
import { AUTHENTICATED_CUSTOMER, toAuthenticatedCustomer, type AuthenticatedCustomer } from '../auth/guards.ts';
import { isId, randomId } from '../lib/ids.ts';
import type { CacheVersionState } from '../db/cache-version.ts';
import { StoreApiError } from '../http/errors.ts';

export type { SalesChannelInfo, StoreContext } from '../commerce/sales-channel-context.ts';
import type { LanguageInfo, SalesChannelInfo, StoreContext } from '../commerce/sales-channel-context.ts';
import { SHOPWARE_ERROR_CODES } from '../../contract/error-codes.ts';

export type StoreApiEnv = { Variables: { context: StoreContext } };

interface ChannelCacheEntry {
  channel: SalesChannelInfo;
  languages: LanguageInfo[];
}

/** How long a sales channel is kept at most, in milliseconds, beside its version (a backstop for unversioned writes). */
const CHANNEL_TTL_MS = 5 * 60_000;

/**
 * Loads the sales channel (domains, maintenance, configuration) and the languages for an access key, cached per
 * process as a snapshot of the `channel` version (backend/db/cache-version.ts): each entry records the version it
 * was loaded at and is a miss once `versions` holds a higher one, and the cache clears itself when that version
 * rises (the seed and every other write of a sales channel bump it). Entries also expire after `ttlMs` (default 5
 * minutes). Without `versions` only the TTL and `invalidate()` end an entry.
 */
export function createChannelCache(db: Db, options: { versions?: CacheVersionState; ttlMs?: number } = {}) {
  const { versions } = options;
  const ttlMs = options.ttlMs ?? CHANNEL_TTL_MS;
  const version = (): number => versions?.current().channel ?? 0;
  const cache = new Map<string, { at: number; version: number; value: Promise<ChannelCacheEntry | null> }>();
  async function load(accessKey: string): Promise<ChannelCacheEntry | null> {
    const [row] = await db.select().from(salesChannelTable).where(eq(salesChannelTable.accessKey, accessKey)).limit(1);
    if (!row) return null;
    const domains = await db
      .select()
      .from(salesChannelDomainTable)
      .where(eq(salesChannelDomainTable.salesChannelId, row.id));
    const languages = await db.select().from(languageTable);
    return {
      channel: {
        id: row.id,
        name: row.name,
        accessKey: row.accessKey,
        languageId: row.languageId,
        currencyId: row.currencyId,
        navigationCategoryId: row.navigationCategoryId,
        navigationCategoryDepth: row.navigationCategoryDepth,
        serviceCategoryId: row.serviceCategoryId,
        footerCategoryId: row.footerCategoryId,
        countriesCategoryId: row.countriesCategoryId,
        maintenance: row.maintenance,
        config: row.config,
        domains: domains
          .sort((a, b) => a.position - b.position)
          .map((d) => ({
            id: d.id,
            url: d.url,
            languageId: d.languageId,
            currencyId: d.currencyId,
            snippetSetId: d.snippetSetId,
            languageLabel: d.languageLabel,
            position: d.position,
          })),
      },
      languages: languages.map((l) => ({ id: l.id, name: l.name, localeCode: l.localeCode })),
    };
  }
  const channels = {
    get(accessKey: string): Promise<ChannelCacheEntry | null> {
      const hit = cache.get(accessKey);
      if (hit && hit.version === version() && Date.now() - hit.at < ttlMs) return hit.value;
      const entry = { at: Date.now(), version: version(), value: load(accessKey) };
      cache.set(accessKey, entry);
      entry.value.then(
        (v) => {
          if (!v && cache.get(accessKey) === entry) cache.delete(accessKey);
        },
        () => {
          if (cache.get(accessKey) === entry) cache.delete(accessKey);
        },
      );
      return entry.value;
    },
    /** Drops every entry: the next request of each access key loads it again. */
    invalidate(): void {
      cache.clear();
    },
  };
  versions?.subscribe((scope) => {
    if (scope === 'channel') channels.invalidate();
  });
  return channels;
}

export type ChannelCache = ReturnType<typeof createChannelCache>;

/** Lifetimes of logged-in contexts, in milliseconds, and the clock they are measured with. */
export interface SessionLifetime {
  idleMs: number;
  absoluteMs: number;
  touchMs: number;
  now: () => Date;
}

const HOUR = 60 * 60 * 1000;

/** Defaults: 7 days idle, 30 days absolute, activity recorded hourly. */
export const DEFAULT_SESSION_LIFETIME: SessionLifetime = {
  idleMs: 7 * 24 * HOUR,
  absoluteMs: 30 * 24 * HOUR,
  touchMs: HOUR,
  now: () => new Date(),
};

/** True when a logged-in context has been idle or alive too long at `now`. */
function sessionExpired(
  row: { createdAt: Date; updatedAt: Date },
  now: Date,
  lifetime: Pick<SessionLifetime, 'idleMs' | 'absoluteMs'> = DEFAULT_SESSION_LIFETIME,
): boolean {
  const t = now.getTime();
  return t - row.updatedAt.getTime() > lifetime.idleMs || t - row.createdAt.getTime() > lifetime.absoluteMs;
}

/** Hono middleware that sets `c.var.context` and the `sw-context-token` response header. */
export function contextMiddleware(
  db: Db,
  channels: ChannelCache,
  lifetime: SessionLifetime = DEFAULT_SESSION_LIFETIME,
): MiddlewareHandler<StoreApiEnv> {
  // The context and, for a logged-in one, its customer: built once and run as a named prepared statement (building
  // this select took about 0.25 ms of every request, CPU profile of a cart read; planning it once per connection).
  const contextByToken = db
    .select({ context: contextTable, person: SESSION_PERSON, customer: AUTHENTICATED_CUSTOMER })
    .from(contextTable)
    .leftJoin(customerTable, eq(customerTable.id, contextTable.customerId))
    .leftJoin(companyTable, eq(companyTable.id, customerTable.companyId))
    .where(eq(contextTable.token, sql.placeholder('token')))
    .limit(1)
    .prepare('store_api_context_by_token');
  return async (c, next) => {
    const accessKey = c.req.header('sw-access-key');
    const entry = accessKey ? await channels.get(accessKey) : null;
    if (!entry) {
      throw new StoreApiError(
        401,
        SHOPWARE_ERROR_CODES.FRAMEWORK__API_INVALID_ACCESS_KEY,
        'Access key is invalid and could not be identified.',
      );
    }
    const requested = c.req.header('sw-context-token');
    let token = requested && /^[A-Za-z0-9]{16,64}$/.test(requested) ? requested : '';
    let row: typeof contextTable.$inferSelect | undefined;
    let person: Parameters<typeof customerSessionValid>[3] = null;
    let customer: AuthenticatedCustomer | null = null;
    if (token) {
      // The context and, for a logged-in one, what the session check needs of its customer: one statement.
      const [found] = await contextByToken.execute({ token });
      row = found && found.context.salesChannelId === entry.channel.id ? found.context : undefined;
      person = found?.person ?? null;
      customer = toAuthenticatedCustomer(found?.customer);
    }
    if (row?.customerId) {
      const now = lifetime.now();
      if (
        sessionExpired(row, now, lifetime) ||
        (row.payload.punchOut !== undefined && Date.parse(row.payload.punchOut.expiresAt) <= now.getTime()) ||
        !(await customerSessionValid(db, row.customerId, row.payload, person))
      ) {
        await db.delete(contextTable).where(eq(contextTable.token, token));
        row = undefined;
        token = '';
      } else if (now.getTime() - row.updatedAt.getTime() > lifetime.touchMs) {
        await db.update(contextTable).set({ updatedAt: now }).where(eq(contextTable.token, token));
      }
    }
    const isNew = !token;
    if (!token) token = randomId();

    const languageHeader = c.req.header('sw-language-id');
    const languageId = languageHeader ?? row?.payload.languageId ?? entry.channel.languageId;
    const language = entry.languages.find((l) => l.id === languageId);
    if (!language || (languageHeader !== undefined && !isId(languageHeader))) {
      throw new StoreApiError(
        412,
        SHOPWARE_ERROR_CODES.FRAMEWORK__LANGUAGE_NOT_FOUND,
        `The language "${languageId}" was not found.`,
        {
          parameters: { languageId },
        },
      );
    }
    c.set('context', {
      token,
      isNew,
      persisted: Boolean(row),
      salesChannel: entry.channel,
      language,
      languages: entry.languages,
      currencyId: row?.payload.currencyId ?? entry.channel.currencyId,
      countryId: row?.payload.countryId ?? null,
      shippingMethodId: row?.payload.shippingMethodId ?? null,
      paymentMethodId: row?.payload.paymentMethodId ?? null,
      customerId: row?.customerId ?? null,
      ...(row?.customerId && customer?.id === row.customerId ? { customer } : {}),
      ...(row?.customerId && row.payload.punchOut ? { punchOut: row.payload.punchOut } : {}),
    });
    await next();
    if (!c.res.headers.has('sw-context-token')) c.header('sw-context-token', c.get('context').token);
  };
}
