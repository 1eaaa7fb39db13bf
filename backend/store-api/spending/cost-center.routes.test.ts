import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { RIGHT_CODES, type RightCode } from '../../auth/rights.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { cartTable, costCenterTable, externalContactTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { randomId } from '../../lib/ids.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';
import { providerErrorPrefix } from '../../../contract/provider.ts';

const config = loadBackendConfig({});
const P = `/store-api/${config.provider}/cost-center`;
const PREFIX = providerErrorPrefix(config.provider);
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];

let manager: TestCustomer;
let buyer: TestCustomer;
let noRights: TestCustomer;
let other: TestCustomer;
const contacts: Record<string, string> = {};
const centres: Record<string, string> = {};

type Json = Record<string, unknown> & { errors?: { code: string; meta?: unknown }[] };

async function call(method: string, path: string, token?: string, body?: unknown) {
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
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Json, cache: res.headers.get('cache-control') };
}

const codes = (json: Json) => (json.errors ?? []).map((e) => e.code);
const ALL_BUT = (...drop: RightCode[]) => RIGHT_CODES.filter((c) => !drop.includes(c));
const connected = (json: Json) =>
  (json.elements as { identifier: string; connected: boolean }[]).filter((e) => e.connected).map((e) => e.identifier);

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  app = createStoreApi({ db: handle.db, config }).app;
  const companyA = (await insertCompany(handle.db)).id;
  const companyB = (await insertCompany(handle.db)).id;
  manager = await insertCustomer(handle.db, companyA, { leadBuyer: true });
  buyer = await insertCustomer(handle.db, companyA, { rights: ALL_BUT('ROLE_MANAGE_COST_CENTER') });
  noRights = await insertCustomer(handle.db, companyA, {
    rights: ALL_BUT('ROLE_MANAGE_COST_CENTER', 'ROLE_ACCESS_COST_CENTER'),
  });
  other = await insertCustomer(handle.db, companyB, { leadBuyer: true });
  for (const [key, companyId, name, isConnected] of [
    ['EXT-1', companyA, 'Anke Aerts', true],
    ['EXT-2', companyA, 'Bram Baert', false],
    ['EXT-3', companyA, 'Cor Claes', false],
    ['EXT-9', companyB, 'Other Person', true],
  ] as const) {
    contacts[key] = randomId();
    await handle.db.insert(externalContactTable).values({
      id: contacts[key],
      companyId,
      identifier: key,
      name,
      email: `${key.toLowerCase()}@example.com`,
      connected: isConnected,
    });
  }
  for (const [key, companyId, active] of [
    ['KST-100', companyA, true],
    ['KST-200', companyA, true],
    ['KST-300', companyA, false],
    ['KST-900', companyB, true],
  ] as const) {
    centres[key] = randomId();
    await handle.db
      .insert(costCenterTable)
      .values({ id: centres[key], companyId, identifier: key, name: `Centre ${key}`, active });
  }
});
afterAll(() => handle.close());

describe('external contacts', () => {
  test("the company's contacts with their connected flag, by name; never another company's", async () => {
    const res = await call('GET', `${P}/external-contact`, manager.token);
    expect(res.status).toBe(200);
    expect(res.cache).toBe('private, no-store');
    expect(res.json.elements).toEqual([
      { id: contacts['EXT-1'], identifier: 'EXT-1', name: 'Anke Aerts', email: 'ext-1@example.com', connected: true },
      expect.objectContaining({ identifier: 'EXT-2', connected: false }),
      expect.objectContaining({ identifier: 'EXT-3', connected: false }),
    ]);
  });

  test('link the given ids, link all, unlink the given ids, unlink all', async () => {
    const some = await call('POST', `${P}/external-contact-assign`, manager.token, { ids: [contacts['EXT-2']] });
    expect(connected(some.json)).toEqual(['EXT-1', 'EXT-2']);
    const checkout = await call('GET', `${P}/cart/external-contact`, buyer.token);
    expect((checkout.json.elements as { identifier: string }[]).map((e) => e.identifier)).toEqual(['EXT-1', 'EXT-2']);

    expect(connected((await call('POST', `${P}/external-contact-assign`, manager.token, {})).json)).toEqual([
      'EXT-1',
      'EXT-2',
      'EXT-3',
    ]);
    const dismissed = await call('POST', `${P}/external-contact-dismiss`, manager.token, {
      ids: [contacts['EXT-1'], contacts['EXT-3']],
    });
    expect(connected(dismissed.json)).toEqual(['EXT-2']);
    expect(connected((await call('POST', `${P}/external-contact-dismiss`, manager.token)).json)).toEqual([]);
    // Another company's contacts are untouched by "all".
    const [theirs] = await handle.db
      .select()
      .from(externalContactTable)
      .where(eq(externalContactTable.id, contacts['EXT-9']!));
    expect(theirs?.connected).toBe(true);
  });

  test('an id of another company or an unknown id answers 404 and changes nothing', async () => {
    for (const id of [contacts['EXT-9'], randomId()]) {
      const res = await call('POST', `${P}/external-contact-assign`, manager.token, { ids: [contacts['EXT-1'], id] });
      expect(res.status).toBe(404);
      expect(codes(res.json)).toEqual([`${PREFIX}__EXTERNAL_CONTACT_NOT_FOUND`]);
    }
    expect(connected((await call('GET', `${P}/external-contact`, manager.token)).json)).toEqual([]);
    const dismiss = await call('POST', `${P}/external-contact-dismiss`, manager.token, { ids: [contacts['EXT-9']] });
    expect(dismiss.status).toBe(404);
    const [theirs] = await handle.db
      .select()
      .from(externalContactTable)
      .where(eq(externalContactTable.id, contacts['EXT-9']!));
    expect(theirs?.connected).toBe(true);
  });

  test('validation: an empty list, a malformed id', async () => {
    const empty = await call('POST', `${P}/external-contact-assign`, manager.token, { ids: [] });
    expect(codes(empty.json)).toEqual(['VIOLATION::TOO_FEW_ERROR']);
    const bad = await call('POST', `${P}/external-contact-dismiss`, manager.token, { ids: ['x'] });
    expect(codes(bad.json)).toEqual(['VIOLATION::INVALID_UUID']);
  });
});

describe('cost centres at checkout', () => {
  test("the company's active cost centres; choosing and clearing the cart's", async () => {
    const list = await call('GET', P, buyer.token);
    expect(list.status).toBe(200);
    expect(list.json.elements).toEqual([
      { id: centres['KST-100'], identifier: 'KST-100', name: 'Centre KST-100' },
      { id: centres['KST-200'], identifier: 'KST-200', name: 'Centre KST-200' },
    ]);
    const set = await call('PUT', `${P}/cart/${centres['KST-200']}`, buyer.token);
    expect(set.json).toEqual({ costCenter: { id: centres['KST-200'], identifier: 'KST-200', name: 'Centre KST-200' } });
    const [cart] = await handle.db.select().from(cartTable).where(eq(cartTable.customerId, buyer.id));
    expect(cart?.costCenterId).toBe(centres['KST-200']);

    for (const id of [centres['KST-300'], centres['KST-900'], randomId()]) {
      const refused = await call('PUT', `${P}/cart/${id}`, buyer.token);
      expect(refused.status).toBe(404);
      expect(codes(refused.json)).toEqual([`${PREFIX}__COST_CENTER_NOT_FOUND`]);
    }
    const cleared = await call('DELETE', `${P}/cart`, buyer.token);
    expect(cleared.json).toEqual({ costCenter: null });
    const [after] = await handle.db.select().from(cartTable).where(eq(cartTable.customerId, buyer.id));
    expect(after?.costCenterId).toBeNull();
  });
});

describe('rights', () => {
  const manage = () =>
    [
      ['GET', `${P}/external-contact`],
      ['POST', `${P}/external-contact-assign`],
      ['POST', `${P}/external-contact-dismiss`],
    ] as const;
  const use = () =>
    [
      ['GET', `${P}/cart/external-contact`],
      ['GET', P],
      ['PUT', `${P}/cart/${centres['KST-100']}`],
      ['DELETE', `${P}/cart`],
    ] as const;

  test('every endpoint needs a logged-in customer', async () => {
    for (const [method, path] of [...manage(), ...use()]) {
      const res = await call(method, path, undefined, method === 'POST' ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(codes(res.json)).toEqual(['CHECKOUT__CUSTOMER_NOT_LOGGED_IN']);
    }
  });

  test('managing contacts needs ROLE_MANAGE_COST_CENTER; the checkout calls ROLE_ACCESS_COST_CENTER', async () => {
    for (const [method, path] of manage()) {
      const res = await call(method, path, buyer.token, method === 'POST' ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.errors![0]!.meta).toEqual({ parameters: { right: 'ROLE_MANAGE_COST_CENTER' } });
    }
    for (const [method, path] of use()) {
      const res = await call(method, path, noRights.token);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.errors![0]!.meta).toEqual({ parameters: { right: 'ROLE_ACCESS_COST_CENTER' } });
    }
    const [cart] = await handle.db.select().from(cartTable).where(eq(cartTable.customerId, noRights.id));
    expect(cart?.costCenterId ?? null).toBeNull();
  });

  test("another company's caller sees only its own contacts and centres", async () => {
    const res = await call('GET', `${P}/external-contact`, other.token);
    expect((res.json.elements as { identifier: string }[]).map((e) => e.identifier)).toEqual(['EXT-9']);
    const list = await call('GET', P, other.token);
    expect((list.json.elements as { identifier: string }[]).map((e) => e.identifier)).toEqual(['KST-900']);
    expect((await call('PUT', `${P}/cart/${centres['KST-100']}`, other.token)).status).toBe(404);
  });
});
