/**
 * OCI's background functions (SAP OCI 4.0 outbound section, FUNCTION), answered on the call-up's own URL with the
 * page the procurement system reads, without a session:
 *
 * - VALIDATE (`PRODUCTID`, `QUANTITY`): the one item at its current price for that quantity (tier prices), as hidden
 *   `NEW_ITEM` fields auto-submitted to HOOK_URL, with no visible text or button; an unknown or discontinued product
 *   gives a page with no form at all (the SRM then knows the item is gone).
 * - BACKGROUND_SEARCH (`SEARCHSTRING`): every hit up to `BACKGROUND_SEARCH_MAX_HITS` as `NEW_ITEM` fields in the
 *   first HTML, not submitted (the SRM server parses the page), no pagination; an empty term gives zero items.
 */
import { and, eq } from 'drizzle-orm';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { manufacturerTable, productTable } from '../../db/schema/index.ts';
import { formatUnitPrice, lineTotalCents, unitPriceForQuantity } from '../../lib/price.ts';
import { isId } from '../../lib/ids.ts';
import { planSearch } from '../../search/route-query.ts';
import { searchProductIds } from '../../search/product-search.ts';
import { loadPrices, loadProducts } from '../catalog/product.repository.ts';
import { isOrderable } from '../catalog/orderable.ts';
import { translateField } from '../../lib/translate.ts';
import { renderAutoSubmitPage } from './auto-submit-form.ts';
import { punchOutLinesOf, type PricedLine } from './cart-lines.ts';
import type { OciConfig } from './config.ts';
import type { OciCallUp } from './oci/call-up.ts';
import { ociFormTarget, ociResponseCharset } from './oci/call-up.ts';
import { ociItemFields } from './oci/fields.ts';
import { checkReturnUrl } from './return-url.ts';
import { transferPolicy } from './transfer.ts';

/** At most this many hits of a BACKGROUND_SEARCH (the SRM reads them all from one page). */
export const BACKGROUND_SEARCH_MAX_HITS = 50;

export interface OciFunctionInput {
  kind: 'VALIDATE' | 'BACKGROUND_SEARCH';
  callUp: OciCallUp;
  config: OciConfig;
  hookUrl: string;
  /** The configuration's user (company and rights: article links). */
  customer: AuthenticatedCustomer;
  locale: string;
  storefrontUrl: string;
  now: Date;
}

/** Parses OCI's QUANTITY (dot decimal, at most 3 decimals): 1 when absent or not a positive number. */
function quantityOf(raw: string | null | undefined): number {
  const value = Number((raw ?? '').trim());
  return Number.isFinite(value) && value > 0 ? Math.min(value, 1_000_000) : 1;
}

async function pricedLines(
  db: Db,
  ids: readonly string[],
  quantity: number,
  locale: string,
  now: Date,
): Promise<PricedLine[]> {
  if (ids.length === 0) return [];
  const products = await loadProducts(db, [...ids]);
  const parentIds = products.map((p) => p.parentId).filter((id): id is string => id !== null);
  const parents = new Map((parentIds.length ? await loadProducts(db, parentIds, false) : []).map((p) => [p.id, p]));
  const prices = await loadPrices(
    db,
    products.map((p) => p.id),
  );
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines: PricedLine[] = [];
  for (const id of ids) {
    const product = byId.get(id);
    if (!product) continue;
    const unit = unitPriceForQuantity(prices.get(id) ?? [], product.taxRate, quantity, 'EUR', now);
    const parent = product.parentId ? parents.get(product.parentId) : undefined;
    if (unit === undefined || !isOrderable(product, parent, unit)) continue;
    lines.push({
      productId: product.id,
      productNumber: product.productNumber,
      label: translateField(product.translated, locale, 'name') ?? product.productNumber,
      quantity,
      unitPrice: formatUnitPrice(unit),
      totalCents: lineTotalCents(unit, quantity),
      unit: product.unit,
    });
  }
  return lines;
}

async function searchHits(db: Db, term: string, locale: string): Promise<string[]> {
  const plan = planSearch(term);
  if (plan.shape === 'empty') return [];
  const brands = await db
    .select({ id: manufacturerTable.id, translated: manufacturerTable.translated })
    .from(manufacturerTable)
    .limit(2000);
  const result = await searchProductIds(db, plan, {
    locale,
    cap: BACKGROUND_SEARCH_MAX_HITS,
    brands: brands.map((b) => ({ id: b.id, name: translateField(b.translated, locale, 'name') ?? '' })),
  });
  return result.ids.slice(0, BACKGROUND_SEARCH_MAX_HITS);
}

/**
 * The page of a VALIDATE or BACKGROUND_SEARCH call-up (module comment), with its Content-Security-Policy.
 */
export async function ociFunctionPageFor(
  db: Db,
  input: OciFunctionInput,
): Promise<{ body: Buffer; contentType: string; contentSecurityPolicy: string }> {
  const { callUp, config, locale, now } = input;
  const charset = ociResponseCharset(callUp, config.settings);
  const target = ociFormTarget(callUp, config.settings);
  const hook = checkReturnUrl(input.hookUrl, config.settings.hookOrigins, { allowSapEvent: true });
  if (!hook.ok) throw new Error('HOOK_URL was checked before');
  let ids: string[] = [];
  let quantity = 1;
  if (input.kind === 'VALIDATE') {
    const productId = (callUp.productId ?? '').trim().toLowerCase();
    if (isId(productId)) {
      const [row] = await db
        .select({ id: productTable.id })
        .from(productTable)
        .where(and(eq(productTable.id, productId), eq(productTable.active, true)))
        .limit(1);
      if (row) ids = [row.id];
    }
    quantity = quantityOf(callUp.quantity);
  } else {
    ids = await searchHits(db, (callUp.searchString ?? '').trim().slice(0, 200), locale);
  }
  const priced = await pricedLines(db, ids, quantity, locale, now);
  const lines = await punchOutLinesOf(db, priced, input.customer, { locale, storefrontUrl: input.storefrontUrl });
  const noForm = input.kind === 'VALIDATE' && lines.length === 0;
  const page = renderAutoSubmitPage({
    action: hook.action,
    fields: noForm ? [] : [...hook.hidden, ...ociItemFields(lines, config.settings)],
    target,
    charset,
    autoSubmit: input.kind === 'VALIDATE' && !noForm,
    title: input.kind === 'VALIDATE' ? 'VALIDATE' : 'BACKGROUND_SEARCH',
    ...(noForm ? { noForm: true } : {}),
  });
  return {
    body: page.body,
    contentType: page.contentType,
    contentSecurityPolicy: transferPolicy(hook.action, page.scriptHashes),
  };
}
