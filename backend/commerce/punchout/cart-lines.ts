/**
 * The lines of a calculated cart as punch-out documents carry them (./punchout-line.ts PunchOutLine): what OCI's
 * NEW_ITEM fields and cXML's ItemIn elements are written from.
 *
 * Prices: the cart prices a line by its tier's exact unit price (2 to 5 decimals of EUR,
 * backend/commerce/cart/cart-model.ts). A punch-out document states a price per price unit in whole cents: the price
 * unit is the smallest of 1, 10, 100, 1,000 and 10,000 order units whose price is whole cents (OCI `PRICEUNIT`, SAP OCI
 * 4.0 inbound section; cXML `PriceBasisQuantity`), so fasteners priced at 0.0345 EUR a piece travel as 3.45 EUR per
 * 100 instead of a rounded 0.03.
 */
import { sql } from 'drizzle-orm';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { textArray } from '../../db/sql-params.ts';
import { translateField } from '../../lib/translate.ts';
import { customerSkuSelect, toCustomerSkuMap } from '../article-links/lookup.ts';
import type { CartLineModel } from '../cart/cart-model.ts';
import type { PunchOutLine } from './punchout-line.ts';

/** Price units a line may be quoted per (module comment). */
const PRICE_UNITS = [1, 10, 100, 1000, 10000] as const;

/**
 * A unit price (decimal string of EUR, up to 5 decimals) as a price per price unit in whole cents.
 *
 * @returns `{ cents, priceUnit }`: the price of `priceUnit` order units in cents.
 * @throws RangeError for a string that is not a non-negative decimal.
 */
export function pricePerUnit(unitPrice: string): { cents: bigint; priceUnit: number } {
  const match = /^(\d+)(?:\.(\d{1,5}))?$/.exec(unitPrice);
  if (!match) throw new RangeError(`not a price: ${unitPrice}`);
  const fraction = (match[2] ?? '').padEnd(5, '0');
  // The price in 1/100,000 EUR (cents × 1,000).
  const micro = BigInt(match[1]!) * 100_000n + BigInt(fraction);
  for (const priceUnit of PRICE_UNITS) {
    const scaled = micro * BigInt(priceUnit);
    if (scaled % 1000n === 0n) return { cents: scaled / 1000n, priceUnit };
  }
  return { cents: (micro * 10_000n) / 1000n, priceUnit: 10_000 };
}

interface ProductExtra {
  id: string;
  translated: Record<string, { name?: string; description?: string }>;
  ean: string | null;
  manufacturer_number: string | null;
  manufacturer_name: Record<string, { name?: string }> | null;
  custom_fields: { classifications?: { system: string; code: string; name?: string | null }[] } | null;
  delivery_time_max: number | null;
  delivery_time_unit: string;
}

/** Plain text of an HTML description: tags dropped, entities of the common kind decoded, whitespace collapsed. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Working days of a delivery time (weeks × 5). */
function leadTimeDays(max: number | null, unit: string): number | null {
  if (max === null) return null;
  if (unit === 'week') return max * 5;
  if (unit === 'month') return max * 21;
  return max;
}

/** What a line needs of the cart's calculation. */
export type PricedLine = Pick<
  CartLineModel,
  'productId' | 'productNumber' | 'label' | 'quantity' | 'unitPrice' | 'totalCents' | 'unit'
>;

export interface PunchOutLinesOptions {
  /** Locale of the session (texts). */
  locale: string;
  /** Absolute base URL of the storefront the session shops on (product links), without trailing slash. */
  storefrontUrl: string | null;
}

/**
 * The punch-out lines of a calculated cart, in the cart's order.
 *
 * @param lines the calculated cart's product lines (promotions and shipping are not lines of a punch-out cart: the
 *   procurement system orders the goods, the order is priced again when it arrives), or lines priced like them
 *   (OCI VALIDATE and BACKGROUND_SEARCH).
 */
export async function punchOutLinesOf(
  db: Db,
  lines: readonly PricedLine[],
  customer: AuthenticatedCustomer,
  options: PunchOutLinesOptions,
): Promise<PunchOutLine[]> {
  if (lines.length === 0) return [];
  const ids = lines.map((l) => l.productId);
  const extras = await queryRows<ProductExtra>(
    db,
    sql`SELECT p.id, p.translated, p.ean, p.manufacturer_number, m.translated AS manufacturer_name,
               p.custom_fields, p.delivery_time_max, p.delivery_time_unit
          FROM product p LEFT JOIN product_manufacturer m ON m.id = p.manufacturer_id
         WHERE p.id = ANY(${textArray(ids)})`,
  );
  const byId = new Map(extras.map((e) => [e.id, e]));
  const skuSelect = customerSkuSelect(customer, textArray(ids));
  const customerSkus = skuSelect
    ? toCustomerSkuMap(await queryRows<{ product_id: string; customer_sku: string }>(db, skuSelect))
    : new Map<string, string>();
  return lines.map((line) => {
    const extra = byId.get(line.productId);
    const { cents, priceUnit } = pricePerUnit(line.unitPrice);
    const description = extra ? (translateField(extra.translated, options.locale, 'description') ?? '') : '';
    const manufacturer = extra?.manufacturer_name
      ? (translateField(extra.manufacturer_name, options.locale, 'name') ?? null)
      : null;
    return {
      productId: line.productId,
      productNumber: line.productNumber,
      name: line.label,
      description: plainText(description),
      quantity: line.quantity,
      unitPrice: cents,
      priceUnit,
      totalPrice: BigInt(line.totalCents),
      currency: 'EUR',
      unit: line.unit,
      leadTimeDays: extra ? leadTimeDays(extra.delivery_time_max, extra.delivery_time_unit) : null,
      manufacturerName: manufacturer,
      manufacturerNumber: extra?.manufacturer_number ?? null,
      ean: extra?.ean ?? null,
      classifications: (extra?.custom_fields?.classifications ?? [])
        .filter((c) => c.system === 'ECLASS' || c.system === 'UNSPSC')
        .map((c) => ({ system: c.system as 'ECLASS' | 'UNSPSC', code: c.code, name: c.name ?? null })),
      customerProductNumber: customerSkus.get(line.productId) ?? null,
      productUrl: options.storefrontUrl ? `${options.storefrontUrl}/detail/${line.productId}` : null,
      imageUrl: null,
    };
  });
}
