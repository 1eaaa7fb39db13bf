/**
 * The company's address book as the account area and the checkout read it: Shopware's `account/list-address`
 * through the browser client (or the server's for a page it renders), each `customer_address` read with the session's address model
 * (src/lib/session/customer.ts).
 *
 * @throws StoreApiClientError for a non-2xx answer.
 */
import { toAddress, type Address } from './session/customer.ts';
import { browserClient } from './store-api/browser.ts';
import type { StoreApiClient } from './store-api/client.ts';

/**
 * POST `account/list-address`: the company's addresses (at most 500); through the browser client unless `client`
 * is given (the server's, bound to the visitor's context).
 */
export async function listAddresses(client: Pick<StoreApiClient, 'invoke'> = browserClient): Promise<Address[]> {
  const body = await client.invoke('listAddress post /account/list-address', { body: { limit: 500 } });
  return body.elements.flatMap((a) => toAddress(a) ?? []);
}
