import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import { RIGHT_CODES, type RightCode } from '../../auth/rights.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { budgetUsageTable, cartTable, orderReferenceTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { budgetPeriodAt } from '../../lib/budget-period.ts';
import { randomId } from '../../lib/ids.ts';
import { shopToday } from '../../../contract/order.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';
import { usableReference } from '../../commerce/spending/reference-use.ts';
import { providerErrorPrefix } from '../../../contract/provider.ts';

const config = loadBackendConfig({});
const P = `/store-api/${config.provider}/order-reference`;
const PREFIX = providerErrorPrefix(config.provider);
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];

let companyA: string;
let manager: TestCustomer;
let buyer: TestCustomer;
let colleague: TestCustomer;
let noRights: TestCustomer;
let other: TestCustomer;

type Json = Record<string, unknown> & {
  errors?: { code: string; status: string; source?: { pointer: string }; meta?: unknown }[];
};

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
const pointers = (json: Json) => (json.errors ?? []).map((e) => e.source?.pointer);
const ALL_BUT = (...drop: RightCode[]) => RIGHT_CODES.filter((c) => !drop.includes(c));

/** Creates a reference as `manager` and returns its id. */
async function create(body: Record<string, unknown>, token = manager.token): Promise<string> {
  const res = await call('POST', P, token, { startDate: '2026-01-01', ...body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.id as string;
}

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  app = createStoreApi({ db: handle.db, config }).app;
  companyA = (await insertCompany(handle.db, { name: 'Alpha' })).id;
  const companyB = (await insertCompany(handle.db, { name: 'Beta' })).id;
  manager = await insertCustomer(handle.db, companyA, { leadBuyer: true, firstName: 'Mia', lastName: 'Manager' });
  buyer = await insertCustomer(handle.db, companyA, { rights: ALL_BUT('ROLE_MANAGE_ORDER_REFERENCES') });
  colleague = await insertCustomer(handle.db, companyA, { rights: ALL_BUT('ROLE_MANAGE_ORDER_REFERENCES') });
  noRights = await insertCustomer(handle.db, companyA, {
    rights: ALL_BUT('ROLE_MANAGE_ORDER_REFERENCES', 'ROLE_ADD_ORDER_REFERENCES'),
  });
  other = await insertCustomer(handle.db, companyB, { leadBuyer: true });
});
afterAll(() => handle.close());

describe('managing order references', () => {
  test('create, read, list, change and delete; budget in EUR on the wire, cents inside', async () => {
    const created = await call('POST', P, manager.token, {
      name: '  PO-2026-001 ',
      budget: 5000.5,
      period: 'monthly',
      startDate: '2026-01-01',
      users: [buyer.id.toUpperCase()],
      approvers: [manager.id],
    });
    expect(created.status).toBe(200);
    expect(created.cache).toBe('private, no-store');
    expect(created.json).toMatchObject({
      name: 'PO-2026-001',
      budget: 5000.5,
      remainingBudget: 5000.5,
      period: 'monthly',
      renewable: true,
      transferable: false,
      startDate: '2026-01-01',
      endDate: null,
      active: true,
      users: [buyer.id],
      approvers: [manager.id],
      createdBy: { id: manager.id, firstName: 'Mia', lastName: 'Manager' },
    });
    const id = created.json.id as string;
    const [row] = await handle.db.select().from(orderReferenceTable).where(eq(orderReferenceTable.id, id));
    expect(row?.budgetCents).toBe(500050);

    expect((await call('GET', `${P}/${id}`, manager.token)).json).toEqual(created.json);
    const list = await call('POST', `${P}/list`, manager.token, { term: 'po-2026' });
    expect(list.json).toMatchObject({ total: 1, page: 1, limit: 20 });

    const changed = await call('PUT', `${P}/${id}`, manager.token, {
      name: 'PO-2026-001',
      budget: null,
      period: 'custom',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      users: [buyer.id],
      approvers: [manager.id],
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json).toMatchObject({
      budget: null,
      remainingBudget: null,
      currentPeriod: null,
      period: 'custom',
      users: [buyer.id],
    });

    expect((await call('DELETE', `${P}/${id}`, manager.token)).status).toBe(204);
    expect((await call('GET', `${P}/${id}`, manager.token)).status).toBe(404);
  });

  test('the remaining budget is read from the usage row of the current period', async () => {
    const id = await create({ name: 'With usage', budget: 1000 });
    const rule = { period: 'monthly' as const, renewable: true, startDate: '2026-01-01', endDate: null };
    const current = budgetPeriodAt(rule, new Date())!;
    const previous = budgetPeriodAt(rule, new Date(current.start.getTime() - 1))!;
    await handle.db.insert(budgetUsageTable).values([
      {
        kind: 'order_reference',
        budgetId: id,
        periodStart: current.start,
        periodEnd: current.end,
        limitCents: 100_000,
        usedCents: 25_050,
      },
      {
        kind: 'order_reference',
        budgetId: id,
        periodStart: previous.start,
        periodEnd: previous.end,
        limitCents: 100_000,
        usedCents: 99_000,
      },
    ]);
    expect((await call('GET', `${P}/${id}`, manager.token)).json.remainingBudget).toBe(749.5);
  });

  test('a name is unique per company regardless of case; another company may use it', async () => {
    const first = await create({ name: 'Project Schelde' });
    const dup = await call('POST', P, manager.token, { name: 'project SCHELDE', startDate: '2026-01-01' });
    expect(dup.status).toBe(400);
    expect(codes(dup.json)).toEqual(['ORDER_REFERENCE_NAME_NOT_UNIQUE']);
    expect(pointers(dup.json)).toEqual(['/name']);

    const second = await create({ name: 'Project Maas' });
    const renamed = await call('PUT', `${P}/${second}`, manager.token, {
      name: 'PROJECT schelde',
      startDate: '2026-01-01',
    });
    expect(codes(renamed.json)).toEqual(['ORDER_REFERENCE_NAME_NOT_UNIQUE']);
    // Changing the case of its own name is allowed.
    const own = await call('PUT', `${P}/${first}`, manager.token, { name: 'PROJECT SCHELDE', startDate: '2026-01-01' });
    expect(own.status).toBe(200);

    const elsewhere = await call('POST', P, other.token, { name: 'project schelde', startDate: '2026-01-01' });
    expect(elsewhere.status).toBe(200);
  });

  test('validation: name length and characters, budget, period, dates, members of another company', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await call('POST', P, manager.token, { name: 'Valid', startDate: '2026-01-01', ...body });
      expect(res.status).toBe(400);
      return res.json.errors!.map((e) => [e.code, e.source?.pointer]);
    };
    expect(await bad({ name: '   ' })).toEqual([['VIOLATION::IS_BLANK_ERROR', '/name']]);
    expect(await bad({ name: 'x'.repeat(31) })).toEqual([['VIOLATION::TOO_LONG_ERROR', '/name']]);
    expect(await bad({ name: 'PO\u0000-1' })).toEqual([['VIOLATION::NUL_CHARACTER_ERROR', '/name']]);
    expect(await bad({ name: 'PO\n1' })).toEqual([['VIOLATION::REGEX_FAILED_ERROR', '/name']]);
    expect(await bad({ name: 'PO\u202e1' })).toEqual([['VIOLATION::REGEX_FAILED_ERROR', '/name']]);
    expect(await bad({ budget: -1 })).toEqual([['VIOLATION::TOO_LOW_ERROR', '/budget']]);
    expect(await bad({ budget: 1.005 })).toEqual([['VIOLATION::INVALID_VALUE', '/budget']]);
    expect(await bad({ period: 'hourly' })).toEqual([['VIOLATION::NO_SUCH_CHOICE_ERROR', '/period']]);
    expect(await bad({ period: 'custom' })).toEqual([['VIOLATION::IS_BLANK_ERROR', '/endDate']]);
    expect(await bad({ startDate: '2026-02-30' })).toEqual([['VIOLATION::INVALID_VALUE', '/startDate']]);
    expect(await bad({ period: 'custom', endDate: '2025-12-31' })).toEqual([['VIOLATION::TOO_LOW_ERROR', '/endDate']]);
    expect(await bad({ users: [manager.id, manager.id] })).toEqual([['VIOLATION::INVALID_VALUE', '/users']]);
    expect(await bad({ approvers: ['nope'] })).toEqual([['VIOLATION::INVALID_UUID', '/approvers/0']]);
    // The same start and end day is a valid custom period.
    expect(
      (
        await call('POST', P, manager.token, {
          name: 'One day',
          period: 'custom',
          startDate: '2026-03-01',
          endDate: '2026-03-01',
        })
      ).status,
    ).toBe(200);

    const foreign = await call('POST', P, manager.token, {
      name: 'Foreign',
      startDate: '2026-01-01',
      users: [other.id],
    });
    expect(foreign.status).toBe(404);
    expect(codes(foreign.json)).toEqual(['CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID']);
  });

  test('a name with markup is stored and answered as data', async () => {
    const id = await create({ name: '<b>PO</b> & "x"' });
    const res = await call('GET', `${P}/${id}`, manager.token);
    expect(res.json.name).toBe('<b>PO</b> & "x"');
  });
});

describe('search and the cart', () => {
  let usable: string;
  let forColleague: string;
  let inactive: string;
  let expired: string;
  let future: string;

  beforeAll(async () => {
    usable = await create({ name: 'Bouw Gent', budget: 200, users: [buyer.id] });
    forColleague = await create({ name: 'Bouw Leuven', users: [colleague.id] });
    inactive = await create({ name: 'Bouw Inactief', active: false });
    expired = await create({ name: 'Bouw Oud', startDate: '2020-01-01', endDate: '2020-12-31' });
    future = await create({ name: 'Bouw Later', startDate: '2099-01-01' });
    await create({ name: 'Bouw Vandaag', period: 'custom', startDate: shopToday(), endDate: shopToday() });
  });

  test('search lists only references the caller may book to now, with budget and remaining budget', async () => {
    const res = await call('GET', `${P}/search/bouw`, buyer.token);
    expect(res.status).toBe(200);
    expect(res.cache).toBe('private, no-store');
    expect(res.json.elements).toEqual([
      {
        id: usable,
        name: 'Bouw Gent',
        budget: 200,
        remainingBudget: 200,
        period: 'monthly',
        startDate: '2026-01-01',
        currentPeriod: { start: expect.any(String), end: expect.any(String) },
        endDate: null,
      },
      expect.objectContaining({ name: 'Bouw Vandaag', budget: null, remainingBudget: null }),
    ]);
    const names = ((await call('GET', `${P}/search/BOUW`, colleague.token)).json.elements as { name: string }[]).map(
      (e) => e.name,
    );
    expect(names).toEqual(['Bouw Leuven', 'Bouw Vandaag']);
    // Wildcards in the term are literal.
    expect((await call('GET', `${P}/search/%25`, buyer.token)).json.elements).toEqual([]);
    expect((await call('GET', `${P}/search/${'x'.repeat(31)}`, buyer.token)).status).toBe(400);
  });

  test('setting and clearing the cart reference; references the caller may not book to are refused', async () => {
    const set = await call('PUT', `${P}/cart/${usable}`, buyer.token);
    expect(set.status).toBe(200);
    expect(set.json.orderReference).toMatchObject({ id: usable, name: 'Bouw Gent' });
    const [cart] = await handle.db.select().from(cartTable).where(eq(cartTable.customerId, buyer.id));
    expect(cart?.orderReferenceId).toBe(usable);

    for (const id of [forColleague, inactive, expired, future]) {
      const refused = await call('PUT', `${P}/cart/${id}`, buyer.token);
      expect(refused.status).toBe(400);
      expect(codes(refused.json)).toEqual([`${PREFIX}__ORDER_REFERENCE_NOT_USABLE`]);
    }
    const [still] = await handle.db.select().from(cartTable).where(eq(cartTable.customerId, buyer.id));
    expect(still?.orderReferenceId).toBe(usable);

    const cleared = await call('DELETE', `${P}/cart`, buyer.token);
    expect(cleared.json).toEqual({ orderReference: null });
    const [after] = await handle.db.select().from(cartTable).where(eq(cartTable.customerId, buyer.id));
    expect(after?.orderReferenceId).toBeNull();
    expect(after!.revision).toBeGreaterThan(cart!.revision);
  });

  test('a reference is usable through its end day until midnight in Brussels, and from its start day', async () => {
    const id = await create({ name: 'Zomer', period: 'custom', startDate: '2026-06-01', endDate: '2026-06-30' });
    const me = { id: buyer.id, companyId: companyA } as AuthenticatedCustomer;
    expect(await usableReference(handle.db, me, id, new Date('2026-05-31T21:59:59Z'))).toBeNull();
    expect((await usableReference(handle.db, me, id, new Date('2026-05-31T22:00:00Z')))?.id).toBe(id);
    expect((await usableReference(handle.db, me, id, new Date('2026-06-30T21:59:59Z')))?.id).toBe(id);
    expect(await usableReference(handle.db, me, id, new Date('2026-06-30T22:00:00Z'))).toBeNull();
  });

  test('deleting a reference clears it from carts', async () => {
    const id = await create({ name: 'Short lived' });
    await call('PUT', `${P}/cart/${id}`, buyer.token);
    expect((await call('DELETE', `${P}/${id}`, manager.token)).status).toBe(204);
    const [cart] = await handle.db.select().from(cartTable).where(eq(cartTable.customerId, buyer.id));
    expect(cart?.orderReferenceId).toBeNull();
  });
});

describe('rights and company scope', () => {
  let mine: string;
  let theirs: string;
  beforeAll(async () => {
    mine = await create({ name: 'Rights test' });
    theirs = await create({ name: 'Theirs' }, other.token);
  });

  const body = { name: 'Rights body', startDate: '2026-01-01' };
  const manage = () =>
    [
      ['POST', `${P}/list`, {}],
      ['POST', P, body],
      ['GET', `${P}/${mine}`, undefined],
      ['PUT', `${P}/${mine}`, body],
      ['DELETE', `${P}/${mine}`, undefined],
    ] as const;
  const use = () =>
    [
      ['GET', `${P}/search/rights`, undefined],
      ['PUT', `${P}/cart/${mine}`, undefined],
      ['DELETE', `${P}/cart`, undefined],
    ] as const;

  test('every endpoint needs a logged-in customer', async () => {
    for (const [method, path, b] of [...manage(), ...use()]) {
      const res = await call(method, path, undefined, b);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(codes(res.json)).toEqual(['CHECKOUT__CUSTOMER_NOT_LOGGED_IN']);
    }
  });

  test('managing needs ROLE_MANAGE_ORDER_REFERENCES; using needs ROLE_ADD_ORDER_REFERENCES', async () => {
    for (const [method, path, b] of manage()) {
      const res = await call(method, path, buyer.token, b);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(codes(res.json)).toEqual([`${PREFIX}__MISSING_RIGHT`]);
    }
    for (const [method, path, b] of use()) {
      const res = await call(method, path, noRights.token, b);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.errors![0]!.meta).toEqual({ parameters: { right: 'ROLE_ADD_ORDER_REFERENCES' } });
    }
    expect((await call('GET', `${P}/${mine}`, manager.token)).status).toBe(200);
  });

  test("another company's reference answers 404 like an unknown one, and is never listed or found", async () => {
    const unknown = randomId();
    for (const id of [theirs, unknown]) {
      for (const [method, path, b] of [
        ['GET', `${P}/${id}`, undefined],
        ['PUT', `${P}/${id}`, { name: 'Hijack', startDate: '2026-01-01' }],
        ['DELETE', `${P}/${id}`, undefined],
        ['PUT', `${P}/cart/${id}`, undefined],
      ] as const) {
        const res = await call(method, path, manager.token, b);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(codes(res.json)).toEqual([`${PREFIX}__ORDER_REFERENCE_NOT_FOUND`]);
      }
    }
    const [row] = await handle.db.select().from(orderReferenceTable).where(eq(orderReferenceTable.id, theirs));
    expect(row?.name).toBe('Theirs');
    const list = await call('POST', `${P}/list`, manager.token, { term: 'theirs', limit: 100 });
    expect(list.json.total).toBe(0);
    expect((await call('GET', `${P}/search/theirs`, manager.token)).json.elements).toEqual([]);
  });
});
