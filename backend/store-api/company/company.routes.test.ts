import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { consumeRecoverySecret, peekRecoverySecret } from '../../auth/recovery.ts';
import { RIGHT_CODES, type RightCode } from '../../auth/rights.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import {
  companyAddressTable,
  customerTable,
  mailOutboxTable,
  passwordRecoveryTable,
  rateLimitTable,
} from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { randomId } from '../../lib/ids.ts';
import { INVITATION_QUOTAS } from '../../commerce/accounts/customer-model.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';

const config = loadBackendConfig({});
const P = `/store-api/${config.provider}`;
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];

let companyA: string;
let companyB: string;
let lead: TestCustomer;
let plain: TestCustomer;
let noRights: TestCustomer;
let otherLead: TestCustomer;
let otherUser: TestCustomer;

type Json = Record<string, unknown> & { errors?: { code: string; status: string; meta?: unknown }[] };

async function call(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; json: Json }> {
  const res = await app.request(path, {
    method,
    headers: {
      'sw-access-key': config.accessKey,
      'content-type': 'application/json',
      ...(token ? { 'sw-context-token': token } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Json) : {} };
}

const codes = (json: Json) => (json.errors ?? []).map((e) => e.code);
const ALL_BUT = (...drop: RightCode[]) => RIGHT_CODES.filter((c) => !drop.includes(c));

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  app = createStoreApi({ db: handle.db, config }).app;
  companyA = (await insertCompany(handle.db, { name: 'Alpha' })).id;
  companyB = (await insertCompany(handle.db, { name: 'Beta' })).id;
  lead = await insertCustomer(handle.db, companyA, {
    username: 'anna.lead',
    leadBuyer: true,
    firstName: 'Anna',
    lastName: 'Adams',
  });
  plain = await insertCustomer(handle.db, companyA, {
    username: 'bert.buyer',
    firstName: 'Bert',
    lastName: 'Brown',
    rights: ['ROLE_MANAGE_CONTACTS', 'ROLE_MANAGE_ADDRESSES', 'ROLE_VIEW_PRICES'],
  });
  noRights = await insertCustomer(handle.db, companyA, {
    username: 'carl.clerk',
    firstName: 'Carl',
    lastName: 'Clark',
    rights: ALL_BUT('ROLE_MANAGE_CONTACTS', 'ROLE_MANAGE_ADDRESSES'),
  });
  otherLead = await insertCustomer(handle.db, companyB, { username: 'olga.other', leadBuyer: true });
  otherUser = await insertCustomer(handle.db, companyB, { username: 'otto.other' });
});
afterAll(() => handle.close());

describe('users of the company', () => {
  test('the list holds the caller company only, with extension, budgets and rights', async () => {
    const { status, json } = await call('POST', `${P}/companies/customers`, lead.token, {});
    expect(status).toBe(200);
    const elements = json.elements as Json[];
    expect(json.total).toBe(3);
    expect(json).toMatchObject({ page: 1, limit: 20 });
    expect(elements.map((e) => (e.customerExtension as Json).username)).toEqual([
      'anna.lead',
      'bert.buyer',
      'carl.clerk',
    ]);
    expect(elements[0]).toMatchObject({
      companyId: companyA,
      active: true,
      customerExtension: { username: 'anna.lead', leadBuyer: true },
      budget: null,
      remainingBudget: null,
    });
    expect((elements[0]!.rights as unknown[]).length).toBe(24);
  });

  test('list filters: contains on names and username, equals on leadBuyer, range on budgets; term; paging', async () => {
    const list = async (body: unknown) =>
      ((await call('POST', `${P}/companies/customers`, lead.token, body)).json.elements as Json[]).map(
        (e) => (e.customerExtension as Json).username,
      );
    expect(await list({ filter: [{ type: 'contains', field: 'firstName', value: 'ber' }] })).toEqual(['bert.buyer']);
    expect(await list({ filter: [{ type: 'contains', field: 'lastName', value: 'CLA' }] })).toEqual(['carl.clerk']);
    expect(await list({ filter: [{ type: 'contains', field: 'customerExtension.username', value: 'lead' }] })).toEqual([
      'anna.lead',
    ]);
    expect(await list({ filter: [{ type: 'equals', field: 'leadBuyer', value: 'yes' }] })).toEqual(['anna.lead']);
    expect(await list({ filter: [{ type: 'equals', field: 'leadBuyer', value: 'no' }] })).toEqual([
      'bert.buyer',
      'carl.clerk',
    ]);
    expect(
      await list({ filter: [{ type: 'range', field: 'flow.budget', parameters: { gte: 0, lte: 10000 } }] }),
    ).toHaveLength(3);
    expect(
      await list({ filter: [{ type: 'range', field: 'flow.budgetRemaining', parameters: { gte: 100 } }] }),
    ).toEqual([]);
    expect(await list({ term: 'clark' })).toEqual(['carl.clerk']);
    expect(await list({ term: '%' })).toEqual([]);
    expect(await list({ sort: [{ field: 'firstName', order: 'DESC' }], limit: 2, page: 1 })).toEqual([
      'carl.clerk',
      'bert.buyer',
    ]);
    const page2 = await call('POST', `${P}/companies/customers`, lead.token, { limit: 2, page: 2 });
    expect(page2.json).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.json.elements as unknown[]).toHaveLength(1);
  });

  test('naturalSorting: numbers by value and letters without case, both directions, paged; without it as stored', async () => {
    const company = (await insertCompany(handle.db, { name: 'Natural' })).id;
    const manager = await insertCustomer(handle.db, company, { leadBuyer: true, lastName: 'Zander' });
    for (const [lastName, username] of [
      ['Meier 10', 'meier.user10'],
      ['Meier 2', 'Meier.user2'],
      ['meier 1', 'meier.user1'],
    ]) {
      await insertCustomer(handle.db, company, { lastName, username });
    }
    const meier = [{ type: 'contains', field: 'lastName', value: 'meier' }];
    const list = async (sort: unknown, paging: { limit?: number; page?: number } = {}) => {
      const { json } = await call('POST', `${P}/companies/customers`, manager.token, {
        filter: meier,
        sort,
        ...paging,
      });
      return { total: json.total, names: (json.elements as Json[]).map((e) => e.lastName) };
    };
    expect((await list([{ field: 'lastName', order: 'ASC', naturalSorting: true }])).names).toEqual([
      'meier 1',
      'Meier 2',
      'Meier 10',
    ]);
    expect((await list([{ field: 'lastName', order: 'desc', naturalSorting: true }])).names).toEqual([
      'Meier 10',
      'Meier 2',
      'meier 1',
    ]);
    expect((await list([{ field: 'customerExtension.username', order: 'ASC', naturalSorting: true }])).names).toEqual([
      'meier 1',
      'Meier 2',
      'Meier 10',
    ]);
    expect(await list([{ field: 'lastName', order: 'ASC', naturalSorting: true }], { limit: 2, page: 2 })).toEqual({
      total: 3,
      names: ['Meier 10'],
    });
    expect(await list([{ field: 'lastName', order: 'DESC', naturalSorting: true }], { limit: 2, page: 1 })).toEqual({
      total: 3,
      names: ['Meier 10', 'Meier 2'],
    });
    const plain = (await list([{ field: 'lastName', order: 'ASC' }])).names;
    expect(plain.indexOf('Meier 10')).toBeLessThan(plain.indexOf('Meier 2'));
    const notNatural = (await list([{ field: 'lastName', order: 'ASC', naturalSorting: false }])).names;
    expect(notNatural).toEqual(plain);
  });

  test('an unsupported filter or a bad limit answers violations', async () => {
    const bad = await call('POST', `${P}/companies/customers`, lead.token, {
      filter: [{ type: 'contains', field: 'passwordHash', value: '$' }],
    });
    expect(bad.status).toBe(400);
    expect(codes(bad.json)).toEqual(['VIOLATION::INVALID_FILTER']);
    const limit = await call('POST', `${P}/companies/customers`, lead.token, { limit: 1000 });
    expect(limit.status).toBe(400);
    expect(codes(limit.json)).toEqual(['VIOLATION::TOO_HIGH_ERROR']);
  });

  test('detail of an own user; another company user, an unknown id → 404; a malformed id → INVALID_UUID', async () => {
    const own = await call('GET', `${P}/companies/customers/${plain.id}`, lead.token);
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ id: plain.id, firstName: 'Bert' });
    expect(
      (own.json.rights as { code: string; enabled: boolean }[]).filter((r) => r.enabled).map((r) => r.code),
    ).toEqual(['ROLE_MANAGE_ADDRESSES', 'ROLE_MANAGE_CONTACTS', 'ROLE_VIEW_PRICES']);
    const foreign = await call('GET', `${P}/companies/customers/${otherUser.id}`, lead.token);
    const unknown = await call('GET', `${P}/companies/customers/${randomId()}`, lead.token);
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(codes(foreign.json)).toEqual(codes(unknown.json));
    const malformed = await call('GET', `${P}/companies/customers/not-an-id`, lead.token);
    expect(malformed.status).toBe(400);
    expect(codes(malformed.json)).toEqual(['VIOLATION::INVALID_UUID']);
  });

  test('create: a new user with limited rights gets an invitation mail with a single-use link', async () => {
    const { status, json } = await call('POST', `${P}/companies/customers/create`, lead.token, {
      salutation: 'female',
      firstName: 'Dora',
      lastName: 'Dekker',
      email: 'dora@example.com',
      username: 'Dora.Dekker',
      rights: [
        { code: 'ROLE_VIEW_PRICES', enabled: true },
        { code: 'ROLE_PLACE_ORDERS', enabled: true },
        { code: 'ROLE_MANAGE_CONTACTS', enabled: false },
      ],
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      companyId: companyA,
      active: true,
      customerExtension: { username: 'dora.dekker', leadBuyer: false },
    });
    const enabled = (json.rights as { code: string; enabled: boolean }[]).filter((r) => r.enabled).map((r) => r.code);
    expect(enabled).toEqual(['ROLE_PLACE_ORDERS', 'ROLE_VIEW_PRICES']);
    const mails = await handle.db
      .select()
      .from(mailOutboxTable)
      .where(eq(mailOutboxTable.recipient, 'dora@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/http:\/\/localhost:4321\/auth\/password-set\?hash=[0-9a-f]{64}/);
    const secret = /hash=([0-9a-f]{64})/.exec(mails[0]!.text)![1]!;
    const [link] = await handle.db
      .select()
      .from(passwordRecoveryTable)
      .where(eq(passwordRecoveryTable.customerId, json.id as string));
    expect(link).toMatchObject({ purpose: 'invitation', usedAt: null });
    expect(link!.secretHash).not.toContain(secret);
    expect(link!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    // The link's secret is what the account area's set-password call redeems, once.
    expect(await peekRecoverySecret(handle.db, secret, new Date())).toEqual({
      customerId: json.id,
      purpose: 'invitation',
    });
    expect(await consumeRecoverySecret(handle.db, secret, new Date())).toBe(json.id);
    expect(await consumeRecoverySecret(handle.db, secret, new Date())).toBeNull();
  });

  test('create: a taken username (any case) → VIOLATION::CUSTOMER_USERNAME_NOT_UNIQUE, also across companies', async () => {
    const body = { firstName: 'X', lastName: 'Y', email: 'x@example.com', username: 'OLGA.OTHER' };
    const { status, json } = await call('POST', `${P}/companies/customers/create`, lead.token, body);
    expect(status).toBe(400);
    expect(codes(json)).toEqual(['VIOLATION::CUSTOMER_USERNAME_NOT_UNIQUE']);
  });

  test('create: field errors are violations; an unknown right is VIOLATION::INVALID_ROLE', async () => {
    const fields = await call('POST', `${P}/companies/customers/create`, lead.token, {
      firstName: '',
      lastName: 'Y',
      email: 'not-an-email',
      username: 'valid.name',
    });
    expect(fields.status).toBe(400);
    expect(codes(fields.json).every((c) => c.startsWith('VIOLATION::'))).toBe(true);
    expect(codes(fields.json).length).toBeGreaterThanOrEqual(2);
    const role = await call('POST', `${P}/companies/customers/create`, lead.token, {
      firstName: 'X',
      lastName: 'Y',
      email: 'x@example.com',
      username: 'role.test',
      rights: [{ code: 'ROLE_SUPERUSER', enabled: true }],
    });
    expect(codes(role.json)).toEqual(['VIOLATION::INVALID_ROLE']);
  });

  test('nobody grants a right they do not hold, and only a lead buyer makes lead buyers', async () => {
    const body = { firstName: 'E', lastName: 'F', email: 'e@example.com', username: 'escalate' };
    const grant = await call('POST', `${P}/companies/customers/create`, plain.token, {
      ...body,
      rights: [{ code: 'ROLE_PLACE_ORDERS', enabled: true }],
    });
    expect(grant.status).toBe(403);
    expect(codes(grant.json)).toEqual(['WERKBANK__MISSING_RIGHT']);
    const makeLead = await call('POST', `${P}/companies/customers/create`, plain.token, { ...body, leadBuyer: true });
    expect(makeLead.status).toBe(403);
    const editLead = await call('PATCH', `${P}/companies/customers/${lead.id}`, plain.token, { firstName: 'Hijack' });
    expect(editLead.status).toBe(403);
  });

  test('patch: changes fields; a taken username → VIOLATION::CUSTOMER_USERNAME_NOT_UNIQUE', async () => {
    const user = await insertCustomer(handle.db, companyA, { username: 'patch.me', rights: ['ROLE_VIEW_PRICES'] });
    const ok = await call('PATCH', `${P}/companies/customers/${user.id}`, lead.token, {
      firstName: 'Paul',
      username: 'Paul.Patched',
      phone: '+32 3 123 45 67',
      rights: [{ code: 'ROLE_PLACE_ORDERS', enabled: true }],
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      firstName: 'Paul',
      phone: '+32 3 123 45 67',
      customerExtension: { username: 'paul.patched' },
    });
    expect(
      (ok.json.rights as { code: string; enabled: boolean }[]).filter((r) => r.enabled).map((r) => r.code),
    ).toEqual(['ROLE_PLACE_ORDERS']);
    const taken = await call('PATCH', `${P}/companies/customers/${user.id}`, lead.token, { username: 'bert.buyer' });
    expect(taken.status).toBe(400);
    expect(codes(taken.json)).toEqual(['VIOLATION::CUSTOMER_USERNAME_NOT_UNIQUE']);
    const foreign = await call('PATCH', `${P}/companies/customers/${otherUser.id}`, lead.token, { firstName: 'X' });
    expect(foreign.status).toBe(404);
  });

  test('deactivating a user ends their sessions; nobody deactivates themselves', async () => {
    const user = await insertCustomer(handle.db, companyA, { username: 'to.deactivate', rights: RIGHT_CODES });
    expect((await call('POST', `${P}/companies/customers`, user.token, {})).status).toBe(200);
    const off = await call('PATCH', `${P}/companies/customers/${user.id}`, lead.token, { active: false });
    expect(off.json).toMatchObject({ active: false });
    expect((await call('POST', `${P}/companies/customers`, user.token, {})).status).toBe(403);
    const self = await call('PATCH', `${P}/companies/customers/${lead.id}`, lead.token, { active: false });
    expect(self.status).toBe(403);
    expect(codes(self.json)).toEqual(['WERKBANK__CANNOT_CHANGE_OWN_RIGHTS']);
  });

  test('delete many: own users only (404 for another company, nothing deleted), never oneself, sessions die', async () => {
    const a = await insertCustomer(handle.db, companyA, { username: 'del.a' });
    const b = await insertCustomer(handle.db, companyA, { username: 'del.b' });
    const mixed = await call('DELETE', `${P}/companies/customers`, lead.token, { customerIds: [a.id, otherUser.id] });
    expect(mixed.status).toBe(404);
    expect((await call('GET', `${P}/companies/customers/${a.id}`, lead.token)).status).toBe(200);
    const self = await call('DELETE', `${P}/companies/customers`, lead.token, { customerIds: [lead.id] });
    expect(self.status).toBe(400);
    expect(codes(self.json)).toEqual(['VIOLATION::CANNOT_DELETE_SELF']);
    const bad = await call('DELETE', `${P}/companies/customers`, lead.token, { customerIds: ['x'] });
    expect(codes(bad.json)).toEqual(['VIOLATION::INVALID_UUID']);
    const ok = await call('DELETE', `${P}/companies/customers`, lead.token, { customerIds: [a.id, b.id] });
    expect(ok.status).toBe(204);
    expect((await call('GET', `${P}/companies/customers/${a.id}`, lead.token)).status).toBe(404);
    expect((await call('POST', `${P}/companies/customers`, a.token, {})).status).toBe(403);
    expect((await call('GET', `${P}/companies/customers/${otherUser.id}`, otherLead.token)).status).toBe(200);
  });
});

describe('company addresses', () => {
  const address = {
    name: 'Alpha Warehouse',
    street: 'Industrieweg',
    number: '12',
    zipcode: '2000',
    city: 'Antwerpen',
    country: 'BE',
    email: 'warehouse@example.com',
  };

  test('the first address becomes the main address; a new main address replaces it', async () => {
    const first = await call('POST', `${P}/companies/${companyA}/address`, lead.token, address);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ ...address, companyId: companyA, mainAddress: true });
    const second = await call('POST', `${P}/companies/${companyA}/address`, lead.token, {
      ...address,
      name: 'Alpha Office',
      mainAddress: true,
    });
    expect(second.json).toMatchObject({ mainAddress: true });
    const rows = await handle.db.select().from(companyAddressTable).where(eq(companyAddressTable.companyId, companyA));
    expect(rows.filter((r) => r.isMain).map((r) => r.name)).toEqual(['Alpha Office']);

    const put = await call('PUT', `${P}/companies/${companyA}/address/${first.json.id as string}`, lead.token, {
      ...address,
      city: 'Berchem',
      zipcode: '2600',
    });
    expect(put.json).toMatchObject({ city: 'Berchem', zipcode: '2600', mainAddress: false });
    const delMain = await call('DELETE', `${P}/companies/${companyA}/address/${second.json.id as string}`, lead.token);
    expect(delMain.status).toBe(400);
    expect(codes(delMain.json)).toEqual(['VIOLATION::MAIN_ADDRESS_CANNOT_BE_DELETED']);
    const del = await call('DELETE', `${P}/companies/${companyA}/address/${first.json.id as string}`, lead.token);
    expect(del.status).toBe(204);
    const again = await call('DELETE', `${P}/companies/${companyA}/address/${first.json.id as string}`, lead.token);
    expect(again.status).toBe(404);
  });

  test('the field names of the account area are accepted and answered too (houseNumber, countryCode, isMain)', async () => {
    const res = await call('POST', `${P}/companies/${companyA}/address`, lead.token, {
      name: 'Alpha Depot',
      street: 'Dorfstraße',
      houseNumber: '7a',
      zipcode: '1010',
      city: 'Wien',
      countryCode: 'AT',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      street: 'Dorfstraße',
      number: '7a',
      houseNumber: '7a',
      country: 'AT',
      countryCode: 'AT',
      isMain: res.json.mainAddress,
    });
  });

  test('validation: required fields and the postal-code format of the country', async () => {
    const res = await call('POST', `${P}/companies/${companyA}/address`, lead.token, {
      ...address,
      street: '',
      zipcode: '123',
      country: 'DE',
    });
    expect(res.status).toBe(400);
    const byPointer = (json: Json) =>
      Object.fromEntries(
        (json.errors ?? []).map((e) => [(e as unknown as { source: { pointer: string } }).source.pointer, e.code]),
      );
    expect(byPointer(res.json)).toEqual({
      '/street': 'VIOLATION::IS_BLANK_ERROR',
      '/zipcode': 'VIOLATION::ZIP_CODE_INVALID',
    });
    // The country may come as `countryCode` (the account area's name): its format applies too.
    const viaCountryCode = await call('POST', `${P}/companies/${companyA}/address`, lead.token, {
      ...address,
      country: undefined,
      zipcode: '1010',
      countryCode: 'DE',
    });
    expect(viaCountryCode.status).toBe(400);
    expect(byPointer(viaCountryCode.json)).toEqual({ '/zipcode': 'VIOLATION::ZIP_CODE_INVALID' });
  });

  test('another company: its id and its addresses answer 404', async () => {
    const theirs = await call('POST', `${P}/companies/${companyB}/address`, otherLead.token, address);
    expect(theirs.status).toBe(200);
    const id = theirs.json.id as string;
    expect((await call('POST', `${P}/companies/${companyB}/address`, lead.token, address)).status).toBe(404);
    expect((await call('PUT', `${P}/companies/${companyB}/address/${id}`, lead.token, address)).status).toBe(404);
    expect((await call('DELETE', `${P}/companies/${companyB}/address/${id}`, lead.token)).status).toBe(404);
    // Their address id under the caller's own company: not found either.
    expect((await call('PUT', `${P}/companies/${companyA}/address/${id}`, lead.token, address)).status).toBe(404);
    expect((await call('DELETE', `${P}/companies/${companyA}/address/${id}`, lead.token)).status).toBe(404);
    const malformed = await call('POST', `${P}/companies/nope/address`, lead.token, address);
    expect(codes(malformed.json)).toEqual(['VIOLATION::INVALID_UUID']);
  });
});

describe('rights matrix: every call with and without its right; anonymous callers', () => {
  const calls = (): { name: string; right: RightCode; method: string; path: string; body?: unknown }[] => [
    { name: 'list users', right: 'ROLE_MANAGE_CONTACTS', method: 'POST', path: `${P}/companies/customers`, body: {} },
    {
      name: 'create user',
      right: 'ROLE_MANAGE_CONTACTS',
      method: 'POST',
      path: `${P}/companies/customers/create`,
      body: {
        firstName: 'M',
        lastName: 'X',
        email: 'm@example.com',
        username: `matrix.${randomId().slice(0, 6)}`,
        rights: [],
      },
    },
    { name: 'read user', right: 'ROLE_MANAGE_CONTACTS', method: 'GET', path: `${P}/companies/customers/${plain.id}` },
    {
      name: 'patch user',
      right: 'ROLE_MANAGE_CONTACTS',
      method: 'PATCH',
      path: `${P}/companies/customers/${plain.id}`,
      body: { lastName: 'Brown' },
    },
    {
      name: 'delete users',
      right: 'ROLE_MANAGE_CONTACTS',
      method: 'DELETE',
      path: `${P}/companies/customers`,
      body: { customerIds: [randomId()] },
    },
    {
      name: 'create address',
      right: 'ROLE_MANAGE_ADDRESSES',
      method: 'POST',
      path: `${P}/companies/${companyA}/address`,
      body: { name: 'M', street: 'S', zipcode: '1000', city: 'Brussel' },
    },
    {
      name: 'update address',
      right: 'ROLE_MANAGE_ADDRESSES',
      method: 'PUT',
      path: `${P}/companies/${companyA}/address/${randomId()}`,
      body: { name: 'M', street: 'S', zipcode: '1000', city: 'Brussel' },
    },
    {
      name: 'delete address',
      right: 'ROLE_MANAGE_ADDRESSES',
      method: 'DELETE',
      path: `${P}/companies/${companyA}/address/${randomId()}`,
    },
  ];

  test('without the right: 403 naming the right; with it: not 403; anonymous: 403 not logged in', async () => {
    for (const x of calls()) {
      const without = await call(x.method, x.path, noRights.token, x.body);
      expect(without.status, x.name).toBe(403);
      expect(without.json.errors?.[0]).toMatchObject({
        code: 'WERKBANK__MISSING_RIGHT',
        meta: { parameters: { right: x.right } },
      });
      const anonymous = await call(x.method, x.path, undefined, x.body);
      expect(anonymous.status, x.name).toBe(403);
      expect(codes(anonymous.json), x.name).toEqual(['CHECKOUT__CUSTOMER_NOT_LOGGED_IN']);
      const withRight = await call(x.method, x.path, lead.token, x.body);
      expect([200, 204, 404], `${x.name}: ${JSON.stringify(withRight.json)}`).toContain(withRight.status);
    }
  });
});

describe('invitation quota per company', () => {
  const create = (token: string, username: string) =>
    call('POST', `${P}/companies/customers/create`, token, {
      firstName: 'Invited',
      lastName: 'User',
      email: `${username}@example.com`,
      username,
    });
  const invitationsOf = async (companyId: string) => {
    const users = await handle.db
      .select({ email: customerTable.email })
      .from(customerTable)
      .where(eq(customerTable.companyId, companyId));
    const mails = await handle.db
      .select({ recipient: mailOutboxTable.recipient })
      .from(mailOutboxTable)
      .where(eq(mailOutboxTable.template, 'customer-invitation'));
    const emails = new Set(users.map((u) => u.email));
    return mails.filter((m) => emails.has(m.recipient)).length;
  };

  test(`${INVITATION_QUOTAS.hour.max} invitations an hour: the next answers 429, creates no user and sends no mail`, async () => {
    const company = (await insertCompany(handle.db, { name: 'Quota' })).id;
    const boss = await insertCustomer(handle.db, company, { leadBuyer: true });
    for (let i = 0; i < INVITATION_QUOTAS.hour.max; i++) {
      expect((await create(boss.token, `quota.${i}`)).status).toBe(200);
    }
    const refused = await create(boss.token, 'quota.extra');
    expect(refused.status).toBe(429);
    expect(refused.json.errors).toEqual([
      expect.objectContaining({
        status: '429',
        code: 'WERKBANK__INVITATION_LIMIT_EXCEEDED',
        meta: { parameters: { seconds: expect.any(Number), limit: INVITATION_QUOTAS.hour.max, period: 'hour' } },
      }),
    ]);
    const seconds = (refused.json.errors![0]!.meta as { parameters: { seconds: number } }).parameters.seconds;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(await invitationsOf(company)).toBe(INVITATION_QUOTAS.hour.max);
    const [extra] = await handle.db.select().from(customerTable).where(eq(customerTable.username, 'quota.extra'));
    expect(extra).toBeUndefined();
    // Another company's quota is its own.
    const other = (await insertCompany(handle.db, { name: 'Quota 2' })).id;
    const otherBoss = await insertCustomer(handle.db, other, { leadBuyer: true });
    expect((await create(otherBoss.token, 'quota.other')).status).toBe(200);
  });

  test(`${INVITATION_QUOTAS.day.max} invitations a day: the next answers 429 for the day`, async () => {
    const company = (await insertCompany(handle.db, { name: 'Quota day' })).id;
    const boss = await insertCustomer(handle.db, company, { leadBuyer: true });
    // The company has sent its day's invitations, spread over the hours before.
    await handle.db.insert(rateLimitTable).values({
      key: `invitation:company:${company}:day`,
      count: INVITATION_QUOTAS.day.max,
      windowStart: new Date(Date.now() - 5 * 60 * 60 * 1000),
    });
    const refused = await create(boss.token, 'quota.day.extra');
    expect(refused.status).toBe(429);
    expect(refused.json.errors![0]).toMatchObject({
      code: 'WERKBANK__INVITATION_LIMIT_EXCEEDED',
      meta: { parameters: { period: 'day', limit: INVITATION_QUOTAS.day.max } },
    });
    const seconds = (refused.json.errors![0]!.meta as { parameters: { seconds: number } }).parameters.seconds;
    expect(seconds).toBeGreaterThan(18 * 60 * 60);
    expect(await invitationsOf(company)).toBe(0);
  });
});
