import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ErpOrderHistoryQuerySchema,
  ErpOrderHistoryResponseSchema,
  InvoiceHistoryQuerySchema,
  InvoiceHistoryResponseSchema,
  type ErpOrderHistoryQuery,
  type InvoiceHistoryQuery,
} from '../../../contract/provider/erp.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { erpOrderTable, productTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { insertCompany, insertCustomer } from '../../testing/company-test-support.ts';
import { insertArticle } from '../../testing/order-test-support.ts';
import type { ErpScope } from '../port.ts';
import { createSimulatedErp, type ErpSimulation } from './index.ts';
import { erpLine, erpOrder, insertTestErpOrders } from '../../testing/erp-simulation-test-support.ts';

const config = loadBackendConfig({});
let handle: DbHandle;
let erp: ErpSimulation;
let company: ErpScope;
let mine: ErpScope;
let other: ErpScope;
/** Order numbers by the role of the order in the tests. */
const numbers: Record<string, string> = {};

const orders = (query: ErpOrderHistoryQuery, scope: ErpScope = company) =>
  erp.orderHistory(scope, v.parse(ErpOrderHistoryQuerySchema, query));
const invoices = (query: InvoiceHistoryQuery, scope: ErpScope = company) =>
  erp.invoiceHistory(scope, v.parse(InvoiceHistoryQuerySchema, query));
const numbersOf = (page: { elements: { orderNumber: string }[] }) => page.elements.map((e) => e.orderNumber);

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  erp = createSimulatedErp({ db: handle.db, config });
  const a = (await insertCompany(handle.db, { name: 'Alpha Bouw' })).id;
  const b = (await insertCompany(handle.db, { name: 'Beta Tools' })).id;
  const buyer = await insertCustomer(handle.db, a);
  const colleague = await insertCustomer(handle.db, a);
  company = { companyId: a, customerId: null, locale: 'en-GB' };
  mine = { companyId: a, customerId: buyer.id, locale: 'en-GB' };
  other = { companyId: b, customerId: null, locale: 'en-GB' };
  // Order days in Brussels: 23:30 UTC on 31 March is 1 April (UTC+2).
  const roles = {
    oldest: erpOrder(a, new Date('2026-01-10T09:00:00Z'), {
      customerId: buyer.id,
      customerReference: 'Werf Gent 12',
      lines: [erpLine({ productNumber: 'KS-100', customerArticleNumber: 'AB-77' })],
    }),
    spring: erpOrder(a, new Date('2026-03-31T23:30:00Z'), {
      customerId: colleague.id,
      customerReference: 'PROJECT schelde',
      lines: [erpLine({ productNumber: 'ks-200' }), erpLine({ productNumber: 'FI-9' })],
    }),
    recent: erpOrder(a, new Date('2026-06-15T10:00:00Z'), { customerId: buyer.id, customerReference: null }),
    open: erpOrder(a, new Date('2026-06-30T10:00:00Z'), { channel: 'edi', customerReference: 'EDI 50%_off' }),
    foreign: erpOrder(b, new Date('2026-06-30T10:00:00Z'), {
      customerReference: 'Werf Gent 12',
      lines: [erpLine({ productNumber: 'KS-100', customerArticleNumber: 'AB-77' })],
    }),
  };
  await insertTestErpOrders(handle.db, Object.values(roles));
  // Everything but the last two orders of 30 June is invoiced and completed by then.
  await erp.advance(new Date('2026-06-30T10:30:00Z'));
  for (const [role, order] of Object.entries(roles)) {
    const [row] = await handle.db
      .select({ orderNumber: erpOrderTable.orderNumber })
      .from(erpOrderTable)
      .where(eq(erpOrderTable.id, order.id));
    numbers[role] = row!.orderNumber;
  }
});
afterAll(() => handle.close());

describe('order history', () => {
  test('newest first, paged, in the contract shape', async () => {
    const all = await orders({});
    v.parse(ErpOrderHistoryResponseSchema, all);
    expect(numbersOf(all)).toEqual([numbers.open, numbers.recent, numbers.spring, numbers.oldest]);
    expect(all.total).toBe(4);
    const second = await orders({ page: '2', limit: '3' });
    expect(second).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(numbersOf(second)).toEqual([numbers.oldest]);
    expect(all.elements[1]).toMatchObject({ lineCount: 1, totalPrice: 25, totalAmount: 30.25, currency: 'EUR' });
  });

  test('each filter finds its order and leaves the others out', async () => {
    expect(numbersOf(await orders({ orderNumber: numbers.spring! }))).toEqual([numbers.spring]);
    expect(numbersOf(await orders({ status: 'open' }))).toEqual([numbers.open]);
    expect(numbersOf(await orders({ status: 'not_open' }))).toEqual([numbers.recent, numbers.spring, numbers.oldest]);
    expect(numbersOf(await orders({ status: 'completed' }))).toEqual([numbers.spring, numbers.oldest]);
    // Days in Brussels, both included: the order of 31 March 23:30 UTC is on 1 April.
    expect(numbersOf(await orders({ dateFrom: '2026-04-01', dateTo: '2026-06-15' }))).toEqual([
      numbers.recent,
      numbers.spring,
    ]);
    expect(numbersOf(await orders({ dateTo: '2026-03-31' }))).toEqual([numbers.oldest]);
    expect(numbersOf(await orders({ customerReference: 'Schelde' }))).toEqual([numbers.spring]);
    expect(numbersOf(await orders({ customerReference: 'gent' }))).toEqual([numbers.oldest]);
    expect(numbersOf(await orders({ customerReference: '50%_' }))).toEqual([numbers.open]);
    expect(numbersOf(await orders({ customerReference: '5%' }))).toEqual([]);
    expect(numbersOf(await orders({ productNumber: 'KS-200' }))).toEqual([numbers.spring]);
    expect(numbersOf(await orders({ productNumber: 'fi-9' }))).toEqual([numbers.spring]);
    expect(numbersOf(await orders({ productNumber: 'KS' }))).toEqual([]);
    expect(numbersOf(await orders({ customerArticleNumber: 'ab-77' }))).toEqual([numbers.oldest]);
  });

  test("a customer sees their own orders; the company scope all; another company's number is unknown", async () => {
    expect(numbersOf(await orders({}, mine))).toEqual([numbers.recent, numbers.oldest]);
    expect(await erp.orderDetail(mine, { orderNumber: numbers.spring! })).toBeNull();
    expect(await erp.orderDetail(company, { orderNumber: numbers.spring! })).not.toBeNull();
    expect(await erp.orderDetail(company, { orderNumber: numbers.foreign! })).toBeNull();
    expect(await erp.orderDetail(other, { orderNumber: numbers.foreign! })).not.toBeNull();
    expect(
      await erp.orderDetail(company, { orderNumber: numbers.spring!, firm: '01', warehouse: 'ANT' }),
    ).not.toBeNull();
    expect(await erp.orderDetail(company, { orderNumber: numbers.spring!, warehouse: 'VIE' })).toBeNull();
  });
});

test("an article of the catalogue is named in the caller's language, others as the ERP stored them", async () => {
  const article = await insertArticle(handle.db, { name: 'Hamer' });
  await handle.db
    .update(productTable)
    .set({ translated: { 'nl-NL': { name: 'Hamer' }, 'en-GB': { name: 'Hammer' } } })
    .where(eq(productTable.id, article.id));
  const order = erpOrder(company.companyId, new Date('2026-07-01T08:00:00Z'), {
    lines: [erpLine({ productId: article.id, name: 'Hamer' }), erpLine({ name: 'Zaag (telefonisch)' })],
  });
  await insertTestErpOrders(handle.db, [order]);
  const [row] = await handle.db
    .select({ orderNumber: erpOrderTable.orderNumber })
    .from(erpOrderTable)
    .where(eq(erpOrderTable.id, order.id));
  const names = async (locale: string) =>
    (await erp.orderDetail({ ...company, locale }, { orderNumber: row!.orderNumber }))!.lines.map((l) => l.name);
  expect(await names('en-GB')).toEqual(['Hammer', 'Zaag (telefonisch)']);
  expect(await names('nl-NL')).toEqual(['Hamer', 'Zaag (telefonisch)']);
});

describe('invoice history', () => {
  test("the company's invoices, newest first, filtered", async () => {
    const all = await invoices({}, mine);
    v.parse(InvoiceHistoryResponseSchema, all);
    // Invoices are the company's: the customer in the scope does not narrow them.
    expect(numbersOf(all)).toEqual([numbers.recent, numbers.spring, numbers.oldest]);
    const spring = all.elements[1]!;
    expect(spring.customerReference).toBe('PROJECT schelde');
    expect(spring.shippingNoteNumber).toMatch(/^\d+$/);
    expect(numbersOf(await invoices({ invoiceNumber: spring.invoiceNumber }))).toEqual([numbers.spring]);
    expect(numbersOf(await invoices({ orderNumber: numbers.oldest! }))).toEqual([numbers.oldest]);
    expect(numbersOf(await invoices({ customerReference: 'werf' }))).toEqual([numbers.oldest]);
    expect(numbersOf(await invoices({ productNumber: 'ks-200' }))).toEqual([numbers.spring]);
    expect(numbersOf(await invoices({ customerArticleNumber: 'AB-77' }))).toEqual([numbers.oldest]);
    expect(numbersOf(await invoices({ dateFrom: spring.invoiceDate, dateTo: spring.invoiceDate }))).toEqual([
      numbers.spring,
    ]);
    expect(numbersOf(await invoices({ page: '2', limit: '2' }))).toEqual([numbers.oldest]);
    // Beta's only order is still open: it has no invoice, and Alpha's are not Beta's.
    expect((await invoices({}, other)).total).toBe(0);
  });

  test('invoice and proof-of-delivery PDFs for the company, none for another company', async () => {
    const [invoice] = (await invoices({ orderNumber: numbers.oldest! })).elements;
    const pdf = await erp.document(mine, 'invoice', invoice!.invoiceNumber);
    expect(pdf?.fileName).toBe(`invoice-${invoice!.invoiceNumber}.pdf`);
    expect(new TextDecoder().decode(pdf!.bytes.slice(0, 5))).toBe('%PDF-');
    const proof = await erp.document(company, 'proof-of-delivery', invoice!.invoiceNumber);
    expect(new TextDecoder().decode(proof!.bytes.slice(0, 5))).toBe('%PDF-');
    expect(await erp.document(other, 'invoice', invoice!.invoiceNumber)).toBeNull();
    expect(await erp.document(company, 'invoice', '999999999')).toBeNull();
  });
});
