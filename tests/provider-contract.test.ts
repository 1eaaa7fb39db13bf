/**
 * Contract test for the provider's own endpoints (`/store-api/{provider}/…`): every response of the embedded
 * backend validates against the project's OpenAPI document `docs/openapi/provider.json`.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../backend/app.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../backend/store-api/company/test-support.ts';
import { createTestStoreApi, FIXTURE, type TestStoreApi } from '../backend/store-api/test-fixtures.ts';

type Schema = Record<string, unknown>;
const document = JSON.parse(
  readFileSync(fileURLToPath(new URL('../docs/openapi/provider.json', import.meta.url)), 'utf8'),
) as { paths: Record<string, Record<string, { responses: Record<string, Schema> }>>; components: Schema };

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'provider', components: document.components }, 'provider');

function validatorFor(path: string, method: string, status: number) {
  const response = document.paths[path]?.[method]?.responses[String(status)];
  if (!response) throw new Error(`provider.json defines no ${status} for ${method.toUpperCase()} ${path}`);
  const schema = (response.content as Record<string, { schema: Schema }>)['application/json']!.schema;
  return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"provider#/components/')));
}

let api: TestStoreApi;
beforeAll(async () => {
  api = await createTestStoreApi();
});
afterAll(() => api.close());

describe('provider endpoints conform to docs/openapi/provider.json', () => {
  test('POST /variants answers the variant count of each known parent', async () => {
    const parent = FIXTURE.products.drillSet;
    const res = await api.call('POST', `/${api.config.provider}/variants`, { ids: [parent, '0'.repeat(32)] });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { elements: { id: string; childCount: number }[] };
    const validate = validatorFor('/variants', 'post', 200);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    expect(body.elements).toEqual([expect.objectContaining({ id: parent, childCount: 3 })]);
  });

  test('POST /variants with too many ids answers the 400 envelope', async () => {
    const ids = Array.from({ length: 501 }, (_, i) => i.toString(16).padStart(32, '0'));
    const res = await api.call('POST', `/${api.config.provider}/variants`, { ids });
    expect(res.status).toBe(400);
    const validate = validatorFor('/variants', 'post', 400);
    expect(validate(await res.json()), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('company, registration and article endpoints conform to docs/openapi/provider.json', () => {
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

  /** Calls the provider path and checks the answer against the document's schema for (path, method, status). */
  async function conforms(
    method: string,
    docPath: string,
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
    const text = await res.text();
    expect(res.status, text).toBe(status);
    if (status === 204) return {};
    const body = JSON.parse(text) as Record<string, unknown>;
    const validate = validatorFor(docPath, method.toLowerCase(), status);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    return body;
  }

  test('company users: list, create, read, patch, delete and their errors', async () => {
    await conforms('POST', '/companies/customers', '/companies/customers', 200, {
      token: lead.token,
      body: { filter: [{ type: 'equals', field: 'leadBuyer', value: 'no' }] },
    });
    await conforms('POST', '/companies/customers', '/companies/customers', 403, { token: buyer.token, body: {} });
    await conforms('POST', '/companies/customers', '/companies/customers', 400, {
      token: lead.token,
      body: { limit: 0 },
    });
    const created = await conforms('POST', '/companies/customers/create', '/companies/customers/create', 200, {
      token: lead.token,
      body: { firstName: 'Nina', lastName: 'Nys', email: 'nina@example.com', username: 'nina.nys', role: 'buyer' },
    });
    const id = created.id as string;
    await conforms('GET', '/companies/customers/{id}', `/companies/customers/${id}`, 200, { token: lead.token });
    await conforms('GET', '/companies/customers/{id}', `/companies/customers/${'0'.repeat(32)}`, 404, {
      token: lead.token,
    });
    await conforms('GET', '/companies/customers/{id}', '/companies/customers/x', 400, { token: lead.token });
    await conforms('PATCH', '/companies/customers/{id}', `/companies/customers/${id}`, 200, {
      token: lead.token,
      body: { leadBuyer: false, lastName: 'Nys-Peeters' },
    });
    await conforms('DELETE', '/companies/customers', '/companies/customers', 204, {
      token: lead.token,
      body: { customerIds: [id] },
    });
  });

  test('company addresses', async () => {
    const address = { name: 'HQ', street: 'Kaai', number: '1', zipcode: '9000', city: 'Gent', country: 'BE' };
    const created = await conforms('POST', '/companies/{companyId}/address', `/companies/${companyId}/address`, 200, {
      token: lead.token,
      body: address,
    });
    const extra = await conforms('POST', '/companies/{companyId}/address', `/companies/${companyId}/address`, 200, {
      token: lead.token,
      body: { ...address, name: 'Depot' },
    });
    const path = '/companies/{companyId}/address/{addressId}';
    await conforms('PUT', path, `/companies/${companyId}/address/${extra.id as string}`, 200, {
      token: lead.token,
      body: { ...address, name: 'Depot Zuid' },
    });
    await conforms('DELETE', path, `/companies/${companyId}/address/${created.id as string}`, 400, {
      token: lead.token,
    });
    await conforms('DELETE', path, `/companies/${companyId}/address/${extra.id as string}`, 204, { token: lead.token });
    await conforms('POST', '/companies/{companyId}/address', `/companies/${'1'.repeat(32)}/address`, 404, {
      token: lead.token,
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
    await conforms('POST', '/register/company', '/register/company', 200, {
      body: {
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
      },
    });
    await conforms('POST', '/register/company', '/register/company', 400, {
      body: {
        ...person,
        username: 'x.y.z',
        companyName: 'X',
        vatNumber: 'NL004495445B00',
        street: 'S',
        number: '1',
        zipcode: '3511AB',
        city: 'U',
        country: 'NL',
      },
    });
    await conforms('GET', '/register/company/exists', '/register/company/exists?companyNumber=700001', 200);
    await conforms('POST', '/register/company/customer', '/register/company/customer', 200, {
      body: { ...person, username: 'second.user', companyNumber: '700001' },
    });
    await conforms('POST', '/register/company/customer', '/register/company/customer', 404, {
      body: { ...person, username: 'third.user', companyNumber: '000000' },
    });
    await conforms('GET', '/register/cities/search', '/register/cities/search?city=gent', 200);
  });

  test('account rights and role: read, save and their errors', async () => {
    const rights = await conforms('GET', '/account/{id}/rights', `/account/${buyer.id}/rights`, 200, {
      token: lead.token,
    });
    expect((rights.roles as unknown[]).length).toBe(24);
    await conforms('PUT', '/account/{id}/rights', `/account/${buyer.id}/rights`, 200, {
      token: lead.token,
      body: { roles: [{ code: 'ROLE_PLACE_ORDERS', enabled: true }] },
    });
    await conforms('PUT', '/account/{id}/rights', `/account/${buyer.id}/rights`, 400, {
      token: lead.token,
      body: { roles: [{ code: 'ROLE_DOES_NOT_EXIST', enabled: true }] },
    });
    await conforms('GET', '/account/{id}/rights', `/account/${'0'.repeat(32)}/rights`, 404, { token: lead.token });
    await conforms('GET', '/account/{id}/role', `/account/${buyer.id}/role`, 200, { token: lead.token });
    await conforms('PUT', '/account/{id}/role', `/account/${buyer.id}/role`, 200, {
      token: lead.token,
      body: { role: 'approver' },
    });
    await conforms('PUT', '/account/{id}/role', `/account/${buyer.id}/role`, 400, {
      token: lead.token,
      body: { role: 'emperor' },
    });
    await conforms('POST', '/account/login-as-customer', '/account/login-as-customer', 403, {
      token: lead.token,
      body: { username: buyer.username },
    });
  });

  test('article information', async () => {
    await conforms('POST', '/article/information', '/article/information', 200, {
      token: buyer.token,
      body: {
        articles: [
          { sku: 'P-1000', quantity: 10 },
          { sku: 'S-3000', quantity: 100 },
          { sku: 'P-1002', quantity: 1 },
        ],
      },
    });
    await conforms('POST', '/article/information', '/article/information', 403, {
      body: { articles: [{ sku: 'P-1000', quantity: 1 }] },
    });
    await conforms('POST', '/article/information', '/article/information', 400, {
      token: buyer.token,
      body: { articles: [] },
    });
  });
});
