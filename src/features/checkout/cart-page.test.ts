import type { AstroCookies } from 'astro';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { accountCustomerBody } from '../../lib/session/testing/test-bodies.ts';
import { checkoutCart, productLine } from './testing/test-bodies.ts';
import { cartPageAnswer } from './testing/test-render.tsx';

const TOKEN = 't'.repeat(32);
const LANGUAGE = 'l'.repeat(32);
const DOMAIN = { languageId: LANGUAGE, url: 'https://shop.example/en' };

const seen: Request[] = [];
let reply: (request: Request) => Response;

/** The cookies of one request: what the browser sent, and what the page set or deleted. */
function cookieJar(sent: Record<string, string>) {
  const set = new Map<string, { value: string; options: unknown }>();
  const deleted: string[] = [];
  const cookies = {
    get: (name: string) => (name in sent ? { value: sent[name] } : undefined),
    set: (name: string, value: string, options: unknown) => set.set(name, { value, options }),
    delete: (name: string) => deleted.push(name),
  } as unknown as AstroCookies;
  return { cookies, set, deleted };
}

const notLoggedIn = () =>
  Response.json(
    { errors: [{ status: '403', code: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN', title: 'Forbidden' }] },
    { status: 403 },
  );

beforeEach(() => {
  vi.resetModules();
  seen.length = 0;
  process.env.STORE_API_URL = 'http://backend.test:8000';
  process.env.STORE_API_ACCESS_KEY = 'SWSCTESTKEY000001';
  vi.stubGlobal('fetch', async (request: Request) => {
    seen.push(request);
    return reply(request);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete process.env.STORE_API_URL;
  delete process.env.STORE_API_ACCESS_KEY;
});

describe('loadCartPage', () => {
  test("reads the customer and the cart with the visitor's context token and sets the missing marker", async () => {
    const cart = {
      ...checkoutCart({ lines: [productLine('a1'.repeat(16), 'D-2000', 'Cordless drill', 2, 12.5)] }),
      token: '0ddba11'.repeat(4) + 'cafe',
    };
    reply = (request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/store-api/account/customer') return Response.json(accountCustomerBody(['ROLE_PLACE_ORDERS']));
      return cartPageAnswer(pathname, request.method, cart) ?? Response.json({}, { status: 404 });
    };
    const { loadCartPage } = await import('./cart-page.ts');
    const jar = cookieJar({ 'sw-context-token': TOKEN });

    const data = await loadCartPage(jar.cookies, DOMAIN);

    expect(data?.cart.lineItems?.[0]?.label).toBe('Cordless drill');
    // The page's island props are serialised into the HTML: the cart's context token is not among them.
    expect(data?.cart).not.toHaveProperty('token');
    expect(JSON.stringify(data)).not.toContain(cart.token);
    expect(data?.customer.rights).toEqual(['ROLE_PLACE_ORDERS']);
    expect(data?.options?.addresses.map((a) => `${a.street} ${a.number}`)).toEqual(['Noorderlaan 112']);
    expect(data?.options?.shippingMethods.map((m) => m.name)).toEqual(['Standard delivery', 'Pickup']);
    expect(data?.options?.paymentMethods.map((m) => m.name)).toEqual(['Invoice', 'Prepayment']);
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`).sort()).toEqual([
      'GET /store-api/checkout/cart',
      'GET /store-api/payment-method',
      'GET /store-api/shipping-method',
      'POST /store-api/account/customer',
      'POST /store-api/account/list-address',
    ]);
    for (const request of seen) {
      expect(request.headers.get('sw-context-token')).toBe(TOKEN);
      expect(request.headers.get('sw-language-id')).toBe(LANGUAGE);
    }
    expect(jar.set.get('wb-logged-in')?.value).toBe('1');
    expect(jar.set.get('wb-logged-in')?.options).toMatchObject({ httpOnly: false, secure: true });
  });

  test('with the punch-out marker the session is read too, and the marker follows a framed session', async () => {
    const cart = checkoutCart({ lines: [productLine('a1'.repeat(16), 'D-2000', 'Cordless drill', 2, 12.5)] });
    const session = {
      protocol: 'oci',
      systemName: 'SAP SRM',
      operation: 'create',
      readOnly: false,
      testMode: false,
      expiresIn: 3600,
      apiAlias: 'punchout_session',
    };
    reply = (request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/store-api/account/customer') return Response.json(accountCustomerBody(['ROLE_PLACE_ORDERS']));
      if (pathname === '/store-api/werkbank/punchout/session') return Response.json(session);
      return cartPageAnswer(pathname, request.method, cart) ?? Response.json({}, { status: 404 });
    };
    process.env.FRAME_ANCESTORS = 'https://srm.example.com';
    try {
      const { loadCartPage } = await import('./cart-page.ts');
      const jar = cookieJar({ 'sw-context-token': TOKEN, 'wb-punchout': '1' });
      const data = await loadCartPage(jar.cookies, DOMAIN);
      expect(data?.punchOut).toEqual(session);
      expect(jar.set.get('wb-logged-in')?.options).toMatchObject({ sameSite: 'none', secure: true });
      const plain = await loadCartPage(cookieJar({ 'sw-context-token': TOKEN }).cookies, DOMAIN);
      expect(plain?.punchOut).toBeNull();
      expect(seen.filter((r) => r.url.includes('punchout'))).toHaveLength(1);
    } finally {
      delete process.env.FRAME_ANCESTORS;
    }
  });

  test('an anonymous or expired context is no cart page, and its stale marker is removed', async () => {
    reply = notLoggedIn;
    const { loadCartPage } = await import('./cart-page.ts');
    const jar = cookieJar({ 'sw-context-token': TOKEN, 'wb-logged-in': '1' });

    expect(await loadCartPage(jar.cookies, DOMAIN)).toBeNull();
    expect(jar.deleted).toEqual(['wb-logged-in']);
    expect(jar.set.size).toBe(0);
  });

  test('without a plausible context cookie no call is made', async () => {
    reply = notLoggedIn;
    const { loadCartPage } = await import('./cart-page.ts');

    expect(await loadCartPage(cookieJar({}).cookies, DOMAIN)).toBeNull();
    expect(await loadCartPage(cookieJar({ 'sw-context-token': 'not a token!' }).cookies, DOMAIN)).toBeNull();
    expect(seen).toHaveLength(0);
  });

  test('other error answers are not taken for a logout', async () => {
    reply = () =>
      Response.json({ errors: [{ status: '500', code: 'FRAMEWORK__ERROR', title: 'Error' }] }, { status: 500 });
    const { loadCartPage } = await import('./cart-page.ts');
    await expect(loadCartPage(cookieJar({ 'sw-context-token': TOKEN }).cookies, DOMAIN)).rejects.toMatchObject({
      status: 500,
    });
  });
});
