/**
 * The ERP's order and invoice history over HTTP (./history.routes.ts) against the simulated ERP: orders placed through
 * the real checkout, handed over to the ERP and moved on by its clock until invoiced.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RIGHT_CODES } from '../../auth/rights.ts';
import { customerTable } from '../../db/schema/index.ts';
import { insertCustomer } from '../../testing/company-test-support.ts';
import { createErpWorld, type Answer, type ErpWorld } from '../../testing/erp-test-support.ts';

let world: ErpWorld;
/** ERP order numbers by the customer reference they were placed with. */
const orders: Record<string, string> = {};
/** Invoice numbers by the customer reference of their order. */
const invoices: Record<string, string> = {};

const DAY = 24 * 60 * 60 * 1000;

const codeOf = (a: Answer) => a.json.errors?.[0]?.code;

beforeAll(async () => {
  world = await createErpWorld();
  const { lead, buyer, outsider, article, other } = world;
  await world.place(lead, [{ productId: article.id, quantity: 10 }], 'PO-LEAD');
  await world.place(buyer, [{ productId: other.id, quantity: 25 }], 'PO-BUYER');
  await world.place(
    buyer,
    [
      { productId: article.id, quantity: 4 },
      { productId: other.id, quantity: 5 },
    ],
    'PO-MIX',
  );
  await world.place(outsider, [{ productId: article.id, quantity: 3 }], 'PO-OUTSIDER');
  await world.erp.advance(new Date(Date.now() + 10 * DAY));
  for (const customer of [lead, outsider]) {
    const list = await world.call('GET', '/order/history?limit=100', customer.token);
    for (const o of list.json.elements as { orderNumber: string; customerReference: string }[]) {
      orders[o.customerReference] = o.orderNumber;
    }
    const invoiceList = await world.call('GET', '/invoice/history?limit=100', customer.token);
    for (const i of invoiceList.json.elements as { invoiceNumber: string; customerReference: string }[]) {
      invoices[i.customerReference] = i.invoiceNumber;
    }
  }
});
afterAll(() => world.close());

describe('order history', () => {
  test('the lead buyer sees the company’s orders of every colleague, the buyer only their own', async () => {
    const company = await world.call('GET', '/order/history', world.lead.token);
    expect(company.status).toBe(200);
    expect(company.headers.get('cache-control')).toBe('private, no-store');
    expect(company.json).toMatchObject({ total: 3, page: 1, limit: 20 });
    const references = (a: Answer) =>
      (a.json.elements as { customerReference: string }[]).map((o) => o.customerReference).sort();
    expect(references(company)).toEqual(['PO-BUYER', 'PO-LEAD', 'PO-MIX']);
    expect(company.json.elements).toContainEqual(
      expect.objectContaining({ customerReference: 'PO-LEAD', channel: 'shop', status: 'shipped_and_invoiced' }),
    );
    const own = await world.call('GET', '/order/history', world.buyer.token);
    expect(own.json).toMatchObject({ total: 2 });
    expect(references(own)).toEqual(['PO-BUYER', 'PO-MIX']);
  });

  test('filters reach the ERP: order number, article number, customer reference, status and days narrow the list', async () => {
    const get = (query: string) => world.call('GET', `/order/history?${query}`, world.lead.token);
    const byNumber = await get(`orderNumber=${orders['PO-MIX']!}`);
    expect(byNumber.json).toMatchObject({ total: 1, elements: [{ customerReference: 'PO-MIX', lineCount: 2 }] });
    const byArticle = await get(`productNumber=${world.other.productNumber.toLowerCase()}`);
    expect(byArticle.json.total).toBe(2);
    const byReference = await get('customerReference=lead');
    expect(byReference.json).toMatchObject({ total: 1, elements: [{ customerReference: 'PO-LEAD' }] });
    expect((await get('status=open')).json.total).toBe(0);
    expect((await get('status=not_open')).json.total).toBe(3);
    expect((await get('dateTo=2020-01-01')).json.total).toBe(0);
    expect((await get(`orderNumber=${orders['PO-OUTSIDER']!}`)).json.total).toBe(0);
    const outsiders = await world.call('GET', `/order/history?orderNumber=${orders['PO-LEAD']!}`, world.outsider.token);
    expect(outsiders.json.total).toBe(0);
  });

  test('paging: limit 1 answers one of three; limit 101, limit 0 and a dateFrom after dateTo are refused at the field', async () => {
    const first = await world.call('GET', '/order/history?limit=1&page=2', world.lead.token);
    expect(first.json).toMatchObject({ total: 3, page: 2, limit: 1 });
    expect(first.json.elements).toHaveLength(1);
    for (const [query, pointer, code] of [
      ['limit=101', '/limit', 'VIOLATION::TOO_HIGH_ERROR'],
      ['limit=0', '/limit', 'VIOLATION::TOO_LOW_ERROR'],
      ['dateFrom=2026-02-01&dateTo=2026-01-31', '/dateFrom', 'VIOLATION::TOO_HIGH_ERROR'],
      ['status=lost', '/status', 'VIOLATION::NO_SUCH_CHOICE_ERROR'],
    ] as const) {
      const refused = await world.call('GET', `/order/history?${query}`, world.lead.token);
      expect(refused.status, query).toBe(400);
      expect(refused.json.errors?.[0]).toMatchObject({ code, source: { pointer } });
    }
    const invoices = await world.call('GET', '/invoice/history?limit=101', world.lead.token);
    expect(invoices.status).toBe(400);
    expect(invoices.json.errors?.[0]?.source?.pointer).toBe('/limit');
  });

  test('detail: lines, deliveries and invoices; a colleague’s order without the company right, another company’s and an unknown number answer the same 404', async () => {
    const detail = await world.call('GET', `/order/history/detail?orderNumber=${orders['PO-MIX']!}`, world.lead.token);
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({
      orderNumber: orders['PO-MIX'],
      lines: [
        expect.objectContaining({ productNumber: world.article.productNumber, quantity: 4, unitPrice: 12.5 }),
        expect.objectContaining({ productNumber: world.other.productNumber, quantity: 5, unitPrice: 3.2 }),
      ],
      invoices: [expect.objectContaining({ invoiceNumber: invoices['PO-MIX'] })],
    });
    expect((detail.json.deliveries as unknown[]).length).toBeGreaterThan(0);
    const own = await world.call('GET', `/order/history/detail?orderNumber=${orders['PO-MIX']!}`, world.buyer.token);
    expect(own.status).toBe(200);

    const notFound = async (token: string, orderNumber: string) => {
      const res = await world.call('GET', `/order/history/detail?orderNumber=${orderNumber}`, token);
      expect(res.status, orderNumber).toBe(404);
      expect(codeOf(res)).toBe('WERKBANK__ORDER_NOT_FOUND');
      return res.json.errors?.[0]?.meta?.parameters;
    };
    expect(await notFound(world.buyer.token, orders['PO-LEAD']!)).toEqual({ order: orders['PO-LEAD'] });
    expect(await notFound(world.lead.token, orders['PO-OUTSIDER']!)).toEqual({ order: orders['PO-OUTSIDER'] });
    expect(await notFound(world.outsider.token, orders['PO-LEAD']!)).toEqual({ order: orders['PO-LEAD'] });
    expect(await notFound(world.lead.token, '99999999')).toEqual({ order: '99999999' });
    const blank = await world.call('GET', '/order/history/detail?orderNumber=%20', world.lead.token);
    expect(blank.status).toBe(400);
    expect(blank.json.errors?.[0]).toMatchObject({
      code: 'VIOLATION::IS_BLANK_ERROR',
      source: { pointer: '/orderNumber' },
    });
  });
});

describe('invoice history and documents', () => {
  test('every holder of the right sees the company’s invoices, never another company’s', async () => {
    const company = await world.call('GET', '/invoice/history', world.buyer.token);
    expect(company.status).toBe(200);
    const numbers = (company.json.elements as { orderNumber: string }[]).map((i) => i.orderNumber).sort();
    expect(numbers).toEqual([orders['PO-BUYER'], orders['PO-LEAD'], orders['PO-MIX']].sort());
    expect(company.json.elements).toContainEqual(
      expect.objectContaining({
        invoiceNumber: invoices['PO-LEAD'],
        invoiceLink: `/store-api/werkbank/invoice/${invoices['PO-LEAD']!}/document`,
        proofOfDeliveryLink: `/store-api/werkbank/invoice/${invoices['PO-LEAD']!}/proof-of-delivery`,
      }),
    );
    const outsider = await world.call('GET', '/invoice/history', world.outsider.token);
    expect(outsider.json).toMatchObject({ total: 1, elements: [{ invoiceNumber: invoices['PO-OUTSIDER'] }] });
  });

  test('filters: invoice number and order number narrow the list', async () => {
    const byInvoice = await world.call(
      'GET',
      `/invoice/history?invoiceNumber=${invoices['PO-MIX']!}`,
      world.lead.token,
    );
    expect(byInvoice.json).toMatchObject({ total: 1, elements: [{ orderNumber: orders['PO-MIX'] }] });
    const byOrder = await world.call('GET', `/invoice/history?orderNumber=${orders['PO-LEAD']!}`, world.lead.token);
    expect(byOrder.json).toMatchObject({ total: 1, elements: [{ invoiceNumber: invoices['PO-LEAD'] }] });
    const foreign = await world.call(
      'GET',
      `/invoice/history?invoiceNumber=${invoices['PO-OUTSIDER']!}`,
      world.lead.token,
    );
    expect(foreign.json.total).toBe(0);
  });

  test('the invoice and its proof of delivery are PDF downloads nobody caches', async () => {
    for (const kind of ['document', 'proof-of-delivery']) {
      const pdf = await world.call('GET', `/invoice/${invoices['PO-LEAD']!}/${kind}`, world.buyer.token);
      expect(pdf.status, kind).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w.-]+\.pdf"$/);
      expect(pdf.headers.get('cache-control')).toBe('private, no-store');
      expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
    }
  });

  test('another company’s invoice, an unknown and a guessed number answer the same 404 for both PDFs', async () => {
    const guessed = String(Number(invoices['PO-OUTSIDER']) + 1000);
    for (const kind of ['document', 'proof-of-delivery']) {
      for (const [token, number] of [
        [world.lead.token, invoices['PO-OUTSIDER']!],
        [world.outsider.token, invoices['PO-LEAD']!],
        [world.lead.token, guessed],
        [world.lead.token, 'RE-0000'],
      ] as const) {
        const res = await world.call('GET', `/invoice/${number}/${kind}`, token);
        expect(res.status, `${kind} ${number}`).toBe(404);
        expect(res.json.errors?.[0]).toMatchObject({
          code: 'WERKBANK__INVOICE_NOT_FOUND',
          meta: { parameters: { invoice: number } },
        });
      }
    }
  });
});

describe('without ROLE_VIEW_PRICES', () => {
  test('the invoice list comes without amounts, the invoice PDF is refused naming the right, the proof of delivery stays', async () => {
    const [lead] = await world.db.select().from(customerTable).where(eq(customerTable.id, world.lead.id));
    const noPrices = await insertCustomer(world.db, lead!.companyId, {
      rights: RIGHT_CODES.filter((r) => r !== 'ROLE_VIEW_PRICES'),
    });
    const list = await world.call('GET', '/invoice/history', noPrices.token);
    expect(list.status).toBe(200);
    const elements = list.json.elements as { invoiceNumber: string; totalPrice: number; totalAmount: number }[];
    expect(elements.map((i) => i.invoiceNumber).sort()).toEqual(
      [invoices['PO-BUYER'], invoices['PO-LEAD'], invoices['PO-MIX']].sort(),
    );
    expect(elements.map((i) => [i.totalPrice, i.totalAmount])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    const withPrices = await world.call('GET', '/invoice/history', world.lead.token);
    expect((withPrices.json.elements as { totalAmount: number }[]).every((i) => i.totalAmount > 0)).toBe(true);

    const invoice = await world.call('GET', `/invoice/${invoices['PO-LEAD']!}/document`, noPrices.token);
    expect(invoice.status).toBe(403);
    expect(invoice.json.errors?.[0]).toMatchObject({
      code: 'WERKBANK__MISSING_RIGHT',
      meta: { parameters: { right: 'ROLE_VIEW_PRICES' } },
    });
    const proof = await world.call('GET', `/invoice/${invoices['PO-LEAD']!}/proof-of-delivery`, noPrices.token);
    expect(proof.status).toBe(200);
    expect(proof.headers.get('content-type')).toBe('application/pdf');
  });
});

describe('rights', () => {
  test('each endpoint without its right answers 403 naming the right; without a login 403 not logged in', async () => {
    const invoice = invoices['PO-LEAD']!;
    const cases = [
      ['/order/history', 'ROLE_MANAGE_ORDER_HISTORY'],
      [`/order/history/detail?orderNumber=${orders['PO-LEAD']!}`, 'ROLE_MANAGE_ORDER_HISTORY'],
      ['/invoice/history', 'ROLE_MANAGE_INVOICE_HISTORY'],
      [`/invoice/${invoice}/document`, 'ROLE_MANAGE_INVOICE_HISTORY'],
      [`/invoice/${invoice}/proof-of-delivery`, 'ROLE_MANAGE_INVOICE_HISTORY'],
    ] as const;
    for (const [path, right] of cases) {
      const denied = await world.call('GET', path, world.clerk.token);
      expect(denied.status, path).toBe(403);
      expect(denied.json.errors?.[0]).toMatchObject({
        code: 'WERKBANK__MISSING_RIGHT',
        meta: { parameters: { right } },
      });
      const anonymous = await world.call('GET', path);
      expect(anonymous.status, path).toBe(403);
      expect(codeOf(anonymous)).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
    }
  });
});
