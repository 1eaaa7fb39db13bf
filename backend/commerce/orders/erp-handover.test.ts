/**
 * The hand-over of a placed order to the ERP in the request that placed it (./erp-handover.ts
 * `handOverAfterCommit`), through the real Store API on the simulated ERP: the checkout and the approval of a request
 * (one and in bulk) answer with the order already in the ERP, stamped and in the buyer's ERP order history, before
 * any job ran; an ERP that fails in the request never fails it, and the order's `erp-handover` job, sent in the
 * order's transaction, hands it over later; the request and the job together ask the ERP to take the order once.
 * The jobs are recorded and run when a test says so, with the handler of the `erp-handover` worker
 * (backend/testing/job-test-support.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { erpOrderTable, orderTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import type { ErpPort } from '../../erp/port.ts';
import { createSimulatedErp, type ErpSimulation } from '../../erp/simulated/index.ts';
import { insertFlow } from '../../testing/approval-test-support.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';
import { recordJobs, type RecordedJobs } from '../../testing/job-test-support.ts';
import { fillCart, insertAddress, insertArticle, seedCheckoutSettings } from '../../testing/order-test-support.ts';
import { handOverOrder, REQUEST_HANDOVER_WAIT_MS } from './erp-handover.ts';

const config = loadBackendConfig({});
let handle: DbHandle;
let simulated: ErpSimulation;
let app: ReturnType<typeof createStoreApi>['app'];
let jobs: RecordedJobs;
let buyer: TestCustomer;
let approver: TestCustomer;
/** 40.00 EUR net: one piece stays below the order flow's threshold (placed at once). */
let small: { id: string };
/** 60.00 EUR net: two pieces reach the threshold (an approval request). */
let large: { id: string };

/** Every hand-over that reached the ERP port, by order id, whoever asked (a request or a job). */
const asked: string[] = [];
/** While set, the ERP refuses every hand-over, as an unreachable ERP would. */
let erpDown = false;
/** While set, a hand-over waits for this promise before it reaches the ERP, as a connector that hangs would. */
let erpHanging: Promise<void> | null = null;
/** The ERP port of the requests and of the jobs alike: the simulated ERP, counted and switchable. */
const port: Pick<ErpPort, 'transferOrder'> = {
  async transferOrder(orderId) {
    asked.push(orderId);
    if (erpHanging) await erpHanging;
    if (erpDown) throw new Error('ERP connector: 503 Service Unavailable');
    await simulated.transferOrder(orderId);
  },
};

interface Answer {
  status: number;
  json: Record<string, unknown>;
}

async function request(method: string, path: string, token: string, body?: unknown): Promise<Answer> {
  const res = await app.request(`/store-api${path}`, {
    method,
    headers: { 'sw-access-key': config.accessKey, 'content-type': 'application/json', 'sw-context-token': token },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** The buyer's checkout of `lines`: the answer, no job run. */
async function checkout(lines: { productId: string; quantity: number }[]): Promise<Answer> {
  await fillCart(handle.db, buyer.id, lines);
  return request('POST', '/checkout/order', buyer.token, {});
}

/** An approval request of the buyer (two pieces of the large article); answers its id. */
async function approvalRequest(): Promise<string> {
  const requested = await checkout([{ productId: large.id, quantity: 2 }]);
  expect(requested.json.apiAlias).toBe('order_approval_request');
  return requested.json.id as string;
}

async function shopOrder(orderId: string) {
  const [row] = await handle.db.select().from(orderTable).where(eq(orderTable.id, orderId));
  return row!;
}

async function erpOrdersOf(orderId: string) {
  return handle.db.select().from(erpOrderTable).where(eq(erpOrderTable.shopOrderId, orderId));
}

/** The order numbers on the first page of the buyer's ERP order history (`GET …/order/history`). */
async function erpHistoryNumbers(): Promise<string[]> {
  const page = await request('GET', `/${config.provider}/order/history?limit=100`, buyer.token);
  expect(page.status).toBe(200);
  return (page.json.elements as { orderNumber: string }[]).map((o) => o.orderNumber);
}

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  await seedCheckoutSettings(handle.db);
  simulated = createSimulatedErp({ db: handle.db, config });
  jobs = recordJobs(handle.db);
  app = createStoreApi({ db: handle.db, config, erp: { ...simulated, ...port }, jobs }).app;
  const companyId = (await insertCompany(handle.db, { name: 'Delta Installatie' })).id;
  await insertAddress(handle.db, companyId, { isMain: true });
  buyer = await insertCustomer(handle.db, companyId, { firstName: 'Dirk', lastName: 'Delta' });
  approver = await insertCustomer(handle.db, companyId, { rights: ['ROLE_APPROVE_ORDER_FLOWS'] });
  await insertFlow(handle.db, companyId, { approveFromCents: 10_000, approvers: [approver.id], users: [buyer.id] });
  small = await insertArticle(handle.db, { price: '40.00', stock: 1000 });
  large = await insertArticle(handle.db, { price: '60.00', stock: 1000 });
});
afterAll(() => handle.close());
afterEach(() => {
  erpDown = false;
  erpHanging = null;
  asked.splice(0);
  jobs.handovers.splice(0);
  vi.restoreAllMocks();
});

describe('the checkout', () => {
  test('answers with the order already in the ERP: stamped and in the buyer’s ERP history, before any job ran', async () => {
    const placed = await checkout([{ productId: small.id, quantity: 1 }]);
    expect(placed.status).toBe(200);
    const orderId = placed.json.id as string;
    const orderNumber = placed.json.orderNumber as string;
    // The job was sent with the order (the retry) and has not run.
    expect(jobs.handovers).toEqual([orderId]);
    expect(asked).toEqual([orderId]);
    expect((await shopOrder(orderId)).erpHandedOverAt).toBeInstanceOf(Date);
    expect(await erpOrdersOf(orderId)).toMatchObject([{ orderNumber, customerId: buyer.id, channel: 'shop' }]);
    expect(await erpHistoryNumbers()).toContain(orderNumber);
  });

  test('its job, and a sweep sending it again, find the order handed over: the ERP is asked once', async () => {
    const placed = await checkout([{ productId: small.id, quantity: 2 }]);
    const orderId = placed.json.id as string;
    const stamped = (await shopOrder(orderId)).erpHandedOverAt;
    expect(stamped).toBeInstanceOf(Date);
    await jobs.runHandovers(port);
    jobs.handovers.push(orderId);
    await jobs.runHandovers(port);
    expect(asked).toEqual([orderId]);
    expect(await erpOrdersOf(orderId)).toHaveLength(1);
    expect((await shopOrder(orderId)).erpHandedOverAt).toEqual(stamped);
    expect(await handOverOrder(handle.db, port, orderId)).toBe('already');
  });

  test('an ERP failing in the request never fails it: 200 with the order, logged, and the job hands it over once', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    erpDown = true;
    const placed = await checkout([{ productId: small.id, quantity: 2 }]);
    expect(placed.status).toBe(200);
    const orderId = placed.json.id as string;
    expect(placed.json.orderNumber).toEqual(expect.any(String));
    expect(errors.mock.calls.map((args) => String(args[0]))).toEqual([
      expect.stringContaining(`order ${orderId} not handed over in its request`),
    ]);
    expect((await shopOrder(orderId)).erpHandedOverAt).toBeNull();
    expect(await erpOrdersOf(orderId)).toHaveLength(0);
    expect(jobs.handovers).toEqual([orderId]);

    // The job's first run meets the ERP still down and throws, so pg-boss retries it.
    await expect(jobs.runHandovers(port)).rejects.toThrow('503');
    erpDown = false;
    jobs.handovers.push(orderId);
    await jobs.runHandovers(port);
    expect((await shopOrder(orderId)).erpHandedOverAt).toBeInstanceOf(Date);
    expect(await erpOrdersOf(orderId)).toHaveLength(1);
    // A later run (the sweep) does nothing: request, failed try, hand-over.
    jobs.handovers.push(orderId);
    await jobs.runHandovers(port);
    expect(asked).toEqual([orderId, orderId, orderId]);
    expect(await erpOrdersOf(orderId)).toHaveLength(1);
  });

  test('an ERP that hangs holds the answer at most REQUEST_HANDOVER_WAIT_MS; the order reaches the ERP once', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer = () => undefined as void;
    erpHanging = new Promise<void>((resolve) => (answer = resolve));
    const started = Date.now();
    const placed = await checkout([{ productId: small.id, quantity: 1 }]);
    const waited = Date.now() - started;
    expect(placed.status).toBe(200);
    expect(waited).toBeGreaterThanOrEqual(REQUEST_HANDOVER_WAIT_MS - 50);
    const orderId = placed.json.id as string;
    expect(errors.mock.calls.map((args) => String(args[0]))).toEqual([
      expect.stringContaining(`order ${orderId}: the ERP did not answer within ${REQUEST_HANDOVER_WAIT_MS} ms`),
    ]);
    // The connector answers later; the request's hand-over completes, and the job finds the order stamped.
    erpHanging = null;
    answer();
    await vi.waitFor(async () => expect((await shopOrder(orderId)).erpHandedOverAt).toBeInstanceOf(Date));
    await jobs.runHandovers(port);
    expect(asked).toEqual([orderId]);
    expect(await erpOrdersOf(orderId)).toHaveLength(1);
  });

  test('a request and a job handing the same order over at the same moment leave it in the ERP once', async () => {
    erpDown = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const orderId = (await checkout([{ productId: small.id, quantity: 1 }])).json.id as string;
    erpDown = false;
    const both = await Promise.all([handOverOrder(handle.db, port, orderId), handOverOrder(handle.db, port, orderId)]);
    expect(both).toContain('handed-over');
    expect(await erpOrdersOf(orderId)).toHaveLength(1);
    expect((await shopOrder(orderId)).erpHandedOverAt).toBeInstanceOf(Date);
  });

  test('an approval request is no order: nothing is handed over', async () => {
    await approvalRequest();
    expect(asked).toEqual([]);
    expect(jobs.handovers).toEqual([]);
  });
});

describe('approving a request', () => {
  test('answers with the approved order already in the ERP; its job then does nothing', async () => {
    const id = await approvalRequest();
    const approved = await request('POST', `/${config.provider}/order/approve/${id}`, approver.token, {});
    expect(approved.status).toBe(200);
    const orderId = approved.json.orderId as string;
    expect(jobs.handovers).toEqual([orderId]);
    expect((await shopOrder(orderId)).erpHandedOverAt).toBeInstanceOf(Date);
    expect(await erpOrdersOf(orderId)).toMatchObject([
      { orderNumber: approved.json.orderNumber, customerId: buyer.id, goodsCents: 12_000 },
    ]);
    expect(await erpHistoryNumbers()).toContain(approved.json.orderNumber);
    await jobs.runHandovers(port);
    expect(asked).toEqual([orderId]);
  });

  test('with the ERP failing the approval still answers approved; the job hands the order over once', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const id = await approvalRequest();
    erpDown = true;
    const approved = await request('POST', `/${config.provider}/order/approve/${id}`, approver.token, {});
    expect(approved.status).toBe(200);
    expect(approved.json.status).toBe('approved');
    const orderId = approved.json.orderId as string;
    expect(errors).toHaveBeenCalledTimes(1);
    expect((await shopOrder(orderId)).erpHandedOverAt).toBeNull();
    erpDown = false;
    await jobs.runHandovers(port);
    expect(await erpOrdersOf(orderId)).toHaveLength(1);
    expect((await shopOrder(orderId)).erpHandedOverAt).toBeInstanceOf(Date);
    expect(asked).toEqual([orderId, orderId]);
  });

  test('in bulk, each approved order is in the ERP when the answer comes; a failing ERP fails no decision', async () => {
    const first = await approvalRequest();
    const second = await approvalRequest();
    const bulk = (ids: string[]) =>
      request('POST', `/${config.provider}/order/approvals/actions`, approver.token, {
        actions: ids.map((id) => ({ id, action: 'approve' })),
      });
    const decided = await bulk([first, second]);
    expect(decided.status).toBe(200);
    const results = decided.json.results as { outcome: { orderId: string } | null; error: unknown }[];
    expect(results.map((r) => r.error)).toEqual([null, null]);
    const orderIds = results.map((r) => r.outcome!.orderId);
    for (const orderId of orderIds) {
      expect((await shopOrder(orderId)).erpHandedOverAt).toBeInstanceOf(Date);
      expect(await erpOrdersOf(orderId)).toHaveLength(1);
    }
    expect(asked).toEqual(orderIds);

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const third = await approvalRequest();
    erpDown = true;
    const down = await bulk([third]);
    const [result] = down.json.results as { outcome: { status: string; orderId: string } | null; error: unknown }[];
    expect(result).toMatchObject({ outcome: { status: 'approved' }, error: null });
    erpDown = false;
    await jobs.runHandovers(port);
    expect(await erpOrdersOf(result!.outcome!.orderId)).toHaveLength(1);
    expect(asked.filter((id) => id === result!.outcome!.orderId)).toHaveLength(2);
  });
});
