/**
 * Sales-channel endpoints (Shopware ContextRoute, LanguageRoute, CurrencyRoute):
 * - `GET /store-api/context`: the SalesChannelContext of the caller's `sw-context-token` (net prices, the B2B
 *   customer group shows net: `displayGross: false`);
 * - `GET|POST /store-api/language`: the channel's languages (criteria `ids`, `page`, `limit`);
 * - `GET|POST /store-api/currency`: its currencies (EUR).
 * The customer of a logged-in context is filled in by the account area; here `customer` is null.
 */
import { isLocaleCode, type LocaleCode } from '../../../contract/locales.ts';
import { queryRows } from '../../db/client.ts';
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { stableId } from '../../lib/ids.ts';
import type { StoreApiEnv, StoreContext } from '../context.ts';
import { pagination } from '../criteria.ts';
import { requestCriteria, type CatalogDeps } from '../deps.ts';
import { searchResult } from '../entities.ts';
import { applyIncludes } from '../includes.ts';

/** Shopware's `locale` entity of each language: English name and territory. */
const LOCALE_NAMES: Record<LocaleCode, { name: string; territory: string }> = {
  'de-DE': { name: 'German', territory: 'Germany' },
  'en-GB': { name: 'English', territory: 'United Kingdom' },
  'fr-FR': { name: 'French', territory: 'France' },
  'nl-NL': { name: 'Dutch', territory: 'Netherlands' },
};

/** Shopware ids of things the embedded backend has exactly one of (customer group, payment, shipping, country). */
export const FIXED_IDS = {
  customerGroup: stableId('customer-group', 'b2b'),
  paymentMethod: stableId('payment-method', 'invoice'),
  shippingMethod: stableId('shipping-method', 'standard'),
  country: stableId('country', 'BE'),
};

/** Shopware Language with its locale. */
export function mapLanguage(l: { id: string; name: string; localeCode: string }): Record<string, unknown> {
  const info = isLocaleCode(l.localeCode) ? LOCALE_NAMES[l.localeCode] : { name: l.name, territory: '' };
  const locale = {
    id: stableId('locale', l.localeCode),
    code: l.localeCode,
    name: info.name,
    territory: info.territory,
    translated: { name: info.name, territory: info.territory },
    apiAlias: 'locale',
  };
  return {
    id: l.id,
    name: l.name,
    localeId: locale.id,
    translationCodeId: locale.id,
    active: true,
    locale,
    translationCode: locale,
    apiAlias: 'language',
  };
}

interface CurrencyRow {
  id: string;
  iso_code: string;
  symbol: string;
  name: string;
  decimal_precision: number;
  factor: string;
}

function rounding(decimals: number) {
  return {
    decimals,
    interval: 0.01,
    roundForNet: true,
    apiAlias: 'shopware_core_framework_data_abstraction_layer_pricing_cash_rounding_config',
  };
}

function mapCurrency(r: CurrencyRow): Record<string, unknown> {
  const decimals = Number(r.decimal_precision);
  return {
    id: r.id,
    isoCode: r.iso_code,
    symbol: r.symbol,
    shortName: r.iso_code,
    name: r.name,
    factor: Number(r.factor),
    position: 1,
    isSystemDefault: r.iso_code === 'EUR',
    itemRounding: rounding(decimals),
    totalRounding: rounding(decimals),
    translated: { name: r.name, shortName: r.iso_code },
    apiAlias: 'currency',
  };
}

/** Shopware SalesChannel of a context, with its domains. */
export function mapSalesChannel(ctx: StoreContext): Record<string, unknown> {
  const ch = ctx.salesChannel;
  return {
    id: ch.id,
    name: ch.name,
    languageId: ch.languageId,
    currencyId: ch.currencyId,
    customerGroupId: FIXED_IDS.customerGroup,
    paymentMethodId: FIXED_IDS.paymentMethod,
    shippingMethodId: FIXED_IDS.shippingMethod,
    countryId: FIXED_IDS.country,
    navigationCategoryId: ch.navigationCategoryId,
    navigationCategoryDepth: ch.navigationCategoryDepth,
    ...(ch.serviceCategoryId ? { serviceCategoryId: ch.serviceCategoryId } : {}),
    ...(ch.footerCategoryId ? { footerCategoryId: ch.footerCategoryId } : {}),
    active: true,
    maintenance: ch.maintenance,
    taxCalculationType: 'horizontal',
    configuration: ch.config,
    customFields: { countriesCategoryId: ch.countriesCategoryId },
    translated: { name: ch.name },
    domains: ch.domains.map((d) => ({ ...d, salesChannelId: ch.id, apiAlias: 'sales_channel_domain' })),
    apiAlias: 'sales_channel',
  };
}

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
