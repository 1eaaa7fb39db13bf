/**
 * Live prices and stock for logged-in buyers. Prices and stock figures show only to a logged-in customer holding
 * ROLE_VIEW_PRICES; the catalogue HTML stays the same for everyone and the storefront's islands ask this endpoint
 * for the figures after load (docs/decisions/005-cacheable-anonymous-catalogue.md):
 *
 * `POST /store-api/{provider}/article/information` body `{ articles: [{ sku, quantity }] }` (1–100 articles; `sku` is
 * the supplier article number, `quantity` in order units, default 1) answers
 * `{ articles: [{ article, price, quantity, minSalesQuantity, purchaseSteps, uom, deliveryTime, restockTime }] }`:
 *
 * - `price`: net price of ONE order unit at the tier that applies to `quantity` (BMEcat LOWER_BOUND; customer price
 *   over list price, see backend/lib/price.ts), as a decimal string with at least 2 decimals (more only when the unit
 *   price has them, e.g. "0.014" for 1.40 per 100); null when the customer lacks ROLE_VIEW_PRICES or the article
 *   has no valid price;
 * - `quantity`: pieces in stock; null when the customer lacks ROLE_VIEW_PRICES; `minSalesQuantity`, `purchaseSteps`: purchase rules in pieces; `uom`: order unit
 *   (UN/ECE Rec 20); `deliveryTime { min, max, unit }` or null; `restockTime` in days or null.
 *
 * Unknown, inactive or repeated skus are left out. Anonymous callers get 403 `CHECKOUT__CUSTOMER_NOT_LOGGED_IN`.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Hono } from 'hono';
import {
  type ArticleInformation,
  type ArticleInformationResponse,
  type DeliveryTimeUnit,
} from '../../../contract/provider/article-information.ts';
import { requireCustomer } from '../../auth/guards.ts';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { productPriceTable, productTable } from '../../db/schema/index.ts';
import type { StoreApiEnv } from '../context.ts';
import { formatUnitPrice, netTiers } from '../../lib/price.ts';
import { providerRoute } from '../../http/provider-route.ts';

export interface ArticleDeps {
  db: Db;
  config: BackendConfig;
}

/**
 * The delivery time of an article: `{ min, max, unit }` with a missing bound taken from the other, or null when the
 * article has neither. The unit column holds one of the contract's DELIVERY_TIME_UNITS (day unless the catalogue
 * says otherwise).
 */
function deliveryTime(min: number | null, max: number | null, unit: string): ArticleInformation['deliveryTime'] {
  const lower = min ?? max;
  const upper = max ?? min;
  if (lower === null || upper === null) return null;
  return { min: lower, max: upper, unit: unit as DeliveryTimeUnit };
}

/** Registers the article information route on the app (see the module comment). */
export function registerArticleRoutes(app: Hono<StoreApiEnv>, deps: ArticleDeps): void {
  const { db, config } = deps;

  providerRoute(app, config.provider, 'readArticleInformation', async (c) => {
    const customer = await requireCustomer(c, db);
    const body = c.req.valid('json');
    const requested = new Map<string, number>();
    for (const a of body.articles) if (!requested.has(a.sku)) requested.set(a.sku, a.quantity);
    const skus = [...requested.keys()];
    const products = await db
      .select({
        id: productTable.id,
        productNumber: productTable.productNumber,
        stock: productTable.stock,
        minPurchase: productTable.minPurchase,
        purchaseSteps: productTable.purchaseSteps,
        unit: productTable.unit,
        deliveryTimeMin: productTable.deliveryTimeMin,
        deliveryTimeMax: productTable.deliveryTimeMax,
        deliveryTimeUnit: productTable.deliveryTimeUnit,
        restockTime: productTable.restockTime,
        taxRate: productTable.taxRate,
      })
      .from(productTable)
      .where(and(inArray(productTable.productNumber, skus), eq(productTable.active, true)));
    const viewPrices = customer.rights.has('ROLE_VIEW_PRICES');
    const prices =
      viewPrices && products.length
        ? await db
            .select()
            .from(productPriceTable)
            .where(
              inArray(
                productPriceTable.productId,
                products.map((p) => p.id),
              ),
            )
        : [];
    const bySku = new Map(products.map((p) => [p.productNumber, p]));
    const now = new Date();
    const articles = skus.flatMap((sku): ArticleInformation[] => {
      const p = bySku.get(sku);
      if (!p) return [];
      const quantity = requested.get(sku) ?? 1;
      let price: string | null = null;
      if (viewPrices) {
        const rows = prices
          .filter((r) => r.productId === p.id)
          .map((r) => ({ ...r, priceQuantity: r.priceQuantity ?? '1' }));
        const tier = netTiers(rows, p.taxRate, 'EUR', now)
          .filter((t) => t.lowerBound <= Math.max(1, quantity))
          .at(-1);
        price = tier ? formatUnitPrice(tier.unit) : null;
      }
      return [
        {
          article: p.productNumber,
          price,
          quantity: viewPrices ? p.stock : null,
          minSalesQuantity: p.minPurchase,
          purchaseSteps: p.purchaseSteps,
          uom: p.unit,
          deliveryTime: deliveryTime(p.deliveryTimeMin, p.deliveryTimeMax, p.deliveryTimeUnit),
          restockTime: p.restockTime,
          apiAlias: 'article_information',
        },
      ];
    });
    c.header('cache-control', 'private, no-store');
    return { articles } satisfies ArticleInformationResponse;
  });
}
