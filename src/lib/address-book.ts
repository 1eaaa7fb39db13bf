/**
 * The company's address book as the account area and the checkout read it: Shopware's `account/list-address`
 * through the browser client, each `customer_address` read with the session's address model
 * (src/lib/session/customer.ts).
 *
 * @throws StoreApiClientError for a non-2xx answer.
 */
import { toAddress, type Address } from './session/customer.ts';
import { invoke } from './store-api/browser.ts';

/** POST `account/list-address`: the company's addresses (at most 500). */
export async function listAddresses(): Promise<Address[]> {
  const body = await invoke('listAddress post /account/list-address', { body: { limit: 500 } });
  return body.elements.flatMap((a) => toAddress(a) ?? []);
}
