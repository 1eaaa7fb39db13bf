import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { cookieJar, stubStoreApi, unstubStoreApi } from '../../../lib/punchout/testing/page-context.ts';

let store: ReturnType<typeof stubStoreApi>;
beforeEach(() => {
  vi.resetModules();
  store = stubStoreApi(() => new Response(null, { status: 500 }));
});
afterEach(unstubStoreApi);

const site = { storefrontUrl: 'http://localhost:4321/en', languageId: 'l'.repeat(32), clientAddress: null };

describe('returned OCI cart', () => {
  const post = (body: string) =>
    new Request('http://localhost:4321/punchout-test/oci-return', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  test('is decoded in the charset the call-up announced in HOOK_URL, which comes back as a field', async () => {
    const { readOciReturnForm } = await import('./server.ts');
    const body = 'simulator_charset=UTF-8&NEW_ITEM-DESCRIPTION%5B1%5D=Gr%C3%B6%C3%9Fe+%E2%82%AC';
    expect(await readOciReturnForm(post(body), new URL('http://localhost:4321/punchout-test/oci-return'))).toEqual({
      charset: 'UTF-8',
      fields: [
        ['simulator_charset', 'UTF-8'],
        ['NEW_ITEM-DESCRIPTION[1]', 'Größe €'],
      ],
    });
  });

  test('without an announcement as ISO-8859-1, the OCI default; the query may announce it too', async () => {
    const { readOciReturnForm } = await import('./server.ts');
    const url = new URL('http://localhost:4321/punchout-test/oci-return');
    expect(await readOciReturnForm(post('NEW_ITEM-DESCRIPTION%5B1%5D=Gr%F6%DFe'), url)).toMatchObject({
      charset: 'ISO-8859-1',
      fields: [['NEW_ITEM-DESCRIPTION[1]', 'Größe']],
    });
    url.searchParams.set('simulator_charset', 'utf-8');
    expect(await readOciReturnForm(post('a=%C3%B6'), url)).toMatchObject({ charset: 'UTF-8', fields: [['a', 'ö']] });
  });
});

test('the remembered credentials survive in the cookie; a damaged cookie gives the demo', async () => {
  const { rememberSimulatorState, simulatorState, DEMO_CXML } = await import('./server.ts');
  const jar = cookieJar();
  expect(simulatorState(jar.cookies)).toEqual(DEMO_CXML);
  const state = { ...DEMO_CXML, fromIdentity: 'AN-OTHER' };
  rememberSimulatorState(jar.cookies, state, '/punchout-test', false);
  expect(simulatorState(jar.cookies)).toEqual(state);
  expect(simulatorState(cookieJar({ 'wb-punchout-simulator': '!!' }).cookies)).toEqual(DEMO_CXML);
});

test('a submission: create unless edit or inspect, a BuyerCookie when none is given, the cart lines for edit', async () => {
  const { setupSubmission } = await import('./server.ts');
  const poom =
    '<cXML><Message><PunchOutOrderMessage><BuyerCookie>x</BuyerCookie><PunchOutOrderMessageHeader operationAllowed="edit"/>' +
    '<ItemIn quantity="2"><ItemID><SupplierPartID>D-2000</SupplierPartID><SupplierPartAuxiliaryID>aux</SupplierPartAuxiliaryID></ItemID></ItemIn>' +
    '</PunchOutOrderMessage></Message></cXML>';
  const create = setupSubmission([['operation', 'delete']]);
  expect(create.operation).toBe('create');
  expect(create.buyerCookie).toMatch(/^[0-9a-f-]{36}$/);
  const edit = setupSubmission([
    ['operation', 'edit'],
    ['cart', Buffer.from(poom).toString('base64')],
    ['buyerCookie', 'bc'],
  ]);
  expect(edit.operation).toBe('edit');
  expect(edit.buyerCookie).toBe('bc');
  expect(edit.items.map((i) => [i.quantity, i.supplierPartId, i.supplierPartAuxiliaryId])).toEqual([
    ['2', 'D-2000', 'aux'],
  ]);
});

test('a setup request goes in-process to the cXML entry with the site; the answer is read, the secret not shown', async () => {
  store.state.answer = () =>
    new Response(
      '<?xml version="1.0"?><cXML><Response><Status code="200" text="OK"/><PunchOutSetupResponse><StartPage><URL>http://localhost:4321/en/cxml/auth/a/b</URL></StartPage></PunchOutSetupResponse></Response></cXML>',
      { headers: { 'content-type': 'text/xml' } },
    );
  const { sendSetupRequest, setupSubmission, DEMO_CXML } = await import('./server.ts');
  const exchange = await sendSetupRequest(
    {
      ...setupSubmission([['browserFormPost', 'http://localhost:4321/en/punchout-test/cxml-return']]),
      ...DEMO_CXML,
    },
    site,
  );
  expect(exchange.parsed).toEqual({
    status: { code: 200, text: 'OK', message: '' },
    startPage: 'http://localhost:4321/en/cxml/auth/a/b',
  });
  expect(exchange.request).not.toContain('cxml-demo-secret-2026');
  const [request] = store.seen;
  const url = new URL(request!.url);
  expect(url.pathname).toBe('/store-api/cxml/setup');
  expect(url.searchParams.get('storefrontUrl')).toBe('http://localhost:4321/en');
  const sent = await request!.text();
  expect(sent).toContain('<SharedSecret>cxml-demo-secret-2026</SharedSecret>');
  expect(sent).toContain('<PunchOutSetupRequest operation="create">');
});

test('the DTD check is asked of the Store API; without it the status says why', async () => {
  store.state.answer = () => Response.json({ valid: false, errors: [{ message: 'No ItemIn', line: 3, column: 1 }] });
  const { validateCxml } = await import('./server.ts');
  expect(await validateCxml('<cXML/>', site)).toEqual({
    ok: true,
    result: { valid: false, errors: [{ message: 'No ItemIn', line: 3, column: 1 }] },
  });
  expect(new URL(store.seen[0]!.url).pathname).toBe('/store-api/cxml/punchout-test/validate');
  expect(store.seen[0]!.headers.get('content-type')).toBe('text/xml; charset=UTF-8');
  store.state.answer = () => Response.json({ errors: [] }, { status: 404 });
  expect(await validateCxml('<cXML/>', site)).toEqual({ ok: false, status: 404 });
});
