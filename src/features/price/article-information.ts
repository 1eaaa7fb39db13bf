/**
 * Prices, stock and delivery times for logged-in buyers (spec §3 "Price/stock record per article", §6 "Prices,
 * detailed stock and delivery times show only when logged in", §9 "Article information timeout 30 s"): one POST
 * `/store-api/werkbank/article/information` with every product number on the page, shared by all price islands.
 */
import { atom } from 'nanostores';
import * as v from 'valibot';
import { providerPath, storeApi } from '../../lib/store-api/browser.ts';

/** Spec §9: "Article information timeout 30 s", in milliseconds. */
export const ARTICLE_INFORMATION_TIMEOUT_MS = 30_000;

/** Delivery time as the backend may give it: days, a text, or Shopware's {min, max, unit}. */
const DeliveryTimeSchema = v.nullish(
  v.union([
    v.number(),
    v.string(),
    v.object({
      min: v.nullish(v.number()),
      max: v.nullish(v.number()),
      unit: v.nullish(v.string()),
      name: v.nullish(v.string()),
    }),
  ]),
);
const NumberLike = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.decimal())]),
  v.transform((x) => Number(x)),
);
const ArticleSchema = v.object({
  article: v.string(),
  price: v.nullish(NumberLike),
  quantity: v.nullish(NumberLike),
  minSalesQuantity: v.nullish(NumberLike),
  purchaseSteps: v.nullish(NumberLike),
  uom: v.nullish(v.string()),
  deliveryTime: DeliveryTimeSchema,
  restockTime: v.nullish(NumberLike),
});
const ResponseSchema = v.object({ articles: v.array(v.unknown()) });

export type ArticleInformation = v.InferOutput<typeof ArticleSchema>;

/** Loaded records by product number; `null` before loading, `'error'` when the call failed. */
export const $articleInformation = atom<Map<string, ArticleInformation> | null | 'error'>(null);

/**
 * Parses the response; records that do not match the schema are skipped.
 *
 * @throws valibot's ValiError when the body has no `articles` list.
 */
export function parseArticleInformation(body: unknown): Map<string, ArticleInformation> {
  const { articles } = v.parse(ResponseSchema, body);
  const out = new Map<string, ArticleInformation>();
  for (const raw of articles) {
    const parsed = v.safeParse(ArticleSchema, raw);
    if (parsed.success) out.set(parsed.output.article, parsed.output);
  }
  return out;
}

/** Most articles one article-information request carries (the backend's limit). */
export const MAX_ARTICLES_PER_REQUEST = 100;

/**
 * The product numbers of every price slot on the page (`[data-price-slot][data-product-number]`), distinct, at most
 * MAX_ARTICLES_PER_REQUEST.
 */
export function productNumbersOnPage(root: ParentNode = document): string[] {
  const numbers = [...root.querySelectorAll<HTMLElement>('[data-price-slot][data-product-number]')]
    .map((el) => el.dataset.productNumber ?? '')
    .filter(Boolean);
  return [...new Set(numbers)].slice(0, MAX_ARTICLES_PER_REQUEST);
}

let loading: Promise<void> | null = null;

/**
 * Loads the records of every product number on the page in ONE request, once per page (later callers share it).
 * Failures set `$articleInformation` to 'error'.
 */
export function loadArticleInformation(numbers: string[] = productNumbersOnPage()): Promise<void> {
  loading ??= (async () => {
    if (numbers.length === 0) {
      $articleInformation.set(new Map());
      return;
    }
    try {
      const body = await storeApi(providerPath('article', 'information'), {
        method: 'POST',
        body: { articles: numbers.map((sku) => ({ sku, quantity: 1 })) },
        timeoutMs: ARTICLE_INFORMATION_TIMEOUT_MS,
      });
      $articleInformation.set(parseArticleInformation(body));
    } catch {
      $articleInformation.set('error');
    }
  })();
  return loading;
}

/** Forgets the loaded records (tests; a logout on the same page). */
export function resetArticleInformation(): void {
  loading = null;
  $articleInformation.set(null);
}

/**
 * Spec §9: prices with 2 decimals in the locale's notation, currency EUR. A unit price with more decimals (e.g.
 * 0.014 for 1.40 per 100 pieces) keeps them, up to 4, rather than being rounded to a misleading 0.01.
 */
export function formatPrice(value: number, locale: string): string {
  const decimals = Math.min(4, Math.max(2, (String(value).split('.')[1] ?? '').length));
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: decimals,
  }).format(value);
}

/** Stock figures in the locale's notation, up to 2 decimals (fractional quantities exist). */
export function formatQuantity(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

/** Delivery-time unit multipliers of spec §9 (week 7, month 30, year 365 days). */
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };

/**
 * Delivery time in days as {min, max} (spec §9: unit multipliers; restock time added as extra days when out of
 * stock), or a text to show as it is; null when unknown.
 */
export function deliveryDays(info: ArticleInformation): { min: number; max: number } | string | null {
  const d = info.deliveryTime;
  const extra =
    info.quantity !== undefined && info.quantity !== null && info.quantity <= 0 ? (info.restockTime ?? 0) : 0;
  if (d === null || d === undefined) return null;
  if (typeof d === 'number') return { min: d + extra, max: d + extra };
  if (typeof d === 'string') return /^\d+$/.test(d) ? { min: Number(d) + extra, max: Number(d) + extra } : d;
  if (d.min === null || d.min === undefined || d.max === null || d.max === undefined) return d.name ?? null;
  const factor = UNIT_DAYS[(d.unit ?? 'day').toLowerCase()] ?? 1;
  return { min: d.min * factor + extra, max: d.max * factor + extra };
}
