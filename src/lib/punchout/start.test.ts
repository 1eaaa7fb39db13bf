import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { pageContext, stubStoreApi, unstubStoreApi } from './testing/page-context.ts';

let store: ReturnType<typeof stubStoreApi>;
const token = 'p'.repeat(32);
const otp = 'A'.repeat(42) + '_';
const a = '0'.repeat(31) + 'a';
const b = 'b'.repeat(43);
const started = (landing: unknown) => () =>
  Response.json(
    { contextToken: token, landing, apiAlias: 'punchout_session_start' },
    { headers: { 'sw-context-token': token } },
  );

beforeEach(() => {
  vi.resetModules();
  store = stubStoreApi(started({ kind: 'home' }));
});
afterEach(unstubStoreApi);

test('a one-time code opens the session: cookies as for a login, then the landing on the same site', async () => {
  const { openOciSession } = await import('./start.ts');
  const { ctx, values } = pageContext(`/en/oci?otp=${otp}`);
  expect(await openOciSession(ctx, otp)).toEqual({ location: '/en/' });
  expect(Object.fromEntries(values)).toEqual({ 'sw-context-token': token, 'wb-logged-in': '1', 'wb-punchout': '1' });
  expect(new URL(store.seen[0]!.url).pathname).toBe(`/store-api/oci/otp/${otp}`);
});

test.each([
  [{ kind: 'product', productId: 'c'.repeat(32) }, `/en/detail/${'c'.repeat(32)}`],
  [{ kind: 'search', term: 'Zange' }, '/en/search?query=Zange'],
  [{ kind: 'cart' }, '/en/checkout'],
])('the landing %o goes to %s', async (landing, location) => {
  store.state.answer = started(landing);
  const { openOciSession } = await import('./start.ts');
  expect(await openOciSession(pageContext('/en/oci').ctx, otp)).toEqual({ location });
});

test('an unknown, used or expired code is 404 and sets no cookie; a malformed one is not even sent', async () => {
  store.state.answer = () =>
    Response.json({ errors: [{ status: '404', code: 'OCI__OTP_NOT_FOUND' }] }, { status: 404 });
  const { openOciSession } = await import('./start.ts');
  const { ctx, values } = pageContext('/en/oci');
  expect(await openOciSession(ctx, otp)).toEqual({ status: 404, message: 'punchout.error.startExpired' });
  expect(values.size).toBe(0);
  expect(await openOciSession(ctx, 'short')).toEqual({ status: 404, message: 'punchout.error.startExpired' });
  expect(await openOciSession(ctx, null)).toEqual({ status: 404, message: 'punchout.error.startExpired' });
  expect(store.seen).toHaveLength(1);
});

test('a StartPage opens a cXML session, an inspect StartPage a read-only one', async () => {
  store.state.answer = started({ kind: 'cart' });
  const { openCxmlSession } = await import('./start.ts');
  expect(await openCxmlSession(pageContext('/en/cxml/auth').ctx, `/cxml/auth/${a}/${b}`)).toEqual({
    location: '/en/checkout',
  });
  expect(await openCxmlSession(pageContext('/en/cxml/inspect').ctx, `/cxml/inspect/${a}/${b}/`)).toEqual({
    location: '/en/checkout',
  });
  expect(store.seen.map((r) => new URL(r.url).pathname)).toEqual([
    `/store-api/cxml/auth/${a}/${b}`,
    `/store-api/cxml/inspect/${a}/${b}`,
  ]);
  expect(await openCxmlSession(pageContext('/en/cxml/auth').ctx, `/cxml/auth/${a}`)).toEqual({
    status: 404,
    message: 'punchout.error.startExpired',
  });
  expect(await openCxmlSession(pageContext('/en/cxml/auth').ctx, `/cxml/other/${a}/${b}`)).toMatchObject({
    status: 404,
  });
  expect(store.seen).toHaveLength(2);
});
