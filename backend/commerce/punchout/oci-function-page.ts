/**
 * OCI's background functions (SAP OCI 4.0 outbound section, FUNCTION), answered on the call-up's own URL with the
 * page the procurement system reads, without a session:
 *
 * - VALIDATE (`PRODUCTID`, `QUANTITY`): the one item at its current price for that quantity (tier prices), as hidden
 *   `NEW_ITEM` fields auto-submitted to HOOK_URL, with no visible text or button; an unknown or discontinued product
 *   gives a page with no form at all (the SRM then knows the item is gone).
 * - BACKGROUND_SEARCH (`SEARCHSTRING`): every hit up to `OCI_BACKGROUND_SEARCH_MAX_HITS` as `NEW_ITEM` fields in the
 *   first HTML, not submitted (the SRM server parses the page), no pagination; an empty term gives zero items.
 */
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { manufacturerTable } from '../../db/schema/index.ts';
import { formatUnitPrice, lineTotalCents, unitPriceForQuantity } from '../../lib/price.ts';
import { isId } from '../../lib/ids.ts';
import { planSearch } from '../../search/route-query.ts';
import { searchProductIds } from '../../search/product-search.ts';
import { loadPrices, loadProducts } from '../catalog/product.repository.ts';
import { isOrderable } from '../catalog/orderable.ts';
import { translateField } from '../../lib/translate.ts';
import { renderAutoSubmitPage, type AutoSubmitPageInput } from './auto-submit-form.ts';
import { punchOutLinesOf, type PricedLine } from './cart-lines.ts';
import type { OciConfig } from './config.ts';
import type { OciCallUp } from './oci/call-up.ts';
import {
  OCI_BACKGROUND_SEARCH_MAX_HITS,
  ociBackgroundSearchPage,
  ociSearchTerm,
  ociValidatePage,
  ociValidateQuantity,
} from './oci/functions.ts';
import { transferPolicy } from './transfer.ts';

export interface OciFunctionInput {
  kind: 'VALIDATE' | 'BACKGROUND_SEARCH';
  callUp: OciCallUp;
  config: OciConfig;
  /** The configuration's user (company and rights: article links). */
  customer: AuthenticatedCustomer;
  locale: string;
  storefrontUrl: string;
  now: Date;
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
    cap: OCI_BACKGROUND_SEARCH_MAX_HITS,
    brands: brands.map((b) => ({ id: b.id, name: translateField(b.translated, locale, 'name') ?? '' })),
  });
  return result.ids.slice(0, OCI_BACKGROUND_SEARCH_MAX_HITS);
}

/**
 * The page of a VALIDATE or BACKGROUND_SEARCH call-up (module comment), with its Content-Security-Policy.
 *
 * @throws PunchOutInputError for a QUANTITY that is not a positive OCI number, or a line the buyer cannot take.
 */
export async function ociFunctionPageFor(
  db: Db,
  input: OciFunctionInput,
): Promise<{ body: Buffer; contentType: string; contentSecurityPolicy: string }> {
  const { callUp, config, locale, now } = input;
  const options = { locale, storefrontUrl: input.storefrontUrl };
  let page: AutoSubmitPageInput;
  if (input.kind === 'VALIDATE') {
    const quantity = ociValidateQuantity(callUp);
    const productId = (callUp.productId ?? '').trim().toLowerCase();
    const priced = isId(productId) ? await pricedLines(db, [productId], quantity, locale, now) : [];
    const [line] = await punchOutLinesOf(db, priced, input.customer, options);
    page = ociValidatePage(line ?? null, config.settings, callUp);
  } else {
    const term = ociSearchTerm(callUp);
    const ids = term === null ? [] : await searchHits(db, term.slice(0, 200), locale);
    const priced = await pricedLines(db, ids, 1, locale, now);
    page = ociBackgroundSearchPage(await punchOutLinesOf(db, priced, input.customer, options), config.settings, callUp);
  }
  const rendered = renderAutoSubmitPage(page);
  return {
    body: rendered.body,
    contentType: rendered.contentType,
    contentSecurityPolicy: transferPolicy(page.action ?? '', rendered.scriptHashes),
  };
}
