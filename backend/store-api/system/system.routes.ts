/**
 * Sales-channel endpoints (Shopware ContextRoute, LanguageRoute, CurrencyRoute):
 * - `GET /store-api/context`: the SalesChannelContext of the caller's `sw-context-token` (net prices, the B2B
 *   customer group shows net: `displayGross: false`), with `shippingLocation.country`, `shippingMethod` and
 *   `paymentMethod` the context's choices (the sales channel's until one is made);
 * - `GET|POST /store-api/language`: the channel's languages (criteria `ids`, `page`, `limit`);
 * - `GET|POST /store-api/currency`: its currencies (EUR);
 * - `PATCH /store-api/context`: switches the context's checkout choices and language (Shopware ContextSwitchRoute),
 *   answering `{ contextToken }`: `shippingMethodId` and `paymentMethodId` must name active methods,
 *   `billingAddressId` and `shippingAddressId` addresses of the logged-in customer's company (anonymous callers: 403
 *   `CHECKOUT__CUSTOMER_NOT_LOGGED_IN`), `languageId` a language, `currencyId` a currency and `countryId` a country
 *   of the channel (system/country.routes.ts); any other id is the violation `ENTITY_DOES_NOT_EXIST` at its field. The choices are kept in the context's payload
 *   (an anonymous context is stored from then on).
 * The customer of a logged-in context is filled in by the account area; here `customer` is null.
 */
import { queryRows, type Db } from '../../db/client.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { ContextPatchRequestSchema } from '../../../contract/checkout.ts';
import { requireCustomer } from '../../auth/guards.ts';
import {
  companyAddressTable,
  contextTable,
  paymentMethodTable,
  shippingMethodTable,
  type ContextPayload,
} from '../../db/schema/index.ts';
import { violations } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { stableId } from '../../lib/ids.ts';
import type { StoreApiEnv } from '../context.ts';
import { pagination } from '../criteria.ts';
import { requestCriteria, type CatalogDeps } from '../deps.ts';
import { searchResult } from '../../http/entities.ts';
import { applyIncludes } from '../includes.ts';
import { mapPaymentMethod, mapShippingMethod } from '../../commerce/cart/methods.mapper.ts';
import { shopCountries } from './country.routes.ts';
import { FIXED_IDS, mapCurrency, mapLanguage, mapSalesChannel, rounding, type CurrencyRow } from '../system.mapper.ts';

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
    const countryId = ctx.countryId ?? FIXED_IDS.country;
    const country = shopCountries(ctx.language.localeCode).find((r) => r.id === countryId);
    const [[shipping], [payment]] = await Promise.all([
      deps.db
        .select()
        .from(shippingMethodTable)
        .where(eq(shippingMethodTable.id, ctx.shippingMethodId ?? FIXED_IDS.shippingMethod)),
      deps.db
        .select()
        .from(paymentMethodTable)
        .where(eq(paymentMethodTable.id, ctx.paymentMethodId ?? FIXED_IDS.paymentMethod)),
    ]);
    return c.json({
      token: ctx.token,
      currentCustomerGroup: { name: 'B2B', displayGross: false },
      fallbackCustomerGroup: { name: 'B2B', displayGross: false },
      ...(currency ? { currency: mapCurrency(currency) } : {}),
      salesChannel: mapSalesChannel(ctx),
      taxRules: [{ taxRate: 21, name: '21 %' }],
      customer: null,
      ...(country ? { shippingLocation: { country, apiAlias: 'cart_delivery_shipping_location' } } : {}),
      ...(shipping ? { shippingMethod: mapShippingMethod(shipping, ctx.language.localeCode) } : {}),
      ...(payment ? { paymentMethod: mapPaymentMethod(payment, ctx.language.localeCode) } : {}),
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

  app.patch('/store-api/context', validate('json', ContextPatchRequestSchema), async (c) => {
    const ctx = c.get('context');
    const body = c.req.valid('json');
    const missing: { pointer: string; code: string; detail: string }[] = [];
    const notExisting = (field: string, entity: string, id: string) =>
      missing.push({
        pointer: `/${field}`,
        code: 'ENTITY_DOES_NOT_EXIST',
        detail: `The ${entity} entity with id ${id} does not exist.`,
      });
    const change: ContextPayload = {};
    if (body.shippingMethodId !== undefined) {
      const id = body.shippingMethodId;
      if (await activeRow(deps.db, 'shipping', id)) change.shippingMethodId = id;
      else notExisting('shippingMethodId', 'shipping_method', id);
    }
    if (body.paymentMethodId !== undefined) {
      const id = body.paymentMethodId;
      if (await activeRow(deps.db, 'payment', id)) change.paymentMethodId = id;
      else notExisting('paymentMethodId', 'payment_method', id);
    }
    if (body.billingAddressId !== undefined || body.shippingAddressId !== undefined) {
      const customer = await requireCustomer(c, deps.db);
      for (const field of ['billingAddressId', 'shippingAddressId'] as const) {
        const id = body[field];
        if (id === undefined) continue;
        const [row] = await deps.db
          .select({ id: companyAddressTable.id })
          .from(companyAddressTable)
          .where(and(eq(companyAddressTable.id, id), eq(companyAddressTable.companyId, customer.companyId)));
        if (row) change[field] = id;
        else notExisting(field, 'customer_address', id);
      }
    }
    if (body.languageId !== undefined) {
      if (ctx.languages.some((l) => l.id === body.languageId)) change.languageId = body.languageId;
      else notExisting('languageId', 'language', body.languageId);
    }
    if (body.countryId !== undefined) {
      const id = body.countryId;
      if (shopCountries(ctx.language.localeCode).some((r) => r.id === id)) change.countryId = id;
      else notExisting('countryId', 'country', id);
    }
    if (body.currencyId !== undefined) {
      if ((await currencies()).some((r) => r.id === body.currencyId)) change.currencyId = body.currencyId;
      else notExisting('currencyId', 'currency', body.currencyId);
    }
    if (missing.length) throw violations(missing);
    if (ctx.persisted) {
      const [row] = await deps.db
        .select({ payload: contextTable.payload })
        .from(contextTable)
        .where(eq(contextTable.token, ctx.token));
      await deps.db
        .update(contextTable)
        .set({ payload: { ...(row?.payload ?? {}), ...change } })
        .where(eq(contextTable.token, ctx.token));
    } else {
      await deps.db
        .insert(contextTable)
        .values({ token: ctx.token, salesChannelId: ctx.salesChannel.id, customerId: null, payload: change })
        .onConflictDoNothing();
    }
    c.header('cache-control', 'private, no-store');
    return c.json({ contextToken: ctx.token });
  });
}

/** True when an active shipping or payment method has the id. */
async function activeRow(db: Db, kind: 'shipping' | 'payment', id: string): Promise<boolean> {
  const table = kind === 'shipping' ? shippingMethodTable : paymentMethodTable;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.active, true)));
  return row !== undefined;
}
