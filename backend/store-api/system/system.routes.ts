/**
 * Sales-channel endpoints (Shopware ContextRoute, LanguageRoute, CurrencyRoute):
 * - `GET /store-api/context`: the SalesChannelContext of the caller's `sw-context-token` (net prices, the B2B
 *   customer group shows net: `displayGross: false`);
 * - `GET|POST /store-api/language`: the channel's languages (criteria `ids`, `page`, `limit`);
 * - `GET|POST /store-api/currency`: its currencies (EUR).
 * The customer of a logged-in context is filled in by the account area; here `customer` is null.
 */
import { queryRows } from '../../db/client.ts';
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { stableId } from '../../lib/ids.ts';
import type { StoreApiEnv } from '../context.ts';
import { pagination } from '../criteria.ts';
import { requestCriteria, type CatalogDeps } from '../deps.ts';
import { searchResult } from '../entities.ts';
import { applyIncludes } from '../includes.ts';
import { mapCurrency, mapLanguage, mapSalesChannel, rounding, type CurrencyRow } from './system.mapper.ts';

export function registerSystemRoutes(app: Hono<StoreApiEnv>, deps: CatalogDeps): void {
  async function currencies(): Promise<CurrencyRow[]> {
    return queryRows<CurrencyRow>(
      deps.db,
      sql`SELECT id, iso_code, symbol, name, decimal_precision, factor FROM currency ORDER BY iso_code`,
    );
  }

  app.get('/store-api/context', async (c) => {
    const ctx = c.get('context');
    const currency = (await currencies()).find((r) => r.id === ctx.currencyId);
    const decimals = Number(currency?.decimal_precision ?? 2);
    return c.json({
      token: ctx.token,
      currentCustomerGroup: { name: 'B2B', displayGross: false },
      fallbackCustomerGroup: { name: 'B2B', displayGross: false },
      ...(currency ? { currency: mapCurrency(currency) } : {}),
      salesChannel: mapSalesChannel(ctx),
      taxRules: [{ taxRate: 21, name: '21 %' }],
      customer: null,
      context: {
        versionId: stableId('version', 'live'),
        currencyId: ctx.currencyId,
        currencyFactor: 1,
        currencyPrecision: decimals,
        languageIdChain: [...new Set([ctx.language.id, ctx.salesChannel.languageId])],
        scope: 'user',
        source: { type: 'sales-channel', salesChannelId: ctx.salesChannel.id },
        taxState: 'net',
        useCache: true,
      },
      itemRounding: rounding(decimals),
      totalRounding: rounding(decimals),
      languageInfo: { name: ctx.language.name, localeCode: ctx.language.localeCode },
      apiAlias: 'sales_channel_context',
    });
  });

  app.on(['GET', 'POST'], '/store-api/language', async (c) => {
    const criteria = await requestCriteria(c);
    const ctx = c.get('context');
    const domainLanguages = new Set(ctx.salesChannel.domains.map((d) => d.languageId));
    let list = ctx.languages.filter((l) => domainLanguages.has(l.id) || l.id === ctx.salesChannel.languageId);
    if (criteria.ids) list = list.filter((l) => criteria.ids!.includes(l.id));
    const { page, limit, offset } = pagination(criteria, 100);
    const elements = list
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(offset, offset + limit)
      .map(mapLanguage);
    return c.json(applyIncludes(searchResult('language', elements, list.length, page, limit), criteria.includes));
  });

  app.on(['GET', 'POST'], '/store-api/currency', async (c) => {
    const criteria = await requestCriteria(c);
    const list = (await currencies()).map(mapCurrency);
    return c.json(applyIncludes(list, criteria.includes));
  });
}
