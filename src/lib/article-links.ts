/**
 * The customer's own article numbers (article links, contract/provider/article-link.ts, docs/decisions/017) where
 * a buyer reads or types an article: the product page, the quick search and the quick order form read them with one
 * `POST /store-api/{provider}/article-links/info` call. The specification's rule: "The article-link lookup runs only
 * for a logged-in user holding ManageArticleLinks" (right code ROLE_MANAGE_ARTICLE_LINKS), so nothing here calls
 * the server for anyone else.
 */
import { useEffect, useState } from 'react';
import {
  ARTICLE_LINK_INFO_MAX,
  type ArticleLinkInfoRequest,
  type ArticleLinkInfoResponse,
} from '../../contract/provider/article-link.ts';
import { $customer, hasRight, type SessionCustomer } from './session/session-store.ts';
import { provider } from './store-api/provider.ts';
import { useHydratedStore } from './use-hydrated-store.ts';

/** The right the lookup needs (the specification's ManageArticleLinks). */
export const ARTICLE_LINK_RIGHT = 'ROLE_MANAGE_ARTICLE_LINKS';

/** Whether the customer may look up customer numbers: logged in, active and holding ARTICLE_LINK_RIGHT. */
export function mayLookUpArticleLinks(customer: SessionCustomer | null = $customer.get()): boolean {
  return hasRight(ARTICLE_LINK_RIGHT, customer);
}

/**
 * POST `{provider}/article-links/info`: the customer numbers of the supplier article numbers `productIds`
 * (`customerSkus`, keyed by article number) and the supplier article numbers of the customer numbers
 * `customerSkus` (`productNumbers`, keyed as asked). Blank and repeated numbers are left out; more than
 * ARTICLE_LINK_INFO_MAX numbers are asked in several calls whose answers are merged. Asking for nothing answers
 * empty records without a call.
 *
 * @throws StoreApiClientError for a non-2xx answer (403 `{PROVIDER}__MISSING_RIGHT` without the right); an answer
 *   that is not the contract's shape throws valibot's ValiError; aborts propagate.
 */
export async function fetchArticleLinkInfo(
  request: { productIds?: readonly string[]; customerSkus?: readonly string[] },
  signal?: AbortSignal,
): Promise<ArticleLinkInfoResponse> {
  const distinct = (values: readonly string[] = []) => [...new Set(values.map((s) => s.trim()).filter(Boolean))];
  const asked = [
    ...distinct(request.productIds).map((n) => ['productIds', n] as const),
    ...distinct(request.customerSkus).map((n) => ['customerSkus', n] as const),
  ];
  const result: ArticleLinkInfoResponse = { customerSkus: {}, productNumbers: {} };
  for (let start = 0; start < asked.length; start += ARTICLE_LINK_INFO_MAX) {
    const chunk = asked.slice(start, start + ARTICLE_LINK_INFO_MAX);
    const body: ArticleLinkInfoRequest = {
      productIds: chunk.filter(([kind]) => kind === 'productIds').map(([, n]) => n),
      customerSkus: chunk.filter(([kind]) => kind === 'customerSkus').map(([, n]) => n),
    };
    const answer = await provider.invoke('articleLinkInfo', { body, ...(signal ? { signal } : {}) });
    Object.assign(result.customerSkus, answer.customerSkus);
    Object.assign(result.productNumbers, answer.productNumbers);
  }
  return result;
}

/** The customer number of `productNumber` in an info answer's `customerSkus` (article numbers compared ignoring case). */
export function customerSkuOf(customerSkus: Readonly<Record<string, string>>, productNumber: string): string | null {
  const exact = customerSkus[productNumber];
  if (exact !== undefined) return exact;
  const upper = productNumber.toUpperCase();
  const key = Object.keys(customerSkus).find((k) => k.toUpperCase() === upper);
  return key === undefined ? null : customerSkus[key]!;
}

const NONE: Readonly<Record<string, string>> = Object.freeze({});

/**
 * The customer numbers of `productNumbers` (by article number) for the session's customer: one info call whenever
 * the set of numbers changes, made only when the customer may look them up; empty before the answer, for everyone
 * else and when the call fails (the page then simply shows no customer numbers).
 */
export function useCustomerSkus(productNumbers: readonly string[]): Readonly<Record<string, string>> {
  const customer = useHydratedStore($customer, null);
  const allowed = mayLookUpArticleLinks(customer);
  const key = [...new Set(productNumbers.filter(Boolean))].sort().join('\n');
  const [answer, setAnswer] = useState<{ key: string; skus: Readonly<Record<string, string>> } | null>(null);

  useEffect(() => {
    if (!allowed || key === '') return;
    const controller = new AbortController();
    fetchArticleLinkInfo({ productIds: key.split('\n') }, controller.signal).then(
      (info) => {
        if (!controller.signal.aborted) setAnswer({ key, skus: info.customerSkus });
      },
      () => {
        if (!controller.signal.aborted) setAnswer({ key, skus: NONE });
      },
    );
    return () => controller.abort();
  }, [allowed, key]);

  return allowed && answer?.key === key ? answer.skus : NONE;
}
