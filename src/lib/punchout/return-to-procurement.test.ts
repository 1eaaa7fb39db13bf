import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { pageContext, stubStoreApi, unstubStoreApi } from './testing/page-context.ts';

let store: ReturnType<typeof stubStoreApi>;
beforeEach(() => {
  vi.resetModules();
  store = stubStoreApi(() => new Response(null, { status: 500 }));
});
afterEach(unstubStoreApi);

const session = { 'sw-context-token': 'p'.repeat(32), 'wb-logged-in': '1', 'wb-punchout': '1' };
const transferPolicy = "default-src 'none'; script-src 'sha256-submit='; form-action https://srm.example.com";

test('the transfer page is answered unchanged and the session cookies go', async () => {
  const html = '<!doctype html><meta charset="ISO-8859-1"><form method="post" action="https://srm.example.com/hook">';
  store.state.answer = () =>
    new Response(Buffer.from(html, 'latin1'), {
      headers: { 'content-type': 'text/html; charset=ISO-8859-1', 'content-security-policy': transferPolicy },
    });
  const { returnToProcurement } = await import('./return-to-procurement.ts');
  const { ctx, removed } = pageContext('/en/punchout/transfer', session, { method: 'POST' });
  const res = await returnToProcurement(ctx, 'punchOutTransfer');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=ISO-8859-1');
  expect(res.headers.get('content-security-policy')).toBe(transferPolicy);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(Buffer.from(await res.arrayBuffer()).toString('latin1')).toBe(html);
  expect(removed).toEqual(['sw-context-token', 'wb-logged-in', 'wb-punchout']);
  const [request] = store.seen;
  expect(new URL(request!.url).pathname).toBe('/store-api/werkbank/punchout/transfer');
  expect(request!.headers.get('sw-context-token')).toBe('p'.repeat(32));
  expect(request!.headers.get('accept')).toBe('text/html');
});

test('cancel calls the cancel page', async () => {
  store.state.answer = () => new Response('<html></html>', { headers: { 'content-type': 'text/html' } });
  const { returnToProcurement } = await import('./return-to-procurement.ts');
  await returnToProcurement(pageContext('/en/punchout/cancel', session, { method: 'POST' }).ctx, 'punchOutCancel');
  expect(new URL(store.seen[0]!.url).pathname).toBe('/store-api/werkbank/punchout/cancel');
});

test('a refused transfer goes back to the cart with a code it translates, the session stays', async () => {
  store.state.answer = () =>
    Response.json({ errors: [{ status: '400', code: 'WERKBANK__TOO_MANY_LINES' }] }, { status: 400 });
  const { returnToProcurement } = await import('./return-to-procurement.ts');
  const { ctx, removed } = pageContext('/en/punchout/transfer', session, { method: 'POST' });
  const res = await returnToProcurement(ctx, 'punchOutTransfer');
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/en/checkout?error=STOREFRONT__PUNCHOUT_TRANSFER_FAILED');
  expect(removed).toEqual([]);
});

test('a context that is no punch-out session goes to the page that says the session ended', async () => {
  store.state.answer = () =>
    Response.json({ errors: [{ status: '404', code: 'WERKBANK__NOT_A_PUNCHOUT_SESSION' }] }, { status: 404 });
  const { returnToProcurement } = await import('./return-to-procurement.ts');
  const res = await returnToProcurement(
    pageContext('/en/punchout/transfer', session, { method: 'POST' }).ctx,
    'punchOutTransfer',
  );
  expect(res.headers.get('location')).toBe('/en/punchout/ended');
});
