/**
 * The provider API contract (`/store-api/{provider}/…`, contract/provider/endpoints.ts and the documentation of its
 * answers, contract/provider/endpoint-docs.ts) holds:
 * - the committed OpenAPI document docs/openapi/provider.json is exactly the one generated from the contract, so it
 *   cannot drift from the schemas both halves use;
 * - every answer of the real backend (over PGlite) for each provider endpoint is documented for its status and
 *   matches the contract's response schema key for key (nothing undeclared, nothing missing), and the generated
 *   JSON Schema of the document accepts it too.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { providerEndpointResponses } from '../contract/provider/endpoint-docs.ts';
import { PROVIDER_ENDPOINTS, PROVIDER_SCHEMAS } from '../contract/provider/endpoints.ts';
import { createStoreApi } from '../backend/app.ts';
import { createCacheVersionState } from '../backend/db/cache-version.ts';
import { createAccountTestApi, type AccountTestApi } from '../backend/testing/account-test-app.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../backend/testing/company-test-support.ts';
import { fillCart, insertAddress, insertArticle, seedCheckoutSettings } from '../backend/testing/order-test-support.ts';
import { createTestStoreApi, FIXTURE, type TestStoreApi } from '../backend/testing/test-fixtures.ts';
import {
  costCenterTable,
  externalContactTable,
  orderApprovalTable,
  shippingMethodTable,
} from '../backend/db/schema/index.ts';
import { randomId } from '../backend/lib/ids.ts';
import {
  insertFlow,
  mountRequestApprovalRoute,
  TEST_REQUEST_APPROVAL_PATH,
} from '../backend/testing/approval-test-support.ts';
import { buildProviderOpenApi, PROVIDER_OPENAPI_PATH } from '../scripts/provider-openapi.ts';
import { DEFAULT_CXML_ENTRY, DEFAULT_OCI_ENTRY } from '../contract/provider/punchout.ts';
import { loadBackendConfig } from '../backend/config.ts';
import { addCxmlConfig, addOciConfig } from '../backend/commerce/punchout/config.ts';
import { createErpWorld, type ErpWorld } from '../backend/testing/erp-test-support.ts';

type Schema = Record<string, unknown>;
const document = JSON.parse(readFileSync(PROVIDER_OPENAPI_PATH, 'utf8')) as {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Schema }> }>>;
  components: Schema;
};

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'provider', components: document.components }, 'provider');

/**
 * The path of an entry as the document keys it: below the provider, or below the punch-out segment's default
 * (`/oci/call-up`, `/cxml/setup`).
 */
function documentPath(endpoint: (typeof PROVIDER_ENDPOINTS)[number]): string {
  if (endpoint.segment === 'oci') return `/${DEFAULT_OCI_ENTRY}${endpoint.path}`;
  if (endpoint.segment === 'cxml') return `/${DEFAULT_CXML_ENTRY}${endpoint.path}`;
  return endpoint.path;
}

/** `METHOD path status` of every answer checked, to prove each endpoint's success answer was seen. */
const checked = new Set<string>();

/**
 * Checks one real answer: its status is documented for the endpoint, and a body matches the contract's schema
 * exactly and the document's JSON Schema; a file answer (PDF) has the documented media type and a PDF header.
 *
 * @returns the parsed body ({} for 204 and files).
 */
async function conforms(method: string, path: string, res: Response, status: number): Promise<Record<string, unknown>> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const endpoint = PROVIDER_ENDPOINTS.find((e) => documentPath(e) === path && e.method === method.toLowerCase());
  if (!endpoint) throw new Error(`no provider endpoint ${method} ${path} in the contract`);
  const response = providerEndpointResponses(endpoint)[status];
  if (!response) throw new Error(`the contract documents no ${status} for ${method} ${path}`);
  checked.add(`${method.toUpperCase()} ${path} ${status}`);
  if (response.file) {
    expect(res.headers.get('content-type')?.split(';')[0]).toBe(response.file);
    expect(Object.keys(document.paths[path]![method.toLowerCase()]!.responses[String(status)]!.content!)).toEqual([
      response.file,
    ]);
    if (response.file === 'text/csv')
      expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('productId;customerSku');
    else if (response.file === 'text/html') expect(text.slice(0, 15).toLowerCase()).toBe('<!doctype html>');
    else if (response.file === 'text/xml') expect(text.slice(0, 5)).toBe('<?xml');
    else expect(text.slice(0, 5)).toBe('%PDF-');
    return {};
  }
  if (!response.schema) {
    expect(text).toBe('');
    return {};
  }
  const body = JSON.parse(text) as Record<string, unknown>;
  const parsed = v.safeParse(PROVIDER_SCHEMAS[response.schema], body);
  expect(parsed.success, JSON.stringify(parsed.issues?.map((i) => [v.getDotPath(i), i.message]))).toBe(true);
  expect(parsed.output, 'the answer holds keys the contract does not declare').toEqual(body);
  const schema = document.paths[path]![method.toLowerCase()]!.responses[String(status)]!.content!['application/json'];
  const validate = ajv.compile(
    JSON.parse(
      JSON.stringify((schema as { schema: Schema }).schema).replaceAll('"#/components/', '"provider#/components/'),
    ),
  );
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  return body;
}

test('docs/openapi/provider.json is the document generated from the contract (npm run openapi:provider)', () => {
  expect(document).toEqual(buildProviderOpenApi());
});

let api: TestStoreApi;
beforeAll(async () => {
  api = await createTestStoreApi();
});
afterAll(() => api.close());

describe('catalogue endpoints', () => {
  test('POST /variants: the variant count of each known parent; too many ids; an unknown access key', async () => {
    const parent = FIXTURE.products.drillSet;
    const ok = await conforms(
      'POST',
      '/variants',
      await api.call('POST', `/${api.config.provider}/variants`, { ids: [parent, '0'.repeat(32)] }),
      200,
    );
    expect(ok.elements).toEqual([expect.objectContaining({ id: parent, childCount: 3 })]);
    const ids = Array.from({ length: 501 }, (_, i) => i.toString(16).padStart(32, '0'));
    await conforms('POST', '/variants', await api.call('POST', `/${api.config.provider}/variants`, { ids }), 400);
    await conforms(
      'POST',
      '/variants',
      await api.call('POST', `/${api.config.provider}/variants`, { ids: [] }, { 'sw-access-key': 'SWSCUNKNOWN' }),
      401,
    );
  });
});

describe('cache versions', () => {
  test("GET /cache-version: the versions the app serves, the same as every answer's header", async () => {
    const cacheVersions = createCacheVersionState();
    cacheVersions.raise({ catalog: 12, channel: 3 });
    const { app } = createStoreApi({ db: api.db, config: api.config, cacheVersions });
    const res = await app.request(`/store-api/${api.config.provider}/cache-version`, {
      headers: { 'sw-access-key': api.config.accessKey },
    });
    expect(res.headers.get('x-werkbank-cache-version')).toBe('catalog=12, channel=3');
    expect(await conforms('GET', '/cache-version', res, 200)).toEqual({
      catalog: 12,
      channel: 3,
      apiAlias: 'werkbank_cache_version',
    });
    const unknownKey = await app.request(`/store-api/${api.config.provider}/cache-version`, {
      headers: { 'sw-access-key': 'SWSCUNKNOWN' },
    });
    expect(unknownKey.headers.get('x-werkbank-cache-version')).toBe('catalog=12, channel=3');
    await conforms('GET', '/cache-version', unknownKey, 401);
  });
});

describe('company, registration, rights and article endpoints', () => {
  let lead: TestCustomer;
  let buyer: TestCustomer;
  let companyId: string;
  let app: ReturnType<typeof createStoreApi>['app'];

  beforeAll(async () => {
    app = createStoreApi({ db: api.db, config: api.config }).app;
    companyId = (await insertCompany(api.db, { companyNumber: '700001', vatId: 'BE0202239951' })).id;
    lead = await insertCustomer(api.db, companyId, { leadBuyer: true });
    buyer = await insertCustomer(api.db, companyId, { rights: ['ROLE_VIEW_PRICES'] });
  });

  /** Calls `/store-api/{provider}{url}` and checks the answer against the contract for (path, method, status). */
  async function call(
    method: string,
    path: string,
    url: string,
    status: number,
    options: { token?: string; body?: unknown } = {},
  ): Promise<Record<string, unknown>> {
    const res = await app.request(`/store-api/${api.config.provider}${url}`, {
      method,
      headers: {
        'sw-access-key': api.config.accessKey,
        'content-type': 'application/json',
        'x-real-ip': `192.0.2.${Math.floor(Math.random() * 250)}`,
        ...(options.token ? { 'sw-context-token': options.token } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    return conforms(method, path, res, status);
  }

  test('company users: list, create, read, patch, delete and their errors', async () => {
    const list = await call('POST', '/companies/customers', '/companies/customers', 200, {
      token: lead.token,
      body: { filter: [{ type: 'equals', field: 'leadBuyer', value: 'no' }] },
    });
    expect(list.total).toBe(1);
    await call('POST', '/companies/customers', '/companies/customers', 403, { token: buyer.token, body: {} });
    await call('POST', '/companies/customers', '/companies/customers', 400, { token: lead.token, body: { limit: 0 } });
    const created = await call('POST', '/companies/customers/create', '/companies/customers/create', 200, {
      token: lead.token,
      body: { firstName: 'Nina', lastName: 'Nys', email: 'nina@example.com', username: 'Nina.Nys', role: 'buyer' },
    });
    expect(created).toMatchObject({ customerExtension: { username: 'nina.nys', leadBuyer: false }, role: 'buyer' });
    const id = created.id as string;
    await call('GET', '/companies/customers/{id}', `/companies/customers/${id}`, 200, { token: lead.token });
    await call('GET', '/companies/customers/{id}', `/companies/customers/${'0'.repeat(32)}`, 404, {
      token: lead.token,
    });
    await call('GET', '/companies/customers/{id}', '/companies/customers/x', 400, { token: lead.token });
    await call('PATCH', '/companies/customers/{id}', `/companies/customers/${id}`, 200, {
      token: lead.token,
      body: { leadBuyer: false, lastName: 'Nys-Peeters' },
    });
    await call('DELETE', '/companies/customers', '/companies/customers', 204, {
      token: lead.token,
      body: { customerIds: [id] },
    });
  });

  test('company addresses', async () => {
    const address = { name: 'HQ', street: 'Kaai', number: '1', zipcode: '9000', city: 'Gent', country: 'BE' };
    const created = await call('POST', '/companies/{companyId}/address', `/companies/${companyId}/address`, 200, {
      token: lead.token,
      body: address,
    });
    const extra = await call('POST', '/companies/{companyId}/address', `/companies/${companyId}/address`, 200, {
      token: lead.token,
      body: { ...address, name: 'Depot' },
    });
    const path = '/companies/{companyId}/address/{addressId}';
    await call('PUT', path, `/companies/${companyId}/address/${extra.id as string}`, 200, {
      token: lead.token,
      body: { ...address, name: 'Depot Zuid' },
    });
    await call('PUT', path, `/companies/${companyId}/address/${extra.id as string}`, 400, {
      token: lead.token,
      body: { ...address, zipcode: '90000' },
    });
    await call('DELETE', path, `/companies/${companyId}/address/${created.id as string}`, 400, { token: lead.token });
    await call('DELETE', path, `/companies/${companyId}/address/${extra.id as string}`, 204, { token: lead.token });
    await call('POST', '/companies/{companyId}/address', `/companies/${'1'.repeat(32)}/address`, 404, {
      token: lead.token,
      body: address,
    });
    await call('POST', '/companies/{companyId}/address', `/companies/${companyId}/address`, 403, {
      body: address,
    });
  });

  test('registration: company, exists, extra user, city search', async () => {
    const person = {
      firstName: 'Lotte',
      lastName: 'Jansen',
      email: 'lotte@example.com',
      password: 'a long enough password',
      privacyConsent: true,
    };
    const company = {
      ...person,
      username: 'lotte.jansen',
      companyName: 'Jansen Techniek',
      vatNumber: 'NL004495445B01',
      street: 'Stationsplein',
      number: '3',
      zipcode: '3511 AB',
      city: 'Utrecht',
      country: 'NL',
      branch: 'VDB_IND',
    };
    await call('POST', '/register/company', '/register/company', 200, { body: company });
    await call('POST', '/register/company', '/register/company', 400, {
      body: { ...company, username: 'x.y.z', vatNumber: 'NL004495445B00' },
    });
    await call('GET', '/register/company/exists', '/register/company/exists?companyNumber=700001', 200);
    await call('GET', '/register/company/exists', '/register/company/exists', 400);
    await call('POST', '/register/company/customer', '/register/company/customer', 200, {
      body: { ...person, username: 'second.user', companyNumber: '700001' },
    });
    await call('POST', '/register/company/customer', '/register/company/customer', 404, {
      body: { ...person, username: 'third.user', companyNumber: '000000' },
    });
    const cities = await call('GET', '/register/cities/search', '/register/cities/search?city=gent', 200);
    expect(cities.elements).toContainEqual({ zipcode: '9000', city: 'Gent', country: 'BE' });
    await call('GET', '/register/cities/search', '/register/cities/search', 400);
  });

  test('account rights and role: read, save and their errors', async () => {
    const rights = await call('GET', '/account/{id}/rights', `/account/${buyer.id}/rights`, 200, { token: lead.token });
    expect((rights.roles as unknown[]).length).toBe(24);
    await call('PUT', '/account/{id}/rights', `/account/${buyer.id}/rights`, 200, {
      token: lead.token,
      body: { roles: [{ code: 'ROLE_PLACE_ORDERS', enabled: true }] },
    });
    await call('PUT', '/account/{id}/rights', `/account/${buyer.id}/rights`, 400, {
      token: lead.token,
      body: { roles: [{ code: 'ROLE_DOES_NOT_EXIST', enabled: true }] },
    });
    await call('GET', '/account/{id}/rights', `/account/${'0'.repeat(32)}/rights`, 404, { token: lead.token });
    await call('GET', '/account/{id}/role', `/account/${buyer.id}/role`, 200, { token: lead.token });
    await call('PUT', '/account/{id}/role', `/account/${buyer.id}/role`, 200, {
      token: lead.token,
      body: { role: 'approver' },
    });
    await call('PUT', '/account/{id}/role', `/account/${buyer.id}/role`, 400, {
      token: lead.token,
      body: { role: 'emperor' },
    });
    await call('POST', '/account/login-as-customer', '/account/login-as-customer', 403, {
      token: lead.token,
      body: { username: buyer.username },
    });
  });

  test('article information', async () => {
    const info = await call('POST', '/article/information', '/article/information', 200, {
      token: buyer.token,
      body: {
        articles: [
          { sku: 'P-1000', quantity: 10 },
          { sku: 'S-3000', quantity: 100 },
          { sku: 'P-1002', quantity: 1 },
        ],
      },
    });
    expect((info.articles as unknown[]).length).toBeGreaterThan(0);
    await call('POST', '/article/information', '/article/information', 403, {
      body: { articles: [{ sku: 'P-1000', quantity: 1 }] },
    });
    await call('POST', '/article/information', '/article/information', 400, {
      token: buyer.token,
      body: { articles: [] },
    });
  });
});

describe('order history endpoints', () => {
  test('pickup locations; history list and detail: an order placed through checkout, filters, 400, 403, 404', async () => {
    const app = createStoreApi({ db: api.db, config: api.config }).app;
    await seedCheckoutSettings(api.db);
    const companyId = (await insertCompany(api.db)).id;
    await insertAddress(api.db, companyId, { isMain: true });
    const buyer = await insertCustomer(api.db, companyId);
    const clerk = await insertCustomer(api.db, companyId, { rights: ['ROLE_VIEW_PRICES'] });
    const article = await insertArticle(api.db, { price: '3.50', stock: 1 });
    await fillCart(api.db, buyer.id, [{ productId: article.id, quantity: 4, remark: 'blue' }]);
    const headers = { 'sw-access-key': api.config.accessKey, 'content-type': 'application/json' };
    const locations = await conforms(
      'GET',
      '/pickup-location',
      await app.request(`/store-api/${api.config.provider}/pickup-location`, { headers }),
      200,
    );
    // The closed warehouse of the settings is not offered.
    expect(locations.elements).toEqual([expect.objectContaining({ name: 'Shop Antwerpen', kind: 'shop' })]);
    const placed = await app.request('/store-api/checkout/order', {
      method: 'POST',
      headers: { ...headers, 'sw-context-token': buyer.token },
      body: JSON.stringify({ orderReference: 'PO-1' }),
    });
    expect(placed.status).toBe(200);
    const { orderNumber } = (await placed.json()) as { orderNumber: string };
    const get = (url: string, token: string) =>
      app.request(`/store-api/${api.config.provider}${url}`, { headers: { ...headers, 'sw-context-token': token } });
    const list = await conforms('GET', '/sw/order/history', await get('/sw/order/history?limit=5', buyer.token), 200);
    expect(list).toMatchObject({ total: 1, page: 1, limit: 5, elements: [{ orderNumber, orderReference: 'PO-1' }] });
    await conforms('GET', '/sw/order/history', await get('/sw/order/history?state=lost', buyer.token), 400);
    await conforms('GET', '/sw/order/history', await get('/sw/order/history', clerk.token), 403);
    const path = '/sw/order/history/detail';
    const detail = await conforms('GET', path, await get(`${path}?orderNumber=${orderNumber}`, buyer.token), 200);
    expect(detail.lines).toEqual([expect.objectContaining({ quantity: 4, backorderQuantity: 3, remark: 'blue' })]);
    await conforms('GET', path, await get(path, buyer.token), 400);
    await conforms('GET', path, await get(`${path}?orderNumber=${orderNumber}`, clerk.token), 403);
    await conforms('GET', path, await get(`${path}?orderNumber=1`, buyer.token), 404);
  });
});

describe('approval endpoints', () => {
  test('list, approve one, bulk decisions: answers for 200, 400, 403, 404 and 409 conform', async () => {
    const app = createStoreApi({ db: api.db, config: api.config }).app;
    mountRequestApprovalRoute(app, { db: api.db, config: api.config });
    if ((await api.db.select({ id: shippingMethodTable.id }).from(shippingMethodTable)).length === 0) {
      await seedCheckoutSettings(api.db);
    }
    const companyId = (await insertCompany(api.db)).id;
    await insertAddress(api.db, companyId, { isMain: true });
    const requester = await insertCustomer(api.db, companyId, { rights: ['ROLE_PLACE_ORDERS'] });
    const approver = await insertCustomer(api.db, companyId, { rights: ['ROLE_APPROVE_ORDER_FLOWS'] });
    const clerk = await insertCustomer(api.db, companyId, { rights: ['ROLE_VIEW_PRICES'] });
    const otherCompany = (await insertCompany(api.db)).id;
    const outsider = await insertCustomer(api.db, otherCompany, { rights: ['ROLE_APPROVE_ORDER_FLOWS'] });
    const flowId = await insertFlow(api.db, companyId, { approvers: [approver.id], users: [requester.id] });
    const article = await insertArticle(api.db, { price: '80.00', stock: 50 });
    const headers = { 'sw-access-key': api.config.accessKey, 'content-type': 'application/json' };
    const post = (url: string, token: string, body: unknown) =>
      app.request(url.startsWith('/store-api') ? url : `/store-api/${api.config.provider}${url}`, {
        method: 'POST',
        headers: { ...headers, 'sw-context-token': token },
        body: JSON.stringify(body),
      });
    const requested: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await fillCart(api.db, requester.id, [{ productId: article.id, quantity: 2 }]);
      const res = await post(TEST_REQUEST_APPROVAL_PATH, requester.token, {
        flowId,
        data: { orderReference: `PO-A${i}` },
      });
      expect(res.status).toBe(200);
      requested.push(((await res.json()) as { approvalId: string }).approvalId);
    }
    const [first, second, third] = requested as [string, string, string];

    const list = await conforms('POST', '/order/approvals', await post('/order/approvals', approver.token, {}), 200);
    expect(list).toMatchObject({ total: 3, page: 1, limit: 20 });
    await conforms('POST', '/order/approvals', await post('/order/approvals', approver.token, { status: 'x' }), 400);
    await conforms('POST', '/order/approvals', await post('/order/approvals', '', {}), 403);

    const path = '/order/approve/{id}';
    const approved = await conforms('POST', path, await post(`/order/approve/${first}`, approver.token, {}), 200);
    expect(approved).toMatchObject({ id: first, status: 'approved', orderNumber: expect.any(String) });
    await conforms('POST', path, await post(`/order/approve/${first}`, approver.token, {}), 409);
    await conforms('POST', path, await post(`/order/approve/${second}`, clerk.token, {}), 403);
    await conforms('POST', path, await post(`/order/approve/${second}`, requester.token, {}), 403);
    await conforms('POST', path, await post(`/order/approve/${second}`, outsider.token, {}), 404);
    await conforms('POST', path, await post('/order/approve/nope', approver.token, {}), 400);

    const actions = '/order/approvals/actions';
    const bulk = await conforms(
      'POST',
      actions,
      await post(actions, approver.token, {
        actions: [
          { id: second, action: 'decline', comment: 'Not now' },
          { id: third, action: 'approve' },
          { id: first, action: 'approve' },
        ],
      }),
      200,
    );
    expect(bulk.results).toEqual([
      expect.objectContaining({ id: second, outcome: expect.objectContaining({ status: 'declined', orderId: null }) }),
      expect.objectContaining({ id: third, outcome: expect.objectContaining({ status: 'approved' }) }),
      expect.objectContaining({ id: first, outcome: null, error: expect.objectContaining({ status: '409' }) }),
    ]);
    await conforms('POST', actions, await post(actions, approver.token, { actions: [] }), 400);
    await conforms(
      'POST',
      actions,
      await post(actions, clerk.token, { actions: [{ id: second, action: 'approve' }] }),
      403,
    );

    await fillCart(api.db, requester.id, [{ productId: article.id, quantity: 2 }]);
    const requestedLast = await post(TEST_REQUEST_APPROVAL_PATH, requester.token, { flowId, data: {} });
    const fourth = ((await requestedLast.json()) as { approvalId: string }).approvalId;
    const withdraw = '/order/withdraw/{id}';
    await conforms('POST', withdraw, await post(`/order/withdraw/${fourth}`, approver.token, {}), 404);
    await conforms('POST', withdraw, await post(`/order/withdraw/${fourth}`, outsider.token, {}), 404);
    await conforms('POST', withdraw, await post(`/order/withdraw/${fourth}`, '', {}), 403);
    await conforms('POST', withdraw, await post('/order/withdraw/nope', requester.token, {}), 400);
    const withdrawn = await conforms(
      'POST',
      withdraw,
      await post(`/order/withdraw/${fourth}`, requester.token, {}),
      200,
    );
    expect(withdrawn).toMatchObject({ id: fourth, status: 'withdrawn', orderId: null });
    await conforms('POST', withdraw, await post(`/order/withdraw/${fourth}`, requester.token, {}), 409);
  });
});

describe('order reference and cost centre endpoints', () => {
  test('order references and cost centres: answers for 200, 204, 400, 403 and 404 conform', async () => {
    const app = createStoreApi({ db: api.db, config: api.config }).app;
    const companyId = (await insertCompany(api.db)).id;
    const manager = await insertCustomer(api.db, companyId, { leadBuyer: true });
    const clerk = await insertCustomer(api.db, companyId, { rights: ['ROLE_VIEW_PRICES'] });
    const outsider = await insertCustomer(api.db, (await insertCompany(api.db)).id, { leadBuyer: true });
    const contactId = randomId();
    const centreId = randomId();
    await api.db.insert(externalContactTable).values({ id: contactId, companyId, identifier: 'E1', name: 'Ext' });
    await api.db.insert(costCenterTable).values({ id: centreId, companyId, identifier: 'K1', name: 'Centre' });
    const send = (method: string, url: string, token: string, body?: unknown) =>
      app.request(`/store-api/${api.config.provider}${url}`, {
        method,
        headers: {
          'sw-access-key': api.config.accessKey,
          'content-type': 'application/json',
          'sw-context-token': token,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    const check = async (method: string, path: string, url: string, token: string, status: number, body?: unknown) =>
      conforms(method, path, await send(method, url, token, body), status);

    // The approver is not one who books to it: nobody approves what they order under (ADR 015).
    const approver = await insertCustomer(api.db, companyId, { rights: ['ROLE_APPROVE_ORDER_FLOWS'] });
    const ref = { name: 'PO-C1', budget: 100, startDate: '2026-01-01', approvers: [approver.id] };
    const created = await check('POST', '/order-reference', '/order-reference', manager.token, 200, ref);
    const id = created.id as string;
    await check('POST', '/order-reference', '/order-reference', manager.token, 400, { ...ref, name: 'po-c1' });
    await check('POST', '/order-reference', '/order-reference', clerk.token, 403, ref);
    await check('POST', '/order-reference', '/order-reference', manager.token, 404, {
      ...ref,
      name: 'X',
      users: [outsider.id],
    });
    await check('POST', '/order-reference/list', '/order-reference/list', manager.token, 200, { term: 'po' });
    await check('POST', '/order-reference/list', '/order-reference/list', manager.token, 400, { limit: 0 });
    await check('POST', '/order-reference/list', '/order-reference/list', clerk.token, 403, {});
    const one = '/order-reference/{id}';
    await check('GET', one, `/order-reference/${id}`, manager.token, 200);
    await check('GET', one, '/order-reference/nope', manager.token, 400);
    await check('GET', one, `/order-reference/${id}`, clerk.token, 403);
    await check('GET', one, `/order-reference/${id}`, outsider.token, 404);
    await check('PUT', one, `/order-reference/${id}`, manager.token, 200, { ...ref, budget: 50 });
    await check('PUT', one, `/order-reference/${id}`, manager.token, 400, { ...ref, period: 'custom' });
    await check('PUT', one, `/order-reference/${id}`, clerk.token, 403, ref);
    await check('PUT', one, `/order-reference/${id}`, outsider.token, 404, ref);
    const search = '/order-reference/search/{term}';
    const found = await check('GET', search, '/order-reference/search/c1', manager.token, 200);
    expect(found.elements).toEqual([expect.objectContaining({ id, name: 'PO-C1' })]);
    await check('GET', search, `/order-reference/search/${'x'.repeat(31)}`, manager.token, 400);
    await check('GET', search, '/order-reference/search/c1', clerk.token, 403);
    const cart = '/order-reference/cart/{id}';
    await check('PUT', cart, `/order-reference/cart/${id}`, manager.token, 200);
    await check('PUT', cart, `/order-reference/cart/${id}`, clerk.token, 403);
    await check('PUT', cart, `/order-reference/cart/${id}`, outsider.token, 404);
    await check('PUT', one, `/order-reference/${id}`, manager.token, 200, { ...ref, budget: 50, active: false });
    await check('PUT', cart, `/order-reference/cart/${id}`, manager.token, 400);
    await check('DELETE', '/order-reference/cart', '/order-reference/cart', manager.token, 200);
    await check('DELETE', '/order-reference/cart', '/order-reference/cart', clerk.token, 403);
    await check('DELETE', one, `/order-reference/${id}`, clerk.token, 403);
    await check('DELETE', one, `/order-reference/${id}`, outsider.token, 404);
    await check('DELETE', one, '/order-reference/nope', manager.token, 400);
    await check('DELETE', one, `/order-reference/${id}`, manager.token, 204);

    const contacts = '/cost-center/external-contact';
    await check('GET', contacts, contacts, manager.token, 200);
    await check('GET', contacts, contacts, clerk.token, 403);
    for (const path of ['/cost-center/external-contact-assign', '/cost-center/external-contact-dismiss']) {
      await check('POST', path, path, manager.token, 200, { ids: [contactId] });
      await check('POST', path, path, manager.token, 200, {});
      await check('POST', path, path, manager.token, 400, { ids: [] });
      await check('POST', path, path, clerk.token, 403, {});
      await check('POST', path, path, manager.token, 404, { ids: [randomId()] });
    }
    await check('GET', '/cost-center/cart/external-contact', '/cost-center/cart/external-contact', manager.token, 200);
    await check('GET', '/cost-center/cart/external-contact', '/cost-center/cart/external-contact', clerk.token, 403);
    const centres = await check('GET', '/cost-center', '/cost-center', manager.token, 200);
    expect(centres.elements).toEqual([{ id: centreId, identifier: 'K1', name: 'Centre' }]);
    await check('GET', '/cost-center', '/cost-center', clerk.token, 403);
    const choose = '/cost-center/cart/{id}';
    await check('PUT', choose, `/cost-center/cart/${centreId}`, manager.token, 200);
    await check('PUT', choose, '/cost-center/cart/nope', manager.token, 400);
    await check('PUT', choose, `/cost-center/cart/${centreId}`, clerk.token, 403);
    await check('PUT', choose, `/cost-center/cart/${centreId}`, outsider.token, 404);
    await check('DELETE', '/cost-center/cart', '/cost-center/cart', manager.token, 200);
    await check('DELETE', '/cost-center/cart', '/cost-center/cart', clerk.token, 403);
  });
});

describe('order list endpoints', () => {
  test('order lists and their items: answers for 200, 204, 400, 403 and 404 conform', async () => {
    const app = createStoreApi({ db: api.db, config: api.config }).app;
    const companyId = (await insertCompany(api.db)).id;
    const buyer = await insertCustomer(api.db, companyId);
    const clerk = await insertCustomer(api.db, companyId, { rights: ['ROLE_VIEW_PRICES'] });
    const outsider = await insertCustomer(api.db, (await insertCompany(api.db)).id);
    const check = async (method: string, path: string, url: string, token: string, status: number, body?: unknown) =>
      conforms(
        method,
        path,
        await app.request(`/store-api/${api.config.provider}${url}`, {
          method,
          headers: {
            'sw-access-key': api.config.accessKey,
            'content-type': 'application/json',
            'sw-context-token': token,
          },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        }),
        status,
      );

    const lists = '/order/list';
    const body = { name: 'Werkplaats', ownerType: 'company', tags: ['Maand'], items: [{ productNumber: 'P-1000' }] };
    const created = await check('POST', lists, lists, buyer.token, 200, body);
    const id = created.id as string;
    await check('POST', lists, lists, buyer.token, 400, { name: '' });
    await check('POST', lists, lists, buyer.token, 400, { name: 'X', items: [{ productNumber: 'NOPE' }] });
    await check('POST', lists, lists, clerk.token, 403, body);
    await check('POST', lists, lists, buyer.token, 404, { name: 'Copy', sourceListId: randomId() });
    await check('GET', lists, `${lists}?tagIds=${(created.tags as { id: string }[])[0]!.id}`, buyer.token, 200);
    await check('GET', lists, `${lists}?limit=0`, buyer.token, 400);
    await check('GET', lists, lists, clerk.token, 403);
    const one = '/order/list/{id}';
    await check('GET', one, `${lists}/${id}`, buyer.token, 200);
    await check('GET', one, `${lists}/nope`, buyer.token, 400);
    await check('GET', one, `${lists}/${id}`, clerk.token, 403);
    await check('GET', one, `${lists}/${id}`, outsider.token, 404);
    await check('PATCH', one, `${lists}/${id}`, buyer.token, 200, { name: 'Werkplaats 2' });
    await check('PATCH', one, `${lists}/${id}`, buyer.token, 400, { ownerType: 'team' });
    await check('PATCH', one, `${lists}/${id}`, clerk.token, 403, {});
    await check('PATCH', one, `${lists}/${id}`, outsider.token, 404, {});
    const items = '/order/list/{id}/items';
    await check('POST', items, `${lists}/${id}/items`, buyer.token, 200, { items: [{ productNumber: 'S-3000' }] });
    await check('POST', items, `${lists}/${id}/items`, buyer.token, 400, { items: [] });
    await check('POST', items, `${lists}/${id}/items`, clerk.token, 403, { items: [{ productNumber: 'P-1000' }] });
    await check('POST', items, `${lists}/${id}/items`, outsider.token, 404, { items: [{ productNumber: 'P-1000' }] });
    const ids = { productIds: [FIXTURE.products.hexBolt] };
    await check('DELETE', items, `${lists}/${id}/items`, buyer.token, 200, ids);
    await check('DELETE', items, `${lists}/${id}/items`, buyer.token, 400, { productIds: [] });
    await check('DELETE', items, `${lists}/${id}/items`, clerk.token, 403, ids);
    await check('DELETE', items, `${lists}/${id}/items`, outsider.token, 404, ids);
    await check('DELETE', one, `${lists}/${id}`, clerk.token, 403);
    await check('DELETE', one, `${lists}/${id}`, outsider.token, 404);
    await check('DELETE', one, `${lists}/nope`, buyer.token, 400);
    await check('DELETE', one, `${lists}/${id}`, buyer.token, 204);
  });
});

describe('article link endpoints', () => {
  test('article links, info, export and import: answers for 200, 204, 400, 403, 404 and 413 conform', async () => {
    const app = createStoreApi({ db: api.db, config: api.config }).app;
    const companyId = (await insertCompany(api.db)).id;
    const manager = await insertCustomer(api.db, companyId, { leadBuyer: true });
    const clerk = await insertCustomer(api.db, companyId, { rights: ['ROLE_VIEW_PRICES'] });
    const outsider = await insertCustomer(api.db, (await insertCompany(api.db)).id, { leadBuyer: true });
    const check = async (method: string, path: string, url: string, token: string, status: number, body?: unknown) =>
      conforms(
        method,
        path,
        await app.request(`/store-api/${api.config.provider}${url}`, {
          method,
          headers: {
            'sw-access-key': api.config.accessKey,
            'content-type': typeof body === 'string' ? 'text/csv' : 'application/json',
            'sw-context-token': token,
          },
          ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
        }),
        status,
      );

    const links = '/article-links';
    const created = await check('POST', links, links, manager.token, 200, { productId: 'P-1000', customerSku: 'K-1' });
    const id = created.id as string;
    await check('POST', links, links, manager.token, 400, { productId: 'P-1000', customerSku: 'k-2' });
    await check('POST', links, links, manager.token, 400, { productId: 'NOPE', customerSku: '' });
    await check('POST', links, links, clerk.token, 403, { productId: 'S-3000', customerSku: 'K-3' });
    await check('GET', links, `${links}?term=k-&sort=name&order=desc`, manager.token, 200);
    await check('GET', links, `${links}?limit=0`, manager.token, 400);
    await check('GET', links, links, clerk.token, 403);
    const info = '/article-links/info';
    await check('POST', info, info, manager.token, 200, { productIds: ['P-1000'], customerSkus: ['k-1'] });
    await check('POST', info, info, manager.token, 400, {});
    await check('POST', info, info, clerk.token, 403, { productIds: ['P-1000'] });
    const exported = '/article-links/export';
    await check('GET', exported, exported, manager.token, 200);
    await check('GET', exported, exported, clerk.token, 403);
    const imported = '/article-links/import';
    await check('POST', imported, imported, manager.token, 200, 'productId;customerSku\nS-3000;K-3\nNOPE;K-4\n');
    await check('POST', imported, imported, manager.token, 400, 'productId\nP-1000\n');
    await check('POST', imported, imported, clerk.token, 403, 'productId;customerSku\n');
    await check('POST', imported, imported, manager.token, 413, 'x'.repeat(2 * 1024 * 1024 + 1));
    const one = '/article-links/{id}';
    await check('PUT', one, `${links}/${id}`, manager.token, 200, { productId: 'P-1000', customerSku: 'K-1a' });
    await check('PUT', one, `${links}/${id}`, manager.token, 400, { productId: 'S-3000', customerSku: 'K-1a' });
    await check('PUT', one, `${links}/${id}`, clerk.token, 403, { productId: 'P-1000', customerSku: 'K-1' });
    await check('PUT', one, `${links}/${id}`, outsider.token, 404, { productId: 'P-1000', customerSku: 'K-1' });
    await check('DELETE', one, `${links}/nope`, manager.token, 400);
    await check('DELETE', one, `${links}/${id}`, clerk.token, 403);
    await check('DELETE', one, `${links}/${id}`, outsider.token, 404);
    await check('DELETE', one, `${links}/${id}`, manager.token, 204);
  });
});

describe('order flow endpoints', () => {
  test('order flows and their pending approvals: answers for 200, 204, 400, 403 and 404 conform', async () => {
    const app = createStoreApi({ db: api.db, config: api.config }).app;
    const companyId = (await insertCompany(api.db)).id;
    const manager = await insertCustomer(api.db, companyId, { leadBuyer: true });
    const buyer = await insertCustomer(api.db, companyId, { rights: ['ROLE_VIEW_PRICES'] });
    const outsider = await insertCustomer(api.db, (await insertCompany(api.db)).id, { leadBuyer: true });
    const send = (method: string, url: string, token: string, body?: unknown) =>
      app.request(`/store-api/${api.config.provider}${url}`, {
        method,
        headers: {
          'sw-access-key': api.config.accessKey,
          'content-type': 'application/json',
          'sw-context-token': token,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    const check = async (method: string, path: string, url: string, token: string, status: number, body?: unknown) =>
      conforms(method, path, await send(method, url, token, body), status);

    const flow = { name: 'Crew', budget: 100, approveFrom: 50, startDate: '2026-01-01', approvers: [manager.id] };
    const created = await check('POST', '/order-flow', '/order-flow', manager.token, 200, flow);
    const id = created.id as string;
    await check('POST', '/order-flow', '/order-flow', manager.token, 400, { ...flow, budgetPeriod: 'daily' });
    await check('POST', '/order-flow', '/order-flow', buyer.token, 403, flow);
    await check('POST', '/order-flow', '/order-flow', manager.token, 404, { ...flow, users: [outsider.id] });
    await check('POST', '/order-flow/list', '/order-flow/list', manager.token, 200, { term: 'cr' });
    await check('POST', '/order-flow/list', '/order-flow/list', manager.token, 400, { limit: 0 });
    await check('POST', '/order-flow/list', '/order-flow/list', buyer.token, 403, {});
    const assign = '/order-flow/assign';
    await check('POST', assign, assign, manager.token, 200, { flowId: id, users: [buyer.id] });
    await check('POST', assign, assign, manager.token, 400, { flowId: id, users: [] });
    await check('POST', assign, assign, buyer.token, 403, { flowId: id, users: [buyer.id] });
    await check('POST', assign, assign, outsider.token, 404, { flowId: id, users: [outsider.id] });
    const one = '/order-flow/{id}';
    await check('GET', one, `/order-flow/${id}`, manager.token, 200);
    await check('GET', one, '/order-flow/nope', manager.token, 400);
    await check('GET', one, `/order-flow/${id}`, buyer.token, 403);
    await check('GET', one, `/order-flow/${id}`, outsider.token, 404);
    await check('PUT', one, `/order-flow/${id}`, manager.token, 200, { ...flow, users: [buyer.id] });
    await check('PUT', one, `/order-flow/${id}`, manager.token, 400, { ...flow, budgetPeriod: 'custom' });
    await check('PUT', one, `/order-flow/${id}`, buyer.token, 403, flow);
    await check('PUT', one, `/order-flow/${id}`, outsider.token, 404, flow);

    const approvalId = randomId();
    await api.db.insert(orderApprovalTable).values({
      id: approvalId,
      approvalNumber: `C-${approvalId.slice(0, 8)}`,
      companyId,
      requesterId: buyer.id,
      flowId: id,
      netCents: 6_000,
      totalCents: 7_260,
      snapshot: {},
      snapshotHash: 'contract',
    });
    const pending = await check('GET', '/order-flow/pending', '/order-flow/pending', manager.token, 200);
    expect(pending).toMatchObject({ total: 1, elements: [{ id: approvalId, amountNet: 60 }] });
    await check('GET', '/order-flow/pending', '/order-flow/pending', buyer.token, 403);

    await check('DELETE', one, `/order-flow/${id}`, buyer.token, 403);
    await check('DELETE', one, `/order-flow/${id}`, outsider.token, 404);
    await check('DELETE', one, '/order-flow/nope', manager.token, 400);
    await check('DELETE', one, `/order-flow/${id}`, manager.token, 204);
  });
});

describe('login as customer and the development aids (demo customers, WERKBANK_DEV_OUTBOX=1)', () => {
  let account: AccountTestApi;
  beforeAll(async () => {
    account = await createAccountTestApi({ WERKBANK_DEV_OUTBOX: '1' });
  });
  afterAll(() => account.close());

  const provider = () => `/${account.config.provider}`;

  test('an account manager logs in as a customer of a company they look after', async () => {
    const token = await account.login('sophie.berger');
    const res = await account.call(
      'POST',
      `${provider()}/account/login-as-customer`,
      { username: 'Anna.Peeters' },
      { 'sw-context-token': token },
    );
    const body = await conforms('POST', '/account/login-as-customer', res, 200);
    expect(res.headers.get('sw-context-token')).toBe(body.contextToken);
    await conforms(
      'POST',
      '/account/login-as-customer',
      await account.call(
        'POST',
        `${provider()}/account/login-as-customer`,
        { customerId: 'f'.repeat(32) },
        { 'sw-context-token': token },
      ),
      404,
    );
  });

  test('the outbox lists kept mail; activation by username answers what it activated', async () => {
    await account.call('POST', '/account/recovery-password', { username: 'anna.peeters' });
    await account.settle();
    const outbox = await conforms('GET', '/dev/outbox', await account.call('GET', `${provider()}/dev/outbox`), 200);
    expect((outbox.elements as unknown[]).length).toBeGreaterThan(0);
    const activated = await conforms(
      'POST',
      '/dev/activate',
      await account.call('POST', `${provider()}/dev/activate`, { key: 'kim.wouters' }),
      200,
    );
    expect(activated.activated).toEqual(['kim.wouters']);
    await conforms(
      'POST',
      '/dev/activate',
      await account.call('POST', `${provider()}/dev/activate`, { key: 'nobody.here' }),
      404,
    );
  });
});

describe('ERP endpoints (the simulated ERP)', () => {
  let world: ErpWorld;
  beforeAll(async () => {
    world = await createErpWorld();
  });
  afterAll(() => world.close());
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  /** Calls the provider path `url` as `token` and checks the answer against the contract for (path, method, status). */
  async function check(method: string, path: string, url: string, status: number, token?: string, body?: unknown) {
    const res = await world.app.request(`/store-api/${world.config.provider}${url}`, {
      method,
      headers: {
        'sw-access-key': world.config.accessKey,
        'content-type': 'application/json',
        ...(token ? { 'sw-context-token': token } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return conforms(method, path, res, status);
  }

  test('order and invoice history, the invoice PDFs: answers for 200, 400, 403 and 404 conform', async () => {
    const { lead, outsider, clerk } = world;
    await world.place(lead, [{ productId: world.article.id, quantity: 10 }], 'PO-C1');
    await world.place(outsider, [{ productId: world.article.id, quantity: 2 }], 'PO-C2');
    await world.erp.advance(new Date(Date.now() + 10 * 24 * 3_600_000));
    const orders = await check('GET', '/order/history', '/order/history?customerReference=c1', 200, lead.token);
    expect(orders).toMatchObject({ total: 1, elements: [{ customerReference: 'PO-C1' }] });
    const orderNumber = (orders.elements as { orderNumber: string }[])[0]!.orderNumber;
    await check('GET', '/order/history', '/order/history?limit=101', 400, lead.token);
    await check('GET', '/order/history', '/order/history', 403, clerk.token);
    const detail = '/order/history/detail';
    await check('GET', detail, `${detail}?orderNumber=${orderNumber}`, 200, lead.token);
    await check('GET', detail, detail, 400, lead.token);
    await check('GET', detail, `${detail}?orderNumber=${orderNumber}`, 403, clerk.token);
    await check('GET', detail, `${detail}?orderNumber=${orderNumber}`, 404, outsider.token);
    const invoices = await check('GET', '/invoice/history', '/invoice/history', 200, lead.token);
    expect(invoices.total).toBe(1);
    const invoiceNumber = (invoices.elements as { invoiceNumber: string }[])[0]!.invoiceNumber;
    await check('GET', '/invoice/history', '/invoice/history?dateFrom=2026-02-02&dateTo=2026-02-01', 400, lead.token);
    await check('GET', '/invoice/history', '/invoice/history', 403, clerk.token);
    for (const kind of ['document', 'proof-of-delivery']) {
      const path = `/invoice/{invoiceNumber}/${kind}`;
      await check('GET', path, `/invoice/${invoiceNumber}/${kind}`, 200, lead.token);
      await check('GET', path, `/invoice/${invoiceNumber}/${kind}`, 403, clerk.token);
      await check('GET', path, `/invoice/${invoiceNumber}/${kind}`, 404, outsider.token);
    }
  });

  test('offers from request to cart, and the development advance: answers for 200, 400, 403 and 404 conform', async () => {
    const { lead, outsider, clerk } = world;
    await world.store('DELETE', '/checkout/cart', lead.token);
    await check('POST', '/offer/request', '/offer/request', 400, lead.token, {});
    await fillCart(world.db, lead.id, [{ productId: world.article.id, quantity: 6 }]);
    const offer = await check('POST', '/offer/request', '/offer/request', 200, lead.token, { comment: 'Quote' });
    const offerNumber = offer.offerNumber as string;
    await check('POST', '/offer/request', '/offer/request', 403, clerk.token, {});
    await check('GET', '/offer/history', '/offer/history?status=open', 200, lead.token);
    await check('GET', '/offer/history', '/offer/history?dateFrom=2026-02-02&dateTo=2026-02-01', 400, lead.token);
    await check('GET', '/offer/history', '/offer/history', 403, clerk.token);
    const detail = '/offer/history/detail';
    await check('GET', detail, `${detail}?offerNumber=${offerNumber}`, 200, lead.token);
    await check('GET', detail, detail, 400, lead.token);
    await check('GET', detail, `${detail}?offerNumber=${offerNumber}`, 403, clerk.token);
    await check('GET', detail, `${detail}?offerNumber=${offerNumber}`, 404, outsider.token);
    const pdf = '/offer/{offerNumber}/document';
    await check('GET', pdf, `/offer/${offerNumber}/document`, 404, lead.token);
    await check('POST', '/offer/cart', '/offer/cart', 400, lead.token, { offerNumber });

    vi.stubEnv('WERKBANK_DEV_OUTBOX', '');
    const off = createStoreApi({ db: world.db, config: world.config }).app;
    const advance = (app: typeof off, body: unknown) =>
      app.request(`/store-api/${world.config.provider}/dev/erp/advance`, {
        method: 'POST',
        headers: { 'sw-access-key': world.config.accessKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await conforms('POST', '/dev/erp/advance', await advance(off, { hours: 3 }), 404);
    vi.stubEnv('WERKBANK_DEV_OUTBOX', '1');
    const on = createStoreApi({ db: world.db, config: world.config }).app;
    await conforms('POST', '/dev/erp/advance', await advance(on, { hours: 0 }), 400);
    await conforms('POST', '/dev/erp/advance', await advance(on, { hours: 3 }), 200);

    await check('GET', pdf, `/offer/${offerNumber}/document`, 200, lead.token);
    await check('GET', pdf, `/offer/${offerNumber}/document`, 403, clerk.token);
    const added = await check('POST', '/offer/cart', '/offer/cart', 200, lead.token, { offerNumber });
    expect(added).toEqual({ offerNumber, added: 1 });
    await check('POST', '/offer/cart', '/offer/cart', 403, clerk.token, { offerNumber });
    await check('POST', '/offer/cart', '/offer/cart', 404, outsider.token, { offerNumber });
  });
});

describe('punch-out endpoints', () => {
  let app: ReturnType<typeof createStoreApi>['app'];
  const HOOK = 'https://srm.example.com/hook?sap-client=100';
  const SECRET = 'contract-shared-secret';
  let companyNumber: string;

  beforeAll(async () => {
    // The simulator's DTD check is served only with PUNCHOUT_TEST_PAGE=1.
    app = createStoreApi({ db: api.db, config: loadBackendConfig({ PUNCHOUT_TEST_PAGE: '1' }) }).app;
    const company = await insertCompany(api.db);
    companyNumber = company.companyNumber;
    await insertAddress(api.db, company.id, { isMain: true });
    await insertCustomer(api.db, company.id, { username: 'contract.buyer' });
    await addOciConfig(api.db, {
      companyNumber,
      username: 'contract-oci',
      password: 'contract-oci-password',
      hookOrigins: ['https://srm.example.com'],
    });
    await addCxmlConfig(api.db, {
      companyNumber,
      domain: 'NetworkID',
      identity: 'AN-CONTRACT',
      secret: SECRET,
      formPostOrigins: ['https://buyer.example.com'],
      user: 'contract.buyer',
      settings: { allowOrderRequest: true },
    });
  });

  const request = (method: string, url: string, init: { token?: string; body?: unknown; xml?: string } = {}) =>
    app.request(`/store-api${url}`, {
      method,
      headers: {
        'sw-access-key': api.config.accessKey,
        'content-type': init.xml !== undefined ? 'text/xml' : 'application/json',
        'x-real-ip': `192.0.2.${Math.floor(Math.random() * 250)}`,
        ...(init.token ? { 'sw-context-token': init.token } : {}),
      },
      ...(init.xml !== undefined
        ? { body: init.xml }
        : init.body !== undefined
          ? { body: JSON.stringify(init.body) }
          : {}),
    });
  const callUp = (extra: [string, string][] = [], password = 'contract-oci-password') => ({
    query: [],
    form: [['USERNAME', 'contract-oci'], ['PASSWORD', password], ['HOOK_URL', HOOK], ...extra],
    storefrontUrl: api.config.domains[0]!.url,
  });
  const cxml = (kind: 'PunchOutSetupRequest operation="create"' | 'OrderRequest', payloadId: string, inner: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>
<cXML payloadID="${payloadId}" timestamp="2026-11-28T10:00:00+01:00"><Header>
<From><Credential domain="NetworkID"><Identity>AN-CONTRACT</Identity></Credential></From>
<To><Credential domain="DUNS"><Identity>1</Identity></Credential></To>
<Sender><Credential domain="NetworkID"><Identity>AN-CONTRACT</Identity><SharedSecret>${SECRET}</SharedSecret></Credential><UserAgent>t</UserAgent></Sender>
</Header><Request><${kind}>${inner}</${kind.split(' ')[0]}></Request></cXML>`;

  test('OCI: call-up, function page, code, session, transfer, cancel, logout and their errors', async () => {
    const up = await conforms('POST', '/oci/call-up', await request('POST', '/oci/call-up', { body: callUp() }), 200);
    await conforms(
      'POST',
      '/oci/call-up',
      await request('POST', '/oci/call-up', { body: callUp([], 'wrong-password') }),
      401,
    );
    const foreign = {
      ...callUp(),
      form: [
        ['USERNAME', 'contract-oci'],
        ['PASSWORD', 'contract-oci-password'],
        ['HOOK_URL', 'https://evil.example/x'],
      ],
    };
    await conforms('POST', '/oci/call-up', await request('POST', '/oci/call-up', { body: foreign }), 403);
    const validate = callUp([
      ['FUNCTION', 'VALIDATE'],
      ['PRODUCTID', FIXTURE.products.combinationPliers],
      ['QUANTITY', '2'],
    ]);
    await conforms('POST', '/oci/function', await request('POST', '/oci/function', { body: validate }), 200);
    const started = await conforms('POST', '/oci/otp/{otp}', await request('POST', `/oci/otp/${String(up.otp)}`), 200);
    await conforms('POST', '/oci/otp/{otp}', await request('POST', `/oci/otp/${String(up.otp)}`), 404);
    const token = String(started.contextToken);
    await conforms(
      'GET',
      '/punchout/session',
      await request('GET', `/${api.config.provider}/punchout/session`, { token }),
      200,
    );
    await request('POST', '/checkout/cart/line-item', {
      token,
      body: { items: [{ type: 'product', id: FIXTURE.products.combinationPliers, quantity: 1 }] },
    });
    await conforms(
      'POST',
      '/punchout/transfer',
      await request('POST', `/${api.config.provider}/punchout/transfer`, { token }),
      200,
    );
    await conforms(
      'POST',
      '/punchout/transfer',
      await request('POST', `/${api.config.provider}/punchout/transfer`),
      403,
    );

    const second = await conforms(
      'POST',
      '/oci/call-up',
      await request('POST', '/oci/call-up', { body: callUp() }),
      200,
    );
    const again = await conforms(
      'POST',
      '/oci/otp/{otp}',
      await request('POST', `/oci/otp/${String(second.otp)}`),
      200,
    );
    await conforms(
      'POST',
      '/punchout/cancel',
      await request('POST', `/${api.config.provider}/punchout/cancel`, { token: String(again.contextToken) }),
      200,
    );

    const third = await conforms(
      'POST',
      '/oci/call-up',
      await request('POST', '/oci/call-up', { body: callUp() }),
      200,
    );
    const last = await conforms('POST', '/oci/otp/{otp}', await request('POST', `/oci/otp/${String(third.otp)}`), 200);
    await conforms(
      'POST',
      '/oci/logout',
      await request('POST', '/oci/logout', { token: String(last.contextToken) }),
      204,
    );
  });

  test('cXML: setup request, start, inspect, logout, order request and the DTD check', async () => {
    const browserFormPost =
      '<BuyerCookie>c</BuyerCookie><BrowserFormPost><URL>https://buyer.example.com/r</URL></BrowserFormPost>';
    const setup = await request('POST', '/cxml/setup', {
      xml: cxml('PunchOutSetupRequest operation="create"', 'contract-1@t', browserFormPost),
    });
    const startUrl = /<URL>([^<]+)<\/URL>/.exec(await setup.clone().text())![1]!;
    await conforms('POST', '/cxml/setup', setup, 200);
    const [, a, b] = /\/cxml\/auth\/([0-9a-f]{32})\/([A-Za-z0-9_-]{43})$/.exec(startUrl)!;
    const started = await conforms('POST', '/cxml/auth/{a}/{b}', await request('POST', `/cxml/auth/${a}/${b}`), 200);
    await conforms('POST', '/cxml/auth/{a}/{b}', await request('POST', `/cxml/auth/${a}/${b}`), 404);
    await conforms(
      'POST',
      '/cxml/logout',
      await request('POST', '/cxml/logout', { token: String(started.contextToken) }),
      204,
    );

    const inspectXml = cxml('PunchOutSetupRequest operation="create"', 'contract-2@t', browserFormPost).replace(
      'operation="create"',
      'operation="inspect"',
    );
    const inspect = await request('POST', '/cxml/setup', { xml: inspectXml });
    const inspectUrl = /<URL>([^<]+)<\/URL>/.exec(await inspect.text())![1]!;
    const [, c, d] = /\/cxml\/inspect\/([0-9a-f]{32})\/([A-Za-z0-9_-]{43})$/.exec(inspectUrl)!;
    await conforms('POST', '/cxml/inspect/{a}/{b}', await request('POST', `/cxml/inspect/${c}/${d}`), 200);

    const order = cxml(
      'OrderRequest',
      'contract-order-1@t',
      '<OrderRequestHeader orderID="PO-1" orderDate="2026-11-28"><Total><Money currency="EUR">1</Money></Total></OrderRequestHeader>' +
        '<ItemOut quantity="1"><ItemID><SupplierPartID>P-1000</SupplierPartID></ItemID></ItemOut>',
    );
    await conforms('POST', '/cxml/order', await request('POST', '/cxml/order', { xml: order }), 200);
    const valid = await conforms(
      'POST',
      '/cxml/punchout-test/validate',
      await request('POST', '/cxml/punchout-test/validate', { xml: order }),
      200,
    );
    expect(valid.valid).toBe(false);
  });
});

test('every provider endpoint of the contract was checked with its success answer', () => {
  const missing = PROVIDER_ENDPOINTS.filter((e) => {
    const success = Object.keys(e.responses).find((s) => s.startsWith('2'));
    return !checked.has(`${e.method.toUpperCase()} ${documentPath(e)} ${success}`);
  }).map((e) => `${e.method.toUpperCase()} ${e.path}`);
  expect(missing).toEqual([]);
});
