/**
 * Prices, stock and delivery times for logged-in buyers: one POST `/store-api/{provider}/article/information` with
 * every product number on the page, shared by all price islands (the catalogue HTML itself is the same for
 * everyone and carries no prices, docs/decisions/005).
 */
import { atom } from 'nanostores';
import {
  MAX_ARTICLES,
  type ArticleInformation,
  type ArticleInformationRequest,
} from '../../../contract/provider/article-information.ts';
import { deliveryTimeInDays } from '../../../contract/delivery-time.ts';
import { provider } from '../../lib/store-api/provider.ts';

/** The storefront waits at most 30 s for the article information, in milliseconds. */
export const ARTICLE_INFORMATION_TIMEOUT_MS = 30_000;

export type { ArticleInformation };

/** Loaded records by product number; `null` before loading, `'error'` when the call failed. */
export const $articleInformation = atom<Map<string, ArticleInformation> | null | 'error'>(null);

/** The records by product number. */
const byArticle = (articles: readonly ArticleInformation[]) => new Map(articles.map((r) => [r.article, r]));

/**
 * The product numbers of every price slot on the page (`[data-price-slot][data-product-number]`), distinct, at most
 * MAX_ARTICLES (the contract's limit of one request).
 */
export function productNumbersOnPage(root: ParentNode = document): string[] {
  const numbers = [...root.querySelectorAll<HTMLElement>('[data-price-slot][data-product-number]')]
    .map((el) => el.dataset.productNumber ?? '')
    .filter(Boolean);
  return [...new Set(numbers)].slice(0, MAX_ARTICLES);
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
      const request: ArticleInformationRequest = { articles: numbers.map((sku) => ({ sku, quantity: 1 })) };
      const { articles } = await provider.invoke('readArticleInformation', {
        body: request,
        timeoutMs: ARTICLE_INFORMATION_TIMEOUT_MS,
      });
      $articleInformation.set(byArticle(articles));
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

/** The sales channel's currency (ISO 4217): prices of `article/information` are net EUR amounts. */
export const PRICE_CURRENCY = 'EUR';

/**
 * Delivery time in days as {min, max} (`deliveryTimeInDays`: a week is 7 days, a month 30, a year 365), and the restock time added as extra days when
 * the article is out of stock; null when unknown.
 */
export function deliveryDays(info: ArticleInformation): { min: number; max: number } | null {
  const d = info.deliveryTime;
  if (!d) return null;
  const extra = info.quantity !== null && info.quantity <= 0 ? (info.restockTime ?? 0) : 0;
  return { min: deliveryTimeInDays(d.min, d.unit) + extra, max: deliveryTimeInDays(d.max, d.unit) + extra };
}
