/**
 * The visitor's customer as a server-rendered page reads it: `account/customer` through the server's Store API
 * client bound to the context token of the HttpOnly cookie (docs/decisions/008), for pages that decide on the server
 * what a customer may see (rights are checked where the page is rendered, not only in its island).
 */
import type { AstroCookies } from 'astro';
import { CONTEXT_COOKIE, isPlausibleToken } from '../context-cookie.ts';
import { createStoreApiClient } from '../store-api/client.ts';
import { loadSessionCustomer, type SessionCustomer } from './session-store.ts';

/**
 * The logged-in, active customer of the request with its rights, or null (no plausible context cookie, in which case
 * no call is made; an anonymous or expired context; an inactive customer).
 *
 * @throws StoreApiClientError for other error answers; network errors propagate.
 */
export async function serverSessionCustomer(
  cookies: AstroCookies,
  languageId: string,
): Promise<SessionCustomer | null> {
  const token = cookies.get(CONTEXT_COOKIE)?.value;
  if (!isPlausibleToken(token)) return null;
  const client = createStoreApiClient({ languageId, contextToken: token });
  return loadSessionCustomer(() => client.invoke('readCustomer post /account/customer'));
}
