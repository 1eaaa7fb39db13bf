/**
 * The company's address book as the account area and the checkout read it: Shopware's `account/list-address`
 * through the browser client, each `customer_address` read with the session's address model
 * (src/lib/session/customer.ts).
 *
 * @throws StoreApiClientError for a non-2xx answer; an answer that is not a search result throws valibot's ValiError.
 */
import * as v from 'valibot';
import { toAddress, type Address } from './session/customer.ts';
import { storeApi } from './store-api/browser.ts';

/** Shopware's search result of `account/list-address` (`dal_entity_search_result`). */
const SearchResult = v.object({ elements: v.array(v.unknown()), total: v.number() });

/** POST `account/list-address`: the company's addresses (at most 500). */
export async function listAddresses(): Promise<Address[]> {
  const body = await storeApi('account/list-address', { method: 'POST', body: { limit: 500 } });
  return v.parse(SearchResult, body).elements.flatMap((a) => toAddress(a) ?? []);
}
