/**
 * Punch-out through the Store API as the storefront drives it: an OCI call-up, its one-time code, the session's cart
 * with its transfer form, the transfer page; a cXML setup request, its start page, the PunchOutOrderMessage, edit
 * and inspect; a cXML OrderRequest and the hand-over of its order to the ERP; and what a punch-out session may not do
 * (order, change an inspected cart, log in directly).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  contextTable,
  customerTable,
  cxmlOrderRequestTable,
  erpOrderTable,
  orderTable,
  punchOutSessionTable,
  punchOutStartTable,
} from '../../db/schema/index.ts';
import { createStoreApi } from '../../app.ts';
import { createSimulatedErp } from '../../erp/simulated/index.ts';
import { recordJobs } from '../../testing/job-test-support.ts';
import { seedCheckout } from '../../seed/seed-checkout.ts';
import { addCxmlConfig, addOciConfig } from '../../commerce/punchout/config.ts';
import { insertCompany, insertCustomer } from '../../testing/company-test-support.ts';
import { insertAddress } from '../../testing/order-test-support.ts';
import { createTestStoreApi, FIXTURE, type TestStoreApi } from '../../testing/test-fixtures.ts';
import type { StoreCart } from '../../commerce/cart/cart-schemas.ts';
import { validateCxml } from '../../commerce/punchout/cxml/dtd-validate.ts';

let api: TestStoreApi;
let site: string;
let companyNumber: string;
const HOOK = 'https://srm.example.com/sap/bc/gui/catalog?sap-client=100&session=ab%20c';
const CXML_SECRET = 'a-shared-secret-of-length';

interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

async function call(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; raw?: string; query?: string } = {},
): Promise<Answer> {
  const res = await api.app.request(`/store-api${path}${options.query ?? ''}`, {
    method,
    headers: {
      'sw-access-key': api.config.accessKey,
      'content-type': options.raw !== undefined ? 'text/xml' : 'application/json',
      'x-real-ip': '203.0.113.9',
      ...(options.token ? { 'sw-context-token': options.token } : {}),
    },
    ...(options.raw !== undefined
      ? { body: options.raw }
      : options.body !== undefined
        ? { body: JSON.stringify(options.body) }
        : {}),
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

const json = <T>(answer: Answer) => JSON.parse(answer.text) as T;
const errorCode = (answer: Answer) => json<{ errors: { code: string }[] }>(answer).errors[0]?.code;

/** Everything the routes write to the console while this file runs (checked for secrets by the last test). */
const logged: string[] = [];

beforeAll(async () => {
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(' '));
    });
  }
  api = await createTestStoreApi();
  await seedCheckout(api.db);
  site = api.config.domains[0]!.url;
  const company = await insertCompany(api.db);
  companyNumber = company.companyNumber;
  await insertCustomer(api.db, company.id, { username: 'buyer.one' });
  await addOciConfig(api.db, {
    companyNumber,
    username: 'srm-tech',
    password: 'a-long-oci-password',
    hookOrigins: ['https://srm.example.com'],
    systemName: 'SAP SRM',
  });
  await addCxmlConfig(api.db, {
    companyNumber,
    domain: 'NetworkID',
    identity: 'AN0100-T',
    secret: CXML_SECRET,
    formPostOrigins: ['https://buyer.example.com'],
    systemName: 'Ariba',
    user: 'buyer.one',
  });
});
afterAll(() => api.close());

const callUp = (fields: [string, string][], where: 'query' | 'form' = 'form') =>
  call('POST', '/oci/call-up', {
    body: { query: where === 'query' ? fields : [], form: where === 'form' ? fields : [], storefrontUrl: site },
  });

const credentials: [string, string][] = [
  ['USERNAME', 'srm-tech'],
  ['PASSWORD', 'a-long-oci-password'],
  ['HOOK_URL', HOOK],
  ['~OkCode', 'ADDI'],
  ['~TARGET', '_top'],
  ['~CALLER', 'CTLG'],
];

/** A call-up, its code exchanged: the session's context token. */
async function ociSession(fields: [string, string][] = credentials): Promise<string> {
  const up = await callUp(fields);
  expect(up.status).toBe(200);
  const start = await call('POST', `/oci/otp/${json<{ otp: string }>(up).otp}`);
  expect(start.status).toBe(200);
  return json<{ contextToken: string }>(start).contextToken;
}

describe('OCI call-up', () => {
  test('the same call-up as query (GET) and as form (POST), with names in any case, opens a session', async () => {
    const lower = credentials.map(([n, v]) => [n.toLowerCase(), v] as [string, string]);
    for (const answer of [await callUp(credentials, 'query'), await callUp(lower, 'form')]) {
      expect(answer.status).toBe(200);
      expect(json<{ otp: string }>(answer).otp).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  test('a wrong password and an unknown user are refused alike, and no session is opened', async () => {
    const before = (await api.db.select().from(punchOutSessionTable)).length;
    const wrong = await callUp([
      ['USERNAME', 'srm-tech'],
      ['PASSWORD', 'nope-nope-nope'],
      ['HOOK_URL', HOOK],
    ]);
    const unknown = await callUp([
      ['USERNAME', 'nobody'],
      ['PASSWORD', 'nope-nope-nope'],
      ['HOOK_URL', HOOK],
    ]);
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(errorCode(wrong)).toBe('OCI__INVALID_CREDENTIALS');
    expect(errorCode(unknown)).toBe('OCI__INVALID_CREDENTIALS');
    expect(wrong.text).not.toContain('nope-nope-nope');
    expect((await api.db.select().from(punchOutSessionTable)).length).toBe(before);
  });

  test('a call-up without HOOK_URL, or with a foreign or javascript: HOOK_URL, is refused', async () => {
    const base = credentials.filter(([n]) => n !== 'HOOK_URL');
    expect((await callUp(base)).status).toBe(400);
    expect((await callUp([...base, ['HOOK_URL', 'https://evil.example.net/hook']])).status).toBe(403);
    const script = await callUp([...base, ['HOOK_URL', 'javascript:alert(1)']]);
    expect([400, 403]).toContain(script.status);
  });

  test('the one-time code opens the session once', async () => {
    const up = await callUp(credentials);
    const otp = json<{ otp: string }>(up).otp;
    expect((await call('POST', `/oci/otp/${otp}`)).status).toBe(200);
    const again = await call('POST', `/oci/otp/${otp}`);
    expect(again.status).toBe(404);
    expect(errorCode(again)).toBe('OCI__OTP_NOT_FOUND');
  });

  test('FUNCTION=DETAIL lands on the product; an unknown PRODUCTID answers 404', async () => {
    const detail = await callUp([...credentials, ['FUNCTION', 'DETAIL'], ['PRODUCTID', FIXTURE.products.hexBolt]]);
    const start = await call('POST', `/oci/otp/${json<{ otp: string }>(detail).otp}`);
    expect(json<{ landing: unknown }>(start).landing).toEqual({ kind: 'product', productId: FIXTURE.products.hexBolt });
    const unknown = await callUp([...credentials, ['FUNCTION', 'DETAIL'], ['PRODUCTID', 'f'.repeat(32)]]);
    expect(unknown.status).toBe(404);
  });

  test('the technical user cannot log in to the shop directly', async () => {
    const login = await call('POST', '/account/login', {
      body: { username: 'srm-tech', password: 'a-long-oci-password' },
    });
    expect(login.status).toBe(401);
    expect(errorCode(login)).toBe('CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS');
  });
});

describe('an OCI session', () => {
  test('shops as a customer of its own, not listed among the company users', async () => {
    const token = await ociSession();
    const [context] = await api.db.select().from(contextTable).where(eq(contextTable.token, token));
    const [customer] = await api.db.select().from(customerTable).where(eq(customerTable.id, context!.customerId!));
    expect(customer!.punchOutSessionId).not.toBeNull();
    expect(customer!.passwordHash).toBeNull();
  });

  test('its cart carries the transfer form: HOOK_URL split, SAP fields echoed, NEW_ITEM fields from index 1', async () => {
    const token = await ociSession();
    const added = await call('POST', '/checkout/cart/line-item', {
      token,
      body: { items: [{ type: 'product', id: FIXTURE.products.hexBolt, quantity: 250 }] },
    });
    expect(added.status).toBe(200);
    const cart = json<StoreCart>(added);
    const form = cart.extensions.ociForm!;
    expect(form.action).toBe('https://srm.example.com/sap/bc/gui/catalog');
    const fields = new Map(form.fields);
    expect(fields.get('sap-client')).toBe('100');
    expect(fields.get('session')).toBe('ab c');
    expect(fields.get('~OkCode')).toBe('ADDI');
    expect(fields.get('~CALLER')).toBe('CTLG');
    expect(fields.get('NEW_ITEM-QUANTITY[1]')).toBe('250.000');
    expect(fields.has('NEW_ITEM-DESCRIPTION[0]')).toBe(false);
    // 1.40 EUR per 100 pieces: 0.14 per PRICEUNIT 10, never a rounded 0.01 per piece.
    expect([fields.get('NEW_ITEM-PRICE[1]'), fields.get('NEW_ITEM-PRICEUNIT[1]')]).toEqual(['0.14', '10']);
    expect(fields.get('NEW_ITEM-EXT_PRODUCT_ID[1]')).toBe(FIXTURE.products.hexBolt);
    expect(cart.extensions.ociSystemMetadata).toMatchObject({
      systemName: 'SAP SRM',
      hookOrigin: 'https://srm.example.com',
    });
    expect(cart.extensions.orderFlowBudget).toBeUndefined();
  });

  test('cannot place an order in the shop', async () => {
    const token = await ociSession();
    await call('POST', '/checkout/cart/line-item', {
      token,
      body: { items: [{ type: 'product', id: FIXTURE.products.combinationPliers, quantity: 1 }] },
    });
    const order = await call('POST', '/checkout/order', { token, body: {} });
    expect(order.status).toBe(403);
    expect(errorCode(order)).toBe('WERKBANK__PUNCHOUT_ORDER_NOT_ALLOWED');
  });

  test('the transfer answers the auto-submitting page for HOOK_URL and ends the session', async () => {
    const token = await ociSession();
    await call('POST', '/checkout/cart/line-item', {
      token,
      body: { items: [{ type: 'product', id: FIXTURE.products.combinationPliers, quantity: 2 }] },
    });
    const [context] = await api.db.select().from(contextTable).where(eq(contextTable.token, token));
    const transfer = await call('POST', '/werkbank/punchout/transfer', { token });
    expect(transfer.status).toBe(200);
    expect(transfer.headers.get('content-type')).toMatch(/^text\/html; charset=(ISO-8859-1|windows-1252)/i);
    expect(transfer.headers.get('content-security-policy')).toContain('form-action https://srm.example.com');
    expect(transfer.text).toContain('action="https://srm.example.com/sap/bc/gui/catalog"');
    expect(transfer.text).toContain('NEW_ITEM-QUANTITY[1]');
    expect((await call('GET', '/werkbank/punchout/session', { token })).status).toBe(403);
    expect(await api.db.select().from(customerTable).where(eq(customerTable.id, context!.customerId!))).toEqual([]);
  });
});

/** A PunchOutSetupRequest from the configured buyer. */
function setupRequest(options: { operation?: string; secret?: string; items?: string; formPost?: string } = {}) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${Date.now()}.1@buyer.example.com" timestamp="2026-11-28T10:00:00+01:00" xml:lang="en-US">
  <Header>
    <From><Credential domain="NetworkID"><Identity>AN0100-T</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>123456789</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>AN0100-T</Identity><SharedSecret>${options.secret ?? CXML_SECRET}</SharedSecret></Credential><UserAgent>test</UserAgent></Sender>
  </Header>
  <Request deploymentMode="test">
    <PunchOutSetupRequest operation="${options.operation ?? 'create'}">
      <BuyerCookie>cookie &amp; <b>bold</b></BuyerCookie>
      <BrowserFormPost><URL>${options.formPost ?? 'https://buyer.example.com/punchout/return'}</URL></BrowserFormPost>
      ${options.items ?? ''}
    </PunchOutSetupRequest>
  </Request>
</cXML>`;
}

const startUrlOf = (xml: string) => /<URL>([^<]+)<\/URL>/.exec(xml)?.[1] ?? '';

async function cxmlSession(xml = setupRequest()): Promise<{ token: string; startUrl: string }> {
  const setup = await call('POST', '/cxml/setup', { raw: xml, query: `?storefrontUrl=${encodeURIComponent(site)}` });
  expect(setup.status).toBe(200);
  expect(setup.text).toContain('<Status code="200"');
  const startUrl = startUrlOf(setup.text);
  const [, kind, a, b] = /\/cxml\/(auth|inspect)\/([0-9a-f]{32})\/([A-Za-z0-9_-]{43})$/.exec(startUrl)!;
  const start = await call('POST', `/cxml/${kind}/${a}/${b}`);
  expect(start.status).toBe(200);
  return { token: json<{ contextToken: string }>(start).contextToken, startUrl };
}

describe('cXML', () => {
  test('a setup request is answered with a single-use StartPage on the storefront', async () => {
    const setup = await call('POST', '/cxml/setup', {
      raw: setupRequest(),
      query: `?storefrontUrl=${encodeURIComponent(site)}`,
    });
    expect(setup.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(setup.text.startsWith('<?xml')).toBe(true);
    const url = startUrlOf(setup.text);
    expect(url.startsWith(`${site}/cxml/auth/`)).toBe(true);
    expect(url).not.toContain('cookie');
    const [, a, b] = /\/cxml\/auth\/([0-9a-f]{32})\/([A-Za-z0-9_-]{43})$/.exec(url)!;
    expect((await call('POST', `/cxml/auth/${a}/${b}`)).status).toBe(200);
    expect((await call('POST', `/cxml/auth/${a}/${b}`)).status).toBe(404);
  });

  test('a StartPage URL expires: after its 5 minutes it opens nothing', async () => {
    const setup = await call('POST', '/cxml/setup', { raw: setupRequest() });
    const [, a, b] = /\/cxml\/auth\/([0-9a-f]{32})\/([A-Za-z0-9_-]{43})$/.exec(startUrlOf(setup.text))!;
    await api.db
      .update(punchOutStartTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(punchOutStartTable.id, a!));
    const start = await call('POST', `/cxml/auth/${a}/${b}`);
    expect(start.status).toBe(404);
    expect(errorCode(start)).toBe('CXML__START_NOT_FOUND');
  });

  test('a session of deploymentMode="test" is flagged as test mode', async () => {
    const { token } = await cxmlSession();
    const session = json<{ testMode: boolean; protocol: string }>(
      await call('GET', '/werkbank/punchout/session', { token }),
    );
    expect(session).toMatchObject({ protocol: 'cxml', testMode: true });
    const production = await cxmlSession(setupRequest().replace('deploymentMode="test"', ''));
    const other = json<{ testMode: boolean }>(
      await call('GET', '/werkbank/punchout/session', { token: production.token }),
    );
    expect(other.testMode).toBe(false);
  });

  test('a wrong or missing shared secret answers Status 401 and opens no session', async () => {
    const before = (await api.db.select().from(punchOutSessionTable)).length;
    const wrong = await call('POST', '/cxml/setup', { raw: setupRequest({ secret: 'not-the-secret-at-all' }) });
    expect(wrong.status).toBe(200);
    expect(wrong.text).toContain('<Status code="401"');
    expect(wrong.text).not.toContain('<StartPage>');
    expect((await api.db.select().from(punchOutSessionTable)).length).toBe(before);
  });

  test('a ProfileRequest is answered with the transactions and their URLs, valid against cXML.dtd', async () => {
    const profile = (secret: string) =>
      setupRequest({ secret }).replace(/<PunchOutSetupRequest[\s\S]*<\/PunchOutSetupRequest>/, '<ProfileRequest/>');
    const answer = await call('POST', '/cxml/setup', {
      raw: profile(CXML_SECRET),
      query: `?storefrontUrl=${encodeURIComponent(site)}`,
    });
    expect(answer.text).toContain('<Status code="200"');
    for (const [name, where] of [
      ['PunchOutSetupRequest', 'setup'],
      ['OrderRequest', 'order'],
      ['ProfileRequest', 'setup'],
    ]) {
      expect(answer.text).toContain(`<Transaction requestName="${name}">`);
      expect(answer.text).toContain(`<URL>${site}/punchout/cxml/${where}</URL>`);
    }
    expect(validateCxml(answer.text)).toEqual({ valid: true, errors: [] });
    const refused = await call('POST', '/cxml/setup', { raw: profile('not-the-secret-at-all') });
    expect(refused.text).toContain('<Status code="401"');
  });

  test('a foreign BrowserFormPost is refused', async () => {
    const answer = await call('POST', '/cxml/setup', { raw: setupRequest({ formPost: 'https://evil.example.net/x' }) });
    expect(answer.text).toMatch(/<Status code="(400|403)"/);
  });

  test('transfer posts the PunchOutOrderMessage with the BuyerCookie unchanged; edit re-creates the cart; inspect is read-only', async () => {
    const { token } = await cxmlSession();
    await call('POST', '/checkout/cart/line-item', {
      token,
      body: { items: [{ type: 'product', id: FIXTURE.products.combinationPliers, quantity: 3 }] },
    });
    const transfer = await call('POST', '/werkbank/punchout/transfer', { token });
    expect(transfer.status).toBe(200);
    const value = /name="cxml-base64" value="([^"]+)"/.exec(transfer.text)![1]!;
    const poom = Buffer.from(value, 'base64').toString('utf8');
    expect(poom).toContain('<BuyerCookie>cookie &amp; <b>bold</b></BuyerCookie>');
    expect(poom).not.toContain('SharedSecret');
    expect(poom).toContain('quantity="3"');
    const aux = /<SupplierPartAuxiliaryID>([^<]+)<\/SupplierPartAuxiliaryID>/.exec(poom)![1]!;
    const items = `<ItemOut quantity="3"><ItemID><SupplierPartID>P-1000</SupplierPartID><SupplierPartAuxiliaryID>${aux}</SupplierPartAuxiliaryID></ItemID></ItemOut>`;

    const edit = await cxmlSession(setupRequest({ operation: 'edit', items }));
    const cart = json<StoreCart>(await call('GET', '/checkout/cart', { token: edit.token }));
    expect(cart.lineItems.map((l) => [l.referencedId, l.quantity])).toEqual([[FIXTURE.products.combinationPliers, 3]]);

    const inspect = await cxmlSession(setupRequest({ operation: 'inspect', items }));
    expect(inspect.startUrl).toContain('/cxml/inspect/');
    const change = await call('POST', '/checkout/cart/line-item', {
      token: inspect.token,
      body: { items: [{ type: 'product', id: FIXTURE.products.sideCutter, quantity: 1 }] },
    });
    expect(change.status).toBe(403);
    expect(errorCode(change)).toBe('WERKBANK__PUNCHOUT_CART_READ_ONLY');
  });

  test('an edit with a line this shop did not send answers Status 412', async () => {
    const items =
      '<ItemOut quantity="1"><ItemID><SupplierPartID>P-1000</SupplierPartID><SupplierPartAuxiliaryID>forged</SupplierPartAuxiliaryID></ItemID></ItemOut>';
    const answer = await call('POST', '/cxml/setup', { raw: setupRequest({ operation: 'edit', items }) });
    expect(answer.text).toContain('<Status code="412"');
  });

  test('a body over 1 MiB answers HTTP 413 with a Status 406 document', async () => {
    const big = setupRequest().replace('<BuyerCookie>', `<BuyerCookie>${'x'.repeat(1024 * 1024)}`);
    const answer = await call('POST', '/cxml/setup', { raw: big });
    expect(answer.status).toBe(413);
    expect(answer.text).toContain('<Status code="406"');
  });
});

/** An OrderRequest of the buyer `AN0200-T` (orders by cXML allowed). */
function orderRequest(
  payloadId: string,
  options: { type?: string; mode?: string; price?: string; part?: string } = {},
) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${payloadId}" timestamp="2026-11-28T10:00:00-05:00">
  <Header>
    <From><Credential domain="NetworkID"><Identity>AN0200-T</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>123456789</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>AN0200-T</Identity><SharedSecret>${CXML_SECRET}</SharedSecret></Credential><UserAgent>test</UserAgent></Sender>
  </Header>
  <Request deploymentMode="${options.mode ?? 'production'}">
    <OrderRequest>
      <OrderRequestHeader orderID="PO-4711" orderDate="2026-11-28" type="${options.type ?? 'new'}">
        <Total><Money currency="EUR">30.00</Money></Total>
        <BillTo><Address addressID="1"><Name xml:lang="en">Buyer</Name></Address></BillTo>
      </OrderRequestHeader>
      <ItemOut quantity="2" lineNumber="1">
        <ItemID><SupplierPartID>${options.part ?? 'P-1000'}</SupplierPartID></ItemID>
        <ItemDetail><UnitPrice><Money currency="EUR">${options.price ?? '15.00'}</Money></UnitPrice><Description xml:lang="en">Pliers</Description><UnitOfMeasure>C62</UnitOfMeasure><Classification domain="UNSPSC">27110000</Classification></ItemDetail>
      </ItemOut>
    </OrderRequest>
  </Request>
</cXML>`;
}

describe('cXML OrderRequest', () => {
  beforeAll(async () => {
    const company = await insertCompany(api.db);
    await insertAddress(api.db, company.id, { isMain: true });
    await insertCustomer(api.db, company.id, { username: 'buyer.two' });
    await addCxmlConfig(api.db, {
      companyNumber: company.companyNumber,
      domain: 'NetworkID',
      identity: 'AN0200-T',
      secret: CXML_SECRET,
      formPostOrigins: ['https://buyer.example.com'],
      user: 'buyer.two',
      settings: { allowOrderRequest: true },
    });
  });

  const ordersOf = async (username: string) =>
    (await api.db.select().from(orderTable)).filter((o) => o.customerId === customerIdOf(username));
  let ids = new Map<string, string>();
  const customerIdOf = (username: string) => ids.get(username)!;
  beforeAll(async () => {
    ids = new Map((await api.db.select().from(customerTable)).map((c) => [c.username, c.id]));
  });

  test('a valid OrderRequest becomes one order of the configured user; the same payloadID again answers alike', async () => {
    const first = await call('POST', '/cxml/order', { raw: orderRequest('order-1@buyer') });
    expect(first.status).toBe(200);
    expect(first.text).toContain('<Status code="200"');
    const again = await call('POST', '/cxml/order', { raw: orderRequest('order-1@buyer') });
    expect(again.text).toBe(first.text);
    expect(await ordersOf('buyer.two')).toHaveLength(1);
  });

  test('the accepted order is in the ERP when the Status is answered, booked to the configured user', async () => {
    const answer = await call('POST', '/cxml/order', { raw: orderRequest('order-8@buyer') });
    expect(answer.text).toContain('<Status code="200"');
    const [request] = await api.db
      .select()
      .from(cxmlOrderRequestTable)
      .where(eq(cxmlOrderRequestTable.payloadId, 'order-8@buyer'));
    const [order] = await api.db.select().from(orderTable).where(eq(orderTable.id, request!.orderId!));
    expect(order!.erpHandedOverAt).toBeInstanceOf(Date);
    const inErp = await api.db.select().from(erpOrderTable).where(eq(erpOrderTable.shopOrderId, order!.id));
    expect(inErp).toMatchObject([{ orderNumber: order!.orderNumber, customerId: customerIdOf('buyer.two') }]);
  });

  test('an ERP failing in the request still answers Status 200; the order’s job hands it over once', async () => {
    // The same shop with an ERP connector that refuses the hand-over in the request; its jobs recorded.
    const jobs = recordJobs(api.db);
    const simulated = createSimulatedErp({ db: api.db, config: api.config });
    const refusing = { ...simulated, transferOrder: () => Promise.reject(new Error('ERP connector: 503')) };
    const shop = createStoreApi({ db: api.db, config: api.config, erp: refusing, jobs }).app;
    const before = logged.length;
    const res = await shop.request(`/store-api/cxml/order`, {
      method: 'POST',
      headers: { 'sw-access-key': api.config.accessKey, 'content-type': 'text/xml' },
      body: orderRequest('order-9@buyer'),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<Status code="200"');
    const [request] = await api.db
      .select()
      .from(cxmlOrderRequestTable)
      .where(eq(cxmlOrderRequestTable.payloadId, 'order-9@buyer'));
    const orderId = request!.orderId!;
    expect(logged.slice(before).join('\n')).toContain(`order ${orderId} not handed over in its request`);
    const inErp = () => api.db.select().from(erpOrderTable).where(eq(erpOrderTable.shopOrderId, orderId));
    expect(await inErp()).toHaveLength(0);
    expect(jobs.handovers).toEqual([orderId]);
    await jobs.runHandovers(simulated);
    const [order] = await api.db.select().from(orderTable).where(eq(orderTable.id, orderId));
    expect(order!.erpHandedOverAt).toBeInstanceOf(Date);
    expect(await inErp()).toMatchObject([{ customerId: customerIdOf('buyer.two') }]);
  });

  test('a unit price that differs from the shop is reported; the order takes the shop price', async () => {
    const answer = await call('POST', '/cxml/order', { raw: orderRequest('order-2@buyer', { price: '1.00' }) });
    expect(answer.text).toContain('<Status code="200"');
    expect(answer.text).toContain('differ');
  });

  test('update and delete orders are recognised and not created; test mode places nothing; an unknown line is refused', async () => {
    const before = (await ordersOf('buyer.two')).length;
    const update = await call('POST', '/cxml/order', { raw: orderRequest('order-3@buyer', { type: 'update' }) });
    expect(update.text).toContain('<Status code="450"');
    const test = await call('POST', '/cxml/order', { raw: orderRequest('order-4@buyer', { mode: 'test' }) });
    expect(test.text).toContain('<Status code="200"');
    expect(test.text).toContain('no order placed');
    const unknown = await call('POST', '/cxml/order', { raw: orderRequest('order-5@buyer', { part: 'NOPE-1' }) });
    expect(unknown.text).toContain('<Status code="400"');
    expect((await ordersOf('buyer.two')).length).toBe(before);
  });

  test('a wrong shared secret answers 401; a buyer without cXML orders answers 403', async () => {
    const wrong = orderRequest('order-6@buyer').replace(CXML_SECRET, 'wrong-wrong-wrong-wrong');
    expect((await call('POST', '/cxml/order', { raw: wrong })).text).toContain('<Status code="401"');
    const other = orderRequest('order-7@buyer').replaceAll('AN0200-T', 'AN0100-T');
    expect((await call('POST', '/cxml/order', { raw: other })).text).toContain('<Status code="403"');
  });
});

describe('rate limits of the call-up', () => {
  test('buyers of one company call up again and again with the technical user; wrong passwords are limited', async () => {
    for (let i = 0; i < 12; i++) expect((await callUp(credentials)).status).toBe(200);
    const wrong: [string, string][] = [
      ['USERNAME', 'srm-tech'],
      ['PASSWORD', 'wrong-password-x'],
      ['HOOK_URL', HOOK],
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await callUp(wrong)).status);
    expect(statuses).toContain(429);
  });
});

describe('logs', () => {
  test('passwords and shared secrets never appear in the log, also when a request fails', async () => {
    // One failing request of each kind on top of everything this file sent.
    await callUp([
      ['USERNAME', 'srm-tech'],
      ['PASSWORD', 'leaked-password-123'],
      ['HOOK_URL', 'javascript:x'],
    ]);
    await call('POST', '/cxml/setup', { raw: setupRequest({ secret: 'leaked-secret-456' }).replace('</cXML>', '') });
    const text = logged.join('\n');
    for (const secret of ['a-long-oci-password', CXML_SECRET, 'leaked-password-123', 'leaked-secret-456']) {
      expect(text).not.toContain(secret);
    }
  });
});
