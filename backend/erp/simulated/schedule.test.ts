import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ErpOrderDetailSchema, InvoiceHistoryResponseSchema } from '../../../contract/provider/erp.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { erpDeliveryTable, erpInvoiceTable, erpOrderTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { insertCompany } from '../../testing/company-test-support.ts';
import type { ErpScope } from '../port.ts';
import { createSimulatedErp, type ErpSimulation } from './index.ts';
import { ERP_STEPS, variation } from './schedule.ts';
import { erpLine, erpOrder, insertTestErpOrders } from '../../testing/erp-simulation-test-support.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const config = loadBackendConfig({});
let handle: DbHandle;
let erp: ErpSimulation;
let companyId: string;
let scope: ErpScope;

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  companyId = (await insertCompany(handle.db, { name: 'Clockwork BV' })).id;
  scope = { companyId, customerId: null, locale: 'en-GB' };
  erp = createSimulatedErp({ db: handle.db, config });
});
afterAll(() => handle.close());

/** The order's status, deliveries and invoice as stored. */
async function state(id: string) {
  const [order] = await handle.db.select().from(erpOrderTable).where(eq(erpOrderTable.id, id));
  const deliveries = await handle.db.select().from(erpDeliveryTable).where(eq(erpDeliveryTable.erpOrderId, id));
  const invoices = await handle.db.select().from(erpInvoiceTable).where(eq(erpInvoiceTable.erpOrderId, id));
  return { status: order!.status, order: order!, deliveries, invoices };
}

/** Advances to 1 ms before `at` (status `before`) and to `at` (status `after`). */
async function expectStep(id: string, at: number, before: string, after: string) {
  await erp.advance(new Date(at - 1));
  expect((await state(id)).status).toBe(before);
  await erp.advance(new Date(at));
  expect((await state(id)).status).toBe(after);
}

describe('the clock of an order', () => {
  test('open → in_progress (1 h) → handling (4 h) → shipped (24 h) → shipped_and_invoiced (24 h) → completed (30 d)', async () => {
    const t0 = Date.parse('2026-03-02T09:00:00Z');
    const [id] = await insertTestErpOrders(handle.db, [erpOrder(companyId, new Date(t0))]);
    const confirmed = t0 + ERP_STEPS.confirmAfter;
    await expectStep(id!, confirmed, 'open', 'in_progress');
    const handling = confirmed + ERP_STEPS.pickAfter;
    await expectStep(id!, handling, 'in_progress', 'handling');
    const shipped = handling + ERP_STEPS.shipAfter;
    await expectStep(id!, shipped, 'handling', 'shipped');
    const afterShip = await state(id!);
    expect(afterShip.deliveries).toHaveLength(1);
    expect(afterShip.deliveries[0]!.deliveryDate).toBe('2026-03-03');
    expect(afterShip.deliveries[0]!.sendingNumber).toMatch(/^JJD\d{18}$/);
    expect(afterShip.invoices).toHaveLength(0);
    const invoiced = shipped + ERP_STEPS.invoiceAfter;
    await expectStep(id!, invoiced, 'shipped', 'shipped_and_invoiced');
    const afterInvoice = await state(id!);
    expect(afterInvoice.invoices).toHaveLength(1);
    expect(afterInvoice.invoices[0]!.invoiceDate).toBe('2026-03-04');
    expect(afterInvoice.invoices[0]!.dueDate).toBe('2026-04-03');
    expect(afterInvoice.invoices[0]!.deliveryId).toBe(afterShip.deliveries[0]!.id);
    await expectStep(id!, invoiced + ERP_STEPS.completeAfter, 'shipped_and_invoiced', 'completed');
    expect((await state(id!)).order.nextStepAt).toBeNull();

    const detail = await erp.orderDetail(scope, { orderNumber: afterShip.order.orderNumber });
    v.parse(ErpOrderDetailSchema, detail);
    expect(detail!.lines[0]).toMatchObject({
      deliveredQuantity: 2,
      deliveryDate: '2026-03-03',
      shippingNoteNumber: afterShip.deliveries[0]!.shippingNoteNumber,
      invoiceNumber: afterInvoice.invoices[0]!.invoiceNumber,
    });
    const invoices = await erp.invoiceHistory(scope, { page: 1, limit: 20, orderNumber: afterShip.order.orderNumber });
    v.parse(InvoiceHistoryResponseSchema, invoices);
    expect(invoices.elements[0]).toMatchObject({
      invoiceLink: `/store-api/${config.provider}/invoice/${afterInvoice.invoices[0]!.invoiceNumber}/document`,
      proofOfDeliveryLink: `/store-api/${config.provider}/invoice/${afterInvoice.invoices[0]!.invoiceNumber}/proof-of-delivery`,
    });
  });

  test('backordered pieces follow in a second delivery with its own delivery note; the stocked ones leave first', async () => {
    const t0 = Date.parse('2026-04-06T08:00:00Z');
    const order = erpOrder(companyId, new Date(t0), {
      lines: [erpLine({ quantity: 5, backorderQuantity: 3 }), erpLine({ productNumber: 'ERP-TEST-2', quantity: 1 })],
    });
    const [id] = await insertTestErpOrders(handle.db, [order]);
    const ships = t0 + ERP_STEPS.confirmAfter + ERP_STEPS.pickAfter + ERP_STEPS.shipAfter;
    await expectStep(id!, ships, 'handling', 'backorder');
    const first = await state(id!);
    expect(first.deliveries).toHaveLength(1);
    const days = variation(id!, 'backorder', ...ERP_STEPS.backorderDays);
    const rest = ships + days * DAY;
    const partial = await erp.orderDetail(scope, { orderNumber: first.order.orderNumber });
    expect(partial!.lines.map((l) => l.deliveredQuantity)).toEqual([2, 1]);
    expect(partial!.deliveries[0]!.lines).toEqual([
      { lineNumber: 1, quantity: 2 },
      { lineNumber: 2, quantity: 1 },
    ]);
    // The pieces still to come are expected on the day the second delivery leaves.
    expect(partial!.lines[0]!.deliveryDate).toBe(new Date(rest).toISOString().slice(0, 10));
    await expectStep(id!, rest, 'backorder', 'shipped');
    const done = await erp.orderDetail(scope, { orderNumber: first.order.orderNumber });
    expect(done!.deliveries).toHaveLength(2);
    expect(done!.deliveries[1]!.lines).toEqual([{ lineNumber: 1, quantity: 3 }]);
    expect(done!.deliveries[0]!.shippingNoteNumber).not.toBe(done!.deliveries[1]!.shippingNoteNumber);
    expect(done!.lines[0]).toMatchObject({
      deliveredQuantity: 5,
      shippingNoteNumber: done!.deliveries[1]!.shippingNoteNumber,
    });
    expect(done!.lines[1]!.shippingNoteNumber).toBe(done!.deliveries[0]!.shippingNoteNumber);
  });

  test('a pickup order waits as not_yet_shipped until it is collected', async () => {
    const t0 = Date.parse('2026-05-04T08:00:00Z');
    const [id] = await insertTestErpOrders(handle.db, [
      erpOrder(companyId, new Date(t0), { type: 'pickup', deliveryAddress: null }),
    ]);
    const ready = t0 + ERP_STEPS.confirmAfter + ERP_STEPS.pickAfter + ERP_STEPS.shipAfter;
    await expectStep(id!, ready, 'handling', 'not_yet_shipped');
    const collected = ready + variation(id!, 'collect', ...ERP_STEPS.collectDays) * DAY;
    await expectStep(id!, collected, 'not_yet_shipped', 'shipped');
    const { deliveries } = await state(id!);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.sendingNumber).toBeNull();
  });

  test('an order with a later requested shipping date waits until 07:00 Brussels time of that day', async () => {
    const t0 = Date.parse('2026-05-04T08:00:00Z');
    const [id] = await insertTestErpOrders(handle.db, [
      erpOrder(companyId, new Date(t0), { requestedShippingDate: '2026-05-20' }),
    ]);
    const ready = t0 + ERP_STEPS.confirmAfter + ERP_STEPS.pickAfter + ERP_STEPS.shipAfter;
    await expectStep(id!, ready, 'handling', 'not_yet_shipped');
    // 07:00 in Brussels on 20 May (summer time, UTC+2) is 05:00 UTC.
    await expectStep(id!, Date.parse('2026-05-20T05:00:00Z'), 'not_yet_shipped', 'shipped');
    expect((await state(id!)).deliveries[0]!.deliveryDate).toBe('2026-05-20');
  });

  test('an order paid in advance is invoiced first (invoiced) and shipped after its payment', async () => {
    const t0 = Date.parse('2026-06-01T08:00:00Z');
    const [id] = await insertTestErpOrders(handle.db, [erpOrder(companyId, new Date(t0), { paidInAdvance: true })]);
    const invoicedAt = t0 + ERP_STEPS.confirmAfter + ERP_STEPS.pickAfter;
    await expectStep(id!, invoicedAt, 'in_progress', 'invoiced');
    const invoiced = await state(id!);
    expect(invoiced.invoices).toHaveLength(1);
    expect(invoiced.invoices[0]!.deliveryId).toBeNull();
    expect(invoiced.deliveries).toHaveLength(0);
    const shipped = invoicedAt + ERP_STEPS.paymentAfter;
    await expectStep(id!, shipped, 'invoiced', 'shipped_and_invoiced');
    const done = await state(id!);
    expect(done.deliveries).toHaveLength(1);
    expect(done.invoices[0]!.deliveryId).toBe(done.deliveries[0]!.id);
    await expectStep(id!, shipped + ERP_STEPS.completeAfter, 'shipped_and_invoiced', 'completed');
  });

  test('an order over the credit limit is blocked for a day, then goes on', async () => {
    const t0 = Date.parse('2026-06-01T08:00:00Z');
    const [id] = await insertTestErpOrders(handle.db, [erpOrder(companyId, new Date(t0), { overCreditLimit: true })]);
    const blocked = t0 + ERP_STEPS.confirmAfter;
    await expectStep(id!, blocked, 'open', 'blocked');
    await expectStep(id!, blocked + ERP_STEPS.creditHold, 'blocked', 'in_progress');
  });

  test('a cancelled order takes no step', async () => {
    const t0 = Date.parse('2026-06-01T08:00:00Z');
    const [id] = await insertTestErpOrders(handle.db, [erpOrder(companyId, new Date(t0), { status: 'cancelled' })]);
    await erp.advance(new Date(t0 + 90 * DAY));
    expect((await state(id!)).status).toBe('cancelled');
    expect((await state(id!)).deliveries).toHaveLength(0);
  });
});

describe('advancing', () => {
  test('two advances at once take each step once', async () => {
    const t0 = Date.parse('2026-09-01T08:00:00Z');
    const ids = await insertTestErpOrders(
      handle.db,
      Array.from({ length: 30 }, () => erpOrder(companyId, new Date(t0))),
    );
    const until = new Date(t0 + 3 * DAY);
    const [a, b] = await Promise.all([erp.advance(until), erp.advance(until)]);
    // open → in_progress → handling → shipped → shipped_and_invoiced: 4 steps each.
    expect(a.steps + b.steps).toBe(30 * 4);
    for (const id of ids) {
      const { status, deliveries, invoices } = await state(id);
      expect(status).toBe('shipped_and_invoiced');
      expect(deliveries).toHaveLength(1);
      expect(invoices).toHaveLength(1);
    }
  });
});
