/**
 * The lead-buyer rule on every route that creates, changes, (de)activates or deletes a company user: a user with
 * ROLE_MANAGE_CONTACTS but no lead-buyer flag cannot touch a lead buyer, a lead buyer can, account managers are out
 * of reach of company users, other companies' ids answer 404, and a company keeps an active lead buyer.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { RIGHT_CODES } from '../../auth/rights.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { customerRightTable, customerTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';

const config = loadBackendConfig({});
const P = `/store-api/${config.provider}`;
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];
let companyA: string;
let lead: TestCustomer;
let manager: TestCustomer;
let otherUser: TestCustomer;
let foreignManager: TestCustomer;

type Json = Record<string, unknown> & { errors?: { code: string }[] };

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await app.request(path, {
    method,
    headers: { 'sw-access-key': config.accessKey, 'content-type': 'application/json', 'sw-context-token': token },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Json };
}
const code = (json: Json) => json.errors?.[0]?.code;

/** Every route that changes an existing user, as `(token, targetId) → answer`. */
const ROUTES: Record<string, (token: string, id: string) => ReturnType<typeof call>> = {
  'PUT account/{id}/rights': (t, id) =>
    call('PUT', `${P}/account/${id}/rights`, t, { roles: [{ code: 'ROLE_VIEW_PRICES', enabled: false }] }),
  'PUT account/{id}/role': (t, id) => call('PUT', `${P}/account/${id}/role`, t, { role: 'buyer' }),
  'PATCH companies/customers/{id} (name)': (t, id) =>
    call('PATCH', `${P}/companies/customers/${id}`, t, { firstName: 'Changed' }),
  'PATCH companies/customers/{id} (e-mail)': (t, id) =>
    call('PATCH', `${P}/companies/customers/${id}`, t, { email: `changed.${id}@example.com` }),
  'PATCH companies/customers/{id} (deactivate)': (t, id) =>
    call('PATCH', `${P}/companies/customers/${id}`, t, { active: false }),
  'PATCH companies/customers/{id} (activate)': (t, id) =>
    call('PATCH', `${P}/companies/customers/${id}`, t, { active: true }),
  'PATCH companies/customers/{id} (demote)': (t, id) =>
    call('PATCH', `${P}/companies/customers/${id}`, t, { leadBuyer: false }),
  'DELETE companies/customers': (t, id) => call('DELETE', `${P}/companies/customers`, t, { customerIds: [id] }),
};

async function snapshot(id: string) {
  const [row] = await handle.db.select().from(customerTable).where(eq(customerTable.id, id));
  const rights = await handle.db.select().from(customerRightTable).where(eq(customerRightTable.customerId, id));
  return { row, rights: rights.filter((r) => r.enabled).length };
}

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  app = createStoreApi({ db: handle.db, config }).app;
  companyA = (await insertCompany(handle.db, { name: 'Alpha' })).id;
  const companyB = (await insertCompany(handle.db, { name: 'Beta' })).id;
  const supplier = (await insertCompany(handle.db, { name: 'Supplier' })).id;
  lead = await insertCustomer(handle.db, companyA, { username: 'rule.lead', leadBuyer: true });
  // Every right a lead buyer has, but not the lead-buyer flag: the attacker of this suite.
  manager = await insertCustomer(handle.db, companyA, { username: 'rule.manager', rights: RIGHT_CODES });
  otherUser = await insertCustomer(handle.db, companyB, { username: 'rule.other' });
  foreignManager = await insertCustomer(handle.db, supplier, { username: 'rule.am.foreign' });
  await handle.db.update(customerTable).set({ role: 'account_manager' }).where(eq(customerTable.id, foreignManager.id));
});
afterAll(() => handle.close());

describe.each(Object.entries(ROUTES))('%s', (_name, route) => {
  test('a ROLE_MANAGE_CONTACTS user cannot touch a lead buyer: 403 LEAD_BUYER_REQUIRED, nothing changes', async () => {
    const target = await insertCustomer(handle.db, companyA, { leadBuyer: true });
    const before = await snapshot(target.id);
    const res = await route(manager.token, target.id);
    expect(res.status).toBe(403);
    expect(code(res.json)).toBe('WERKBANK__LEAD_BUYER_REQUIRED');
    expect(await snapshot(target.id)).toEqual(before);
  });

  test('a lead buyer can', async () => {
    const target = await insertCustomer(handle.db, companyA, { leadBuyer: true });
    const res = await route(lead.token, target.id);
    expect(res.status).toBeLessThan(300);
  });

  test('an account manager is out of reach: 403 in the own company, 404 elsewhere', async () => {
    const target = await insertCustomer(handle.db, companyA);
    await handle.db.update(customerTable).set({ role: 'account_manager' }).where(eq(customerTable.id, target.id));
    for (const actor of [manager, lead]) {
      const res = await route(actor.token, target.id);
      expect(res.status).toBe(403);
      expect(code(res.json)).toBe('WERKBANK__ACCOUNT_MANAGER_PROTECTED');
      const foreign = await route(actor.token, foreignManager.id);
      expect(foreign.status).toBe(404);
    }
    expect((await snapshot(target.id)).row?.role).toBe('account_manager');
  });

  test("another company's user answers 404", async () => {
    for (const actor of [manager, lead]) {
      const res = await route(actor.token, otherUser.id);
      expect(res.status).toBe(404);
      expect(code(res.json)).toBe('CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID');
    }
  });
});

describe('nobody changes his own rights, role, lead-buyer flag or active state, on any route', () => {
  /** Every way of changing one's own access, for a contact manager with some rights but not all. */
  const OWN_CHANGES: Record<string, (token: string, id: string) => ReturnType<typeof call>> = {
    'PUT account/{id}/rights (grant)': (t, id) =>
      call('PUT', `${P}/account/${id}/rights`, t, { roles: [{ code: 'ROLE_MANAGE_ORDER_HISTORY', enabled: true }] }),
    'PUT account/{id}/rights (drop)': (t, id) =>
      call('PUT', `${P}/account/${id}/rights`, t, { roles: [{ code: 'ROLE_VIEW_PRICES', enabled: false }] }),
    'PUT account/{id}/role': (t, id) => call('PUT', `${P}/account/${id}/role`, t, { role: 'approver' }),
    'PATCH companies/customers/{id} (rights)': (t, id) =>
      call('PATCH', `${P}/companies/customers/${id}`, t, {
        rights: [
          { code: 'ROLE_MANAGE_CONTACTS', enabled: true },
          { code: 'ROLE_VIEW_PRICES', enabled: true },
        ],
      }),
    'PATCH companies/customers/{id} (deactivate)': (t, id) =>
      call('PATCH', `${P}/companies/customers/${id}`, t, { active: false }),
    'PATCH companies/customers/{id} (lead buyer)': (t, id) =>
      call('PATCH', `${P}/companies/customers/${id}`, t, { leadBuyer: true }),
  };

  test.each(Object.entries(OWN_CHANGES))('%s: 403 CANNOT_CHANGE_OWN_RIGHTS, nothing changes', async (_name, route) => {
    const self = await insertCustomer(handle.db, companyA, {
      rights: ['ROLE_MANAGE_CONTACTS', 'ROLE_VIEW_PRICES', 'ROLE_PLACE_ORDERS'],
    });
    const before = await snapshot(self.id);
    const res = await route(self.token, self.id);
    expect(res.status).toBe(403);
    expect(code(res.json)).toBe('WERKBANK__CANNOT_CHANGE_OWN_RIGHTS');
    expect(await snapshot(self.id)).toEqual(before);
  });

  test('a lead buyer cannot demote or deactivate himself either, even with another lead buyer beside him', async () => {
    const self = await insertCustomer(handle.db, companyA, { leadBuyer: true });
    for (const body of [{ leadBuyer: false }, { active: false }, { rights: [] }]) {
      const res = await call('PATCH', `${P}/companies/customers/${self.id}`, self.token, body);
      expect([res.status, code(res.json)]).toEqual([403, 'WERKBANK__CANNOT_CHANGE_OWN_RIGHTS']);
    }
    const role = await call('PUT', `${P}/account/${self.id}/role`, self.token, { role: 'buyer' });
    expect([role.status, code(role.json)]).toEqual([403, 'WERKBANK__CANNOT_CHANGE_OWN_RIGHTS']);
    expect((await snapshot(self.id)).row).toMatchObject({ leadBuyer: true, active: true, role: 'lead_buyer' });
  });

  test('the own user sent back unchanged, with other fields changed, is saved', async () => {
    const self = await insertCustomer(handle.db, companyA, { rights: ['ROLE_MANAGE_CONTACTS', 'ROLE_VIEW_PRICES'] });
    const res = await call('PATCH', `${P}/companies/customers/${self.id}`, self.token, {
      firstName: 'Renamed',
      active: true,
      leadBuyer: false,
      rights: [
        { code: 'ROLE_MANAGE_CONTACTS', enabled: true },
        { code: 'ROLE_VIEW_PRICES', enabled: true },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ firstName: 'Renamed' });
  });
});

describe('creating and promoting', () => {
  const newUser = (username: string) => ({ firstName: 'N', lastName: 'U', email: `${username}@example.com`, username });

  test('only a lead buyer creates a lead buyer', async () => {
    const denied = await call('POST', `${P}/companies/customers/create`, manager.token, {
      ...newUser('rule.new.denied'),
      leadBuyer: true,
    });
    expect(denied.status).toBe(403);
    expect(code(denied.json)).toBe('WERKBANK__LEAD_BUYER_REQUIRED');
    const ok = await call('POST', `${P}/companies/customers/create`, lead.token, {
      ...newUser('rule.new.ok'),
      leadBuyer: true,
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ customerExtension: { leadBuyer: true } });
  });

  test('only a lead buyer promotes a user to lead buyer, by role or by flag', async () => {
    const target = await insertCustomer(handle.db, companyA);
    const byRole = await call('PUT', `${P}/account/${target.id}/role`, manager.token, { role: 'lead_buyer' });
    const byFlag = await call('PATCH', `${P}/companies/customers/${target.id}`, manager.token, { leadBuyer: true });
    expect([byRole.status, byFlag.status]).toEqual([403, 403]);
    expect([code(byRole.json), code(byFlag.json)]).toEqual([
      'WERKBANK__LEAD_BUYER_REQUIRED',
      'WERKBANK__LEAD_BUYER_REQUIRED',
    ]);
    expect((await snapshot(target.id)).row?.leadBuyer).toBe(false);
    const ok = await call('PUT', `${P}/account/${target.id}/role`, lead.token, { role: 'lead_buyer' });
    expect(ok.status).toBe(200);
  });

  test('the attack of the review fails: strip the rights, demote, then delete the lead buyer', async () => {
    const strip = await ROUTES['PUT account/{id}/rights']!(manager.token, lead.id);
    const demote = await ROUTES['PUT account/{id}/role']!(manager.token, lead.id);
    const remove = await ROUTES['DELETE companies/customers']!(manager.token, lead.id);
    expect([strip.status, demote.status, remove.status]).toEqual([403, 403, 403]);
    expect((await snapshot(lead.id)).row).toMatchObject({ leadBuyer: true, role: 'lead_buyer', active: true });
  });
});

describe('the last lead buyer', () => {
  test('two lead buyers demoting each other at the same moment leave the company one', async () => {
    const company = (await insertCompany(handle.db, { name: 'Gamma' })).id;
    const a = await insertCustomer(handle.db, company, { leadBuyer: true });
    const b = await insertCustomer(handle.db, company, { leadBuyer: true });
    const answers = await Promise.all([
      call('PUT', `${P}/account/${b.id}/role`, a.token, { role: 'buyer' }),
      call('PUT', `${P}/account/${a.id}/role`, b.token, { role: 'buyer' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    const leads = await handle.db.select().from(customerTable).where(eq(customerTable.companyId, company));
    expect(leads.filter((r) => r.leadBuyer && r.active)).toHaveLength(1);
  });
});
