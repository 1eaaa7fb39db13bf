/**
 * Resolving the quick order's lines before anything goes into the cart: every article number or EAN is looked up
 * through the Store API (Shopware's `POST /product` with `equalsAny` filters on `productNumber` and `ean`), every
 * number that is neither is then looked up as the company's own article number (`POST …/article-links/info`
 * { customerSkus } → productNumbers, only for a customer holding ROLE_MANAGE_ARTICLE_LINKS, docs/decisions/017) and
 * its article like an article number; every quantity is checked against the product's purchase rules
 * (src/lib/quantity.ts: at least `minPurchase`, at most `maxPurchase`, on the grid `minPurchase + k × purchaseSteps`, in two-decimal integer arithmetic). Lines that pass
 * become Shopware `addLineItem` items; every other line is reported with its reason, none is left out.
 */
import * as v from 'valibot';
import {
  addToCart,
  lineItemErrors,
  productLineItems,
  updateLineItems,
  type CartError,
  type CartItemToAdd,
} from '../../lib/cart/cart-store.ts';
import { normaliseQuantity, parseQuantity, validateQuantity, type QuantityRules } from '../../lib/quantity.ts';
import { fetchArticleLinkInfo } from '../../lib/article-links.ts';
import { invoke } from '../../lib/store-api/browser.ts';
import type { StoreApiRequest } from '../../lib/store-api/types.ts';
import type { QuickOrderLine } from './quick-order-input.ts';

/** Articles asked for per product call: with their upper-case spellings at most 200 values per `equalsAny`. */
export const LOOKUP_CHUNK = 100;

const nullishString = v.nullish(v.string());
const ProductSchema = v.object({
  id: v.string(),
  parentId: nullishString,
  productNumber: v.string(),
  ean: nullishString,
  name: nullishString,
  translated: v.nullish(v.object({ name: nullishString })),
  minPurchase: v.nullish(v.number()),
  maxPurchase: v.nullish(v.number()),
  purchaseSteps: v.nullish(v.number()),
  available: v.nullish(v.boolean()),
  childCount: v.nullish(v.number()),
});
/**
 * A product of the lookup answer as far as the quick order reads it: Shopware's product entity trimmed by the
 * criteria's `includes` below the fields `Schemas['Product']` requires, so each element is read with ProductSchema.
 */
export type QuickOrderProduct = v.InferOutput<typeof ProductSchema>;

/** Why a line cannot go into the cart. */
export type RowProblem =
  | { reason: 'articleMissing' | 'notFound' | 'ambiguous' | 'variantRequired' | 'notAvailable' }
  | { reason: 'duplicate'; firstRow: number }
  | { reason: 'quantityInvalid' | 'belowMin' | 'aboveMax' | 'offStep'; rules: QuantityRules; suggested: number };

/** A line with its 1-based row number in the form. */
export interface NumberedLine {
  row: number;
  line: QuickOrderLine;
}

/** A line that can go into the cart. */
export interface AcceptedRow extends NumberedLine {
  product: QuickOrderProduct;
  quantity: number;
}

/** A line that cannot, and why. */
export interface RejectedRow extends NumberedLine {
  problem: RowProblem;
}

/** A row whose article was found by the company's own article number. */
export interface CustomerSkuRow {
  row: number;
  /** The number as typed: the customer's own. */
  customerSku: string;
  /** The supplier article number it names. */
  productNumber: string;
}

export interface Resolution {
  accepted: AcceptedRow[];
  rejected: RejectedRow[];
  /** The rows (accepted or not) whose article was found by the customer's own number, in row order. */
  byCustomerSku: CustomerSkuRow[];
}

/**
 * Criteria of one lookup: active products whose number or EAN is one of `values`, each list in Shopware's
 * pipe-separated form of an `equalsAny` value.
 */
export function lookupCriteria(values: string[]): StoreApiRequest<'readProduct post /product'>['body'] {
  return {
    limit: 500,
    'total-count-mode': 'none',
    filter: [
      {
        type: 'multi',
        operator: 'or',
        queries: [
          { type: 'equalsAny', field: 'productNumber', value: values.join('|') },
          { type: 'equalsAny', field: 'ean', value: values.join('|') },
        ],
      },
    ],
    includes: {
      product: [
        'id',
        'parentId',
        'productNumber',
        'ean',
        'name',
        'translated',
        'minPurchase',
        'maxPurchase',
        'purchaseSteps',
        'available',
        'childCount',
      ],
    },
  };
}

/**
 * Looks up the products whose article number or EAN is one of `articles`: POST `/store-api/product` (Shopware's
 * `readProduct`) per {@link LOOKUP_CHUNK} articles, each asked as typed and in upper case (article numbers are
 * stored in upper case; the filter compares exactly). Malformed elements are left out.
 *
 * @throws StoreApiClientError when a call answers non-2xx; network errors and aborts propagate.
 */
export async function lookupProducts(articles: readonly string[], signal?: AbortSignal): Promise<QuickOrderProduct[]> {
  // A '|' would split the value list; no article number or EAN holds one.
  const distinct = [
    ...new Set(articles.filter((a) => !a.includes('|')).flatMap((article) => [article, article.toUpperCase()])),
  ];
  const found: QuickOrderProduct[] = [];
  for (let start = 0; start < distinct.length; start += LOOKUP_CHUNK * 2) {
    const answer = await invoke('readProduct post /product', {
      body: lookupCriteria(distinct.slice(start, start + LOOKUP_CHUNK * 2)),
      ...(signal ? { signal } : {}),
    });
    for (const element of answer.elements) {
      const result = v.safeParse(ProductSchema, element);
      if (result.success) found.push(result.output);
    }
  }
  return found;
}

/** What `lookupArticles` found: the products and, by typed customer number, the supplier article number it names. */
export interface ArticleLookup {
  products: QuickOrderProduct[];
  customerSkus: Map<string, string>;
}

/**
 * Looks up `articles` as article numbers and EANs (`lookupProducts`); with `byCustomerSku` (the customer holds
 * ROLE_MANAGE_ARTICLE_LINKS) the ones found neither way are then asked as the company's own numbers in one
 * `article-links/info` call, and the articles they name are looked up by article number as well.
 *
 * @throws StoreApiClientError when a call answers non-2xx; network errors and aborts propagate.
 */
export async function lookupArticles(
  articles: readonly string[],
  byCustomerSku: boolean,
  signal?: AbortSignal,
): Promise<ArticleLookup> {
  const products = await lookupProducts(articles, signal);
  const customerSkus = new Map<string, string>();
  const unknown = byCustomerSku ? articles.filter((article) => article && match(article, products) === null) : [];
  if (unknown.length === 0) return { products, customerSkus };
  const { productNumbers } = await fetchArticleLinkInfo({ customerSkus: unknown }, signal);
  for (const article of unknown) {
    const productNumber = productNumbers[article.trim()];
    if (productNumber !== undefined) customerSkus.set(article, productNumber);
  }
  const missing = [...new Set(customerSkus.values())].filter(
    (number) => !products.some((product) => product.productNumber.toUpperCase() === number.toUpperCase()),
  );
  if (missing.length > 0) products.push(...(await lookupProducts(missing, signal)));
  return { products, customerSkus };
}

/** The purchase rules of a product (Shopware's `minPurchase`, `maxPurchase`, `purchaseSteps`). */
export function quantityRules(product: QuickOrderProduct): QuantityRules {
  return { min: product.minPurchase ?? 1, max: product.maxPurchase ?? null, step: product.purchaseSteps ?? 1 };
}

/** The product a typed article names: its article number (any case) first, else its EAN; several EAN hits are ambiguous. */
function match(article: string, products: readonly QuickOrderProduct[]): QuickOrderProduct | 'ambiguous' | null {
  const upper = article.toUpperCase();
  const byNumber = products.find((product) => product.productNumber.toUpperCase() === upper);
  if (byNumber) return byNumber;
  const byEan = products.filter((product) => product.ean === article);
  if (byEan.length > 1) return 'ambiguous';
  return byEan[0] ?? null;
}

/** The quantity problem of a typed quantity, or the quantity when it is valid. */
function checkQuantity(text: string, rules: QuantityRules): number | RowProblem {
  const quantity = parseQuantity(text);
  if (quantity === null || quantity <= 0) {
    return { reason: 'quantityInvalid', rules, suggested: normaliseQuantity(null, rules) };
  }
  if (validateQuantity(quantity, rules) === null) return quantity;
  const suggested = normaliseQuantity(quantity, rules);
  if (quantity < rules.min) return { reason: 'belowMin', rules, suggested };
  if (rules.max !== null && quantity > rules.max) return { reason: 'aboveMax', rules, suggested };
  return { reason: 'offStep', rules, suggested };
}

/**
 * Checks `lines` against the products `lookupArticles` found for them, in row order; an article found neither by
 * article number nor by EAN is taken as the customer's own number when `customerSkus` names its article number.
 * A line is rejected when its
 * article is empty, unknown, an EAN of several products, a product with variants (a parent cannot be ordered),
 * not available, the same product as an earlier row, or when its quantity is not a positive number, below the
 * minimum, above the maximum or off the purchase steps (then with the nearest valid quantity as `suggested`).
 */
export function resolveLines(
  lines: readonly NumberedLine[],
  products: readonly QuickOrderProduct[],
  customerSkus: ReadonlyMap<string, string> = new Map(),
): Resolution {
  const accepted: AcceptedRow[] = [];
  const rejected: RejectedRow[] = [];
  const byCustomerSku: CustomerSkuRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, line } of lines) {
    const reject = (problem: RowProblem) => rejected.push({ row, line, problem });
    if (line.article === '') {
      reject({ reason: 'articleMissing' });
      continue;
    }
    let product = match(line.article, products);
    const linked = product === null ? customerSkus.get(line.article) : undefined;
    if (linked !== undefined) {
      product = match(linked, products);
      if (product !== null) byCustomerSku.push({ row, customerSku: line.article, productNumber: linked });
    }
    if (product === null) reject({ reason: 'notFound' });
    else if (product === 'ambiguous') reject({ reason: 'ambiguous' });
    else if ((product.childCount ?? 0) > 0) reject({ reason: 'variantRequired' });
    else if (product.available === false) reject({ reason: 'notAvailable' });
    else if (firstRowOf.has(product.id)) reject({ reason: 'duplicate', firstRow: firstRowOf.get(product.id)! });
    else {
      firstRowOf.set(product.id, row);
      const quantity = checkQuantity(line.quantity, quantityRules(product));
      if (typeof quantity === 'number') accepted.push({ row, line, product, quantity });
      else reject(quantity);
    }
  }
  return { accepted, rejected, byCustomerSku };
}

/** Shopware `addLineItem` items of the accepted rows: the product id as line id and `referencedId`. */
export function cartItems(accepted: readonly AcceptedRow[]): CartItemToAdd[] {
  return accepted.map(({ product, quantity }) => ({
    id: product.id,
    referencedId: product.id,
    type: 'product',
    quantity,
  }));
}

/** A cart error (warning or error) on the line of an added row, e.g. a backorder beyond the stock. */
export interface CartNote extends NumberedLine {
  error: CartError;
}

/**
 * Puts the accepted rows into the cart in one `addToCart` call, then, only when rows carry a remark, writes the
 * remarks to their lines in one `updateLineItems` call (the line keeps the quantity the cart answered). Returns the
 * cart's warnings and errors (level 10 and 20) on the added lines, per row.
 *
 * @throws StoreApiClientError as the cart store's calls do (e.g. 403 without a session).
 */
export async function addAcceptedRows(accepted: readonly AcceptedRow[]): Promise<CartNote[]> {
  let cart = await addToCart(cartItems(accepted));
  const remarks = accepted.flatMap(({ product, line }) => {
    const cartLine = productLineItems(cart).find((item) => item.id === product.id);
    return line.remark && cartLine?.quantity
      ? [{ id: cartLine.id, quantity: cartLine.quantity, remark: line.remark }]
      : [];
  });
  if (remarks.length > 0) cart = await updateLineItems(remarks);
  return accepted.flatMap(({ row, line, product }) =>
    lineItemErrors(cart, product.id)
      .filter((error) => error.level >= 10)
      .map((error) => ({ row, line, error })),
  );
}
