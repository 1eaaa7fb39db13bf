import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { RIGHT_CODES, type RightCode } from '../../auth/rights.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { orderApprovalTable, orderFlowTable, orderFlowUserTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { randomId } from '../../lib/ids.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';
import { reserve } from '../../commerce/spending/budget.service.ts';
import { providerErrorPrefix } from '../../../contract/provider.ts';

const config = loadBackendConfig({});
const P = `/store-api/${config.provider}/order-flow`;
const PREFIX = providerErrorPrefix(config.provider);
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];

let companyA: string;
let manager: TestCustomer;
let buyer: TestCustomer;
let colleague: TestCustomer;
let other: TestCustomer;

type Json = Record<string, unknown> & {
  errors?: { code: string; status: string; source?: { pointer: string }; meta?: { parameters?: unknown } }[];
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

/** Creates a flow as `token` (default the manager) and returns its id. */
async function create(body: Record<string, unknown> = {}, token = manager.token): Promise<string> {
  const res = await call('POST', P, token, { name: 'Flow', startDate: '2026-01-01', ...body });
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
  buyer = await insertCustomer(handle.db, companyA, { firstName: 'Bo', lastName: 'Buyer' });
  colleague = await insertCustomer(handle.db, companyA);
  other = await insertCustomer(handle.db, companyB, { leadBuyer: true });
});
afterAll(() => handle.close());

describe('managing order flows', () => {
  test('create, read, list, change and delete; budget and threshold in EUR on the wire, cents inside', async () => {
    const created = await call('POST', P, manager.token, {
      name: '  Site crew ',
      budget: 250.5,
      budgetPeriod: 'weekly',
      budgetTransfer: true,
      approveFrom: 100,
      startDate: '2026-01-05',
      users: [buyer.id.toUpperCase()],
      approvers: [manager.id],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.cache).toBe('private, no-store');
    const id = created.json.id as string;
    expect(created.json).toEqual({
      id,
      name: 'Site crew',
      budget: 250.5,
      budgetPeriod: 'weekly',
      budgetTransfer: true,
      budgetRenewable: true,
      approvers: [manager.id],
      users: [buyer.id],
      startDate: '2026-01-05',
      endDate: null,
      approveFrom: 100,
      approveFromPeriod: null,
      currentPeriod: { start: expect.any(String), end: expect.any(String) },
      active: true,
      createdAt: expect.any(String),
    });
    const [row] = await handle.db.select().from(orderFlowTable).where(eq(orderFlowTable.id, id));
    expect(row).toMatchObject({ budgetCents: 25_050, approveFromCents: 10_000, companyId: companyA });

    expect((await call('GET', `${P}/${id.toUpperCase()}`, manager.token)).json).toEqual(created.json);

    await create({ name: 'Office' });
    const list = await call('POST', `${P}/list`, manager.token, { term: 'sITE', page: 1, limit: 5 });
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ total: 1, page: 1, limit: 5 });
    expect((list.json.elements as { id: string }[]).map((e) => e.id)).toEqual([id]);

    const changed = await call('PUT', `${P}/${id}`, manager.token, {
      name: 'Site crew 2',
      budget: 300,
      startDate: '2026-01-05',
      endDate: '2026-12-31',
      users: [buyer.id, colleague.id],
      approvers: [manager.id],
      active: false,
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json).toMatchObject({
      name: 'Site crew 2',
      budget: 300,
      budgetPeriod: 'monthly',
      budgetTransfer: false,
      approveFrom: null,
      endDate: '2026-12-31',
      active: false,
    });
    expect((changed.json.users as string[]).sort()).toEqual([buyer.id, colleague.id].sort());

    expect((await call('DELETE', `${P}/${id}`, manager.token)).status).toBe(204);
    const gone = await call('GET', `${P}/${id}`, manager.token);
    expect([gone.status, codes(gone.json)]).toEqual([404, [`${PREFIX}__ORDER_FLOW_NOT_FOUND`]]);
  });

  test('a custom period and a budget that is not renewable need an end date, never before the start', async () => {
    for (const body of [{ budgetPeriod: 'custom' }, { budgetRenewable: false }]) {
      const res = await call('POST', P, manager.token, { name: 'X', startDate: '2026-01-01', ...body });
      expect([res.status, codes(res.json), pointers(res.json)]).toEqual([
        400,
        ['VIOLATION::IS_BLANK_ERROR'],
        ['/endDate'],
      ]);
    }
    const before = await call('POST', P, manager.token, { name: 'X', startDate: '2026-02-01', endDate: '2026-01-31' });
    expect([before.status, codes(before.json), pointers(before.json)]).toEqual([
      400,
      ['VIOLATION::TOO_LOW_ERROR'],
      ['/endDate'],
    ]);
    const cents = await call('POST', P, manager.token, { name: 'X', startDate: '2026-01-01', budget: 1.005 });
    expect(pointers(cents.json)).toEqual(['/budget']);
  });

  test('a user belongs to one flow: putting them into another takes them out of the first', async () => {
    const first = await create({ users: [colleague.id] });
    const second = await create({ users: [colleague.id] });
    const rows = await handle.db
      .select()
      .from(orderFlowUserTable)
      .where(eq(orderFlowUserTable.customerId, colleague.id));
    expect(rows.map((r) => r.flowId)).toEqual([second]);
    expect((await call('GET', `${P}/${first}`, manager.token)).json.users).toEqual([]);
  });
});

describe('assigning a flow', () => {
  test('puts users into the flow, keeping its other users', async () => {
    const flow = await create({ users: [buyer.id] });
    const res = await call('POST', `${P}/assign`, manager.token, { flowId: flow, users: [colleague.id] });
    expect(res.status).toBe(200);
    expect((res.json.users as string[]).sort()).toEqual([buyer.id, colleague.id].sort());
  });

  test('needs a flow and at least one user', async () => {
    const noFlow = await call('POST', `${P}/assign`, manager.token, { users: [buyer.id] });
    expect([noFlow.status, codes(noFlow.json), pointers(noFlow.json)]).toEqual([
      400,
      ['VIOLATION::IS_BLANK_ERROR'],
      ['/flowId'],
    ]);
    const flow = await create();
    const noUser = await call('POST', `${P}/assign`, manager.token, { flowId: flow, users: [] });
    expect([noUser.status, codes(noUser.json), pointers(noUser.json)]).toEqual([
      400,
      ['VIOLATION::TOO_FEW_ERROR'],
      ['/users'],
    ]);
  });
});

describe('rights', () => {
  test('every endpoint needs a login and ROLE_MANAGE_ORDER_FLOWS', async () => {
    const flow = await create();
    const without = await insertCustomer(handle.db, companyA, { rights: ALL_BUT('ROLE_MANAGE_ORDER_FLOWS') });
    const calls: [string, string, unknown?][] = [
      ['POST', `${P}/list`, {}],
      ['POST', P, { name: 'X', startDate: '2026-01-01' }],
      ['POST', `${P}/assign`, { flowId: flow, users: [buyer.id] }],
      ['GET', `${P}/${flow}`],
      ['PUT', `${P}/${flow}`, { name: 'X', startDate: '2026-01-01' }],
      ['DELETE', `${P}/${flow}`],
    ];
    for (const [method, path, body] of calls) {
      const anonymous = await call(method, path, undefined, body);
      expect([method, path, anonymous.status, codes(anonymous.json)]).toEqual([
        method,
        path,
        403,
        ['CHECKOUT__CUSTOMER_NOT_LOGGED_IN'],
      ]);
      const res = await call(method, path, without.token, body);
      expect([method, path, res.status, codes(res.json)]).toEqual([method, path, 403, [`${PREFIX}__MISSING_RIGHT`]]);
      expect(res.json.errors![0]!.meta?.parameters).toEqual({ right: 'ROLE_MANAGE_ORDER_FLOWS' });
    }
  });

  test('budget fields need ROLE_MANAGE_BUDGETS, approvers ROLE_MANAGE_APPROVERS; other fields do not', async () => {
    const noBudgets = await insertCustomer(handle.db, companyA, { rights: ALL_BUT('ROLE_MANAGE_BUDGETS') });
    const noApprovers = await insertCustomer(handle.db, companyA, { rights: ALL_BUT('ROLE_MANAGE_APPROVERS') });
    const right = (json: Json) => json.errors?.[0]?.meta?.parameters;
    for (const field of [{ budget: 10 }, { approveFrom: 10 }, { budgetPeriod: 'yearly' }, { budgetTransfer: true }]) {
      const res = await call('POST', P, noBudgets.token, { name: 'X', startDate: '2026-01-01', ...field });
      expect([res.status, right(res.json)]).toEqual([403, { right: 'ROLE_MANAGE_BUDGETS' }]);
    }
    const flow = await create({ budget: 50, approvers: [manager.id] });
    const keep = { name: 'Renamed', startDate: '2026-01-01', budget: 50, approvers: [manager.id] };
    expect((await call('PUT', `${P}/${flow}`, noBudgets.token, keep)).status).toBe(200);
    expect((await call('PUT', `${P}/${flow}`, noApprovers.token, keep)).status).toBe(200);
    const budget = await call('PUT', `${P}/${flow}`, noBudgets.token, { ...keep, budget: 60 });
    expect([budget.status, right(budget.json)]).toEqual([403, { right: 'ROLE_MANAGE_BUDGETS' }]);
    const approvers = await call('PUT', `${P}/${flow}`, noApprovers.token, { ...keep, approvers: [buyer.id] });
    expect([approvers.status, right(approvers.json)]).toEqual([403, { right: 'ROLE_MANAGE_APPROVERS' }]);
    const created = await call('POST', P, noApprovers.token, {
      name: 'X',
      startDate: '2026-01-01',
      approvers: [buyer.id],
    });
    expect([created.status, right(created.json)]).toEqual([403, { right: 'ROLE_MANAGE_APPROVERS' }]);
    expect((await call('GET', `${P}/${flow}`, manager.token)).json).toMatchObject({
      budget: 50,
      approvers: [manager.id],
    });
  });
});

describe('company scope', () => {
  test("another company's flow answers 404 like an unknown one, and is not listed", async () => {
    const foreign = await create({ name: 'Foreign' }, other.token);
    for (const [method, path, body] of [
      ['GET', `${P}/${foreign}`],
      ['PUT', `${P}/${foreign}`, { name: 'X', startDate: '2026-01-01' }],
      ['DELETE', `${P}/${foreign}`],
      ['POST', `${P}/assign`, { flowId: foreign, users: [buyer.id] }],
      ['GET', `${P}/${randomId()}`],
    ] as [string, string, unknown?][]) {
      const res = await call(method, path, manager.token, body);
      expect([method, path, res.status, codes(res.json)]).toEqual([
        method,
        path,
        404,
        [`${PREFIX}__ORDER_FLOW_NOT_FOUND`],
      ]);
    }
    const list = await call('POST', `${P}/list`, manager.token, { term: 'Foreign' });
    expect(list.json.total).toBe(0);
    const [row] = await handle.db.select().from(orderFlowTable).where(eq(orderFlowTable.id, foreign));
    expect(row?.name).toBe('Foreign');
  });

  test('users and approvers must be customers of the company', async () => {
    const flow = await create();
    for (const [method, path, body] of [
      ['POST', P, { name: 'X', startDate: '2026-01-01', users: [other.id] }],
      ['POST', P, { name: 'X', startDate: '2026-01-01', approvers: [other.id] }],
      ['PUT', `${P}/${flow}`, { name: 'X', startDate: '2026-01-01', users: [buyer.id, other.id] }],
      ['POST', `${P}/assign`, { flowId: flow, users: [other.id] }],
    ] as [string, string, unknown][]) {
      const res = await call(method, path, manager.token, body);
      expect([res.status, codes(res.json), res.json.errors?.[0]?.meta?.parameters]).toEqual([
        404,
        ['CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID'],
        { id: other.id },
      ]);
    }
    expect((await call('GET', `${P}/${flow}`, manager.token)).json.users).toEqual([]);
  });
});

describe('pending approvals of the flows one approves', () => {
  async function request(flowId: string | null, requester: TestCustomer, companyId = companyA, status = 'pending') {
    const id = randomId();
    await handle.db.insert(orderApprovalTable).values({
      id,
      approvalNumber: `A-${id.slice(0, 10)}`,
      companyId,
      requesterId: requester.id,
      flowId,
      status: status as 'pending',
      netCents: 12_345,
      totalCents: 14_937,
      snapshot: {},
      snapshotHash: 'x',
    });
    return id;
  }

  test("counts the pending requests of the flows the caller approves, not their own nor others' flows", async () => {
    const approver = await insertCustomer(handle.db, companyA, { firstName: 'Ada', lastName: 'Approver' });
    const mine = await create({ approvers: [approver.id] });
    const notMine = await create({ approvers: [manager.id] });
    const wanted = await request(mine, buyer);
    await request(mine, approver);
    await request(mine, buyer, companyA, 'approved');
    await request(notMine, buyer);
    const res = await call('GET', `${P}/pending`, approver.token);
    expect(res.status).toBe(200);
    expect(res.cache).toBe('private, no-store');
    expect(res.json).toEqual({
      total: 1,
      elements: [
        {
          id: wanted,
          approvalNumber: expect.any(String),
          flowId: mine,
          requester: { id: buyer.id, firstName: 'Bo', lastName: 'Buyer' },
          amountNet: 123.45,
          createdAt: expect.any(String),
        },
      ],
    });
  });

  test('needs ROLE_APPROVE_ORDER_FLOWS', async () => {
    const without = await insertCustomer(handle.db, companyA, { rights: ALL_BUT('ROLE_APPROVE_ORDER_FLOWS') });
    const res = await call('GET', `${P}/pending`, without.token);
    expect([res.status, codes(res.json)]).toEqual([403, [`${PREFIX}__MISSING_RIGHT`]]);
    expect((await call('GET', `${P}/pending`)).status).toBe(403);
  });
});

describe('the company user list shows and filters the flow budgets', () => {
  test('budget and remaining budget of each user in EUR; range filters and sorting use them', async () => {
    const companyId = (await insertCompany(handle.db)).id;
    const lead = await insertCustomer(handle.db, companyId, { leadBuyer: true, username: `lead-${randomId()}` });
    const spender = await insertCustomer(handle.db, companyId, { username: `spender-${randomId()}` });
    const saver = await insertCustomer(handle.db, companyId, { username: `saver-${randomId()}` });
    const big = await create({ budget: 100, users: [spender.id] }, lead.token);
    await create({ budget: 50, users: [saver.id] }, lead.token);
    await handle.db.transaction((tx) =>
      reserve(tx, {
        kind: 'flow',
        budgetId: big,
        customerId: spender.id,
        companyId,
        at: new Date(),
        amountCents: 3_000,
      }),
    );
    const list = async (body: Record<string, unknown>) => {
      const res = await call('POST', `/store-api/${config.provider}/companies/customers`, lead.token, body);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return (res.json.elements as { id: string; budget: number | null; remainingBudget: number | null }[]).map((e) => [
        e.id,
        e.budget,
        e.remainingBudget,
      ]);
    };
    expect(await list({ sort: [{ field: 'flow.budgetRemaining', order: 'DESC' }] })).toEqual([
      [spender.id, 100, 70],
      [saver.id, 50, 50],
      [lead.id, null, null],
    ]);
    const range = (field: string, parameters: Record<string, number>) =>
      list({ filter: [{ type: 'range', field, parameters }] }).then((rows) => rows.map(([id]) => id));
    expect(await range('flow.budgetRemaining', { gte: 60 })).toEqual([spender.id]);
    expect(await range('flow.budget', { gte: 40, lte: 60 })).toEqual([saver.id]);
    expect((await range('flow.budget', { lte: 60 })).sort()).toEqual([saver.id, lead.id].sort());
  });
});
