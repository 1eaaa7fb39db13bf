/**
 * The browser set-up of storefront component tests (the Vitest `dom` project): one stubbed `fetch`
 * per test file that the tests answer like the Store API, the proxy's logged-in marker cookie (src/lib/session/
 * logged-in-cookie.ts) and the reset of the shared stores after each test.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { $cart } from '../lib/cart/cart-store.ts';
import { $notifications } from '../lib/notifications.ts';
import { LOGGED_IN_COOKIE } from '../lib/session/logged-in-cookie.ts';
import { storeApiProvider } from '../lib/store-api/browser.ts';

/**
 * `/store-api/{provider}`: the base of the provider endpoints as the storefront calls them, with the configured provider
 * segment (storeApiProvider), so tests never spell it out.
 */
export const providerBase = (): string => `/store-api/${storeApiProvider()}`;

/** The stubbed `fetch` of a test file: setUpBrowserTests installs it; each test answers it (`mockImplementation`). */
export const fetchMock = vi.fn<(url: URL | string, init?: RequestInit) => Promise<Response>>();

/** A JSON answer with `status` (default 200); `null` answers without a body. */
export const json = (body: unknown, status = 200): Response =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * Registers the calling file's hooks. Before each test: `fetchMock` emptied (calls and answers) and installed as the
 * global `fetch`; with `loggedIn` (the default) the marker cookie `wb-logged-in=1`, so the islands treat the
 * visitor as logged in and load the cart. After each test: the rendered tree unmounted, the global `fetch` restored,
 * the notifications emptied, the cart store back to null and the marker cookie removed.
 */
export function setUpBrowserTests({ loggedIn = true }: { loggedIn?: boolean } = {}): void {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    if (loggedIn) document.cookie = `${LOGGED_IN_COOKIE}=1; path=/`;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    $notifications.set([]);
    $cart.set(null);
    document.cookie = `${LOGGED_IN_COOKIE}=; path=/; max-age=0`;
  });
}
