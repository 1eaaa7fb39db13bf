/**
 * Test helpers for the simulated ERP: ERP orders of any channel written straight into its tables the way the intake
 * writes them (../erp/simulated/intake.ts `insertErpOrders`), with defaults a test overrides where it matters.
 */
import type { Db } from '../db/client.ts';
import { randomId } from '../lib/ids.ts';
import { insertErpOrders, type NewErpOrder, type NewErpOrderLine } from '../erp/simulated/intake.ts';

const ADDRESS = {
  company: 'Test Company',
  name: 'Head office',
  street: 'Kerkstraat',
  houseNumber: '12',
  box: null,
  zipcode: '2000',
  city: 'Antwerpen',
  countryCode: 'BE',
};

/**
 * A line of 12.50 EUR net per piece at 21 % VAT; `quantity` pieces (default 2), of which `backorderQuantity` (default
 * 0) were not in stock.
 */
export function erpLine(input: Partial<NewErpOrderLine> = {}): NewErpOrderLine {
  const quantity = input.quantity ?? 2;
  return {
    productId: null,
    productNumber: 'ERP-TEST-1',
    name: 'Test article',
    customerArticleNumber: null,
    quantity,
    unit: 'C62',
    unitPrice: '12.50',
    totalCents: 1250 * quantity,
    taxRate: '21.00',
    backorderQuantity: 0,
    ...input,
  };
}

/**
 * A phone order of `companyId` placed at `orderDateTime` (one line unless told), amounts from its lines with 21 %
 * VAT and no costs, Belgian addresses.
 */
export function erpOrder(
  companyId: string,
  orderDateTime: Date,
  input: Partial<Omit<NewErpOrder, 'companyId' | 'orderDateTime'>> = {},
): NewErpOrder {
  const lines = input.lines ?? [erpLine()];
  const netCents = lines.reduce((s, l) => s + l.totalCents, 0);
  const taxCents = Math.round(netCents * 0.21);
  return {
    id: randomId(),
    companyId,
    customerId: null,
    shopOrderId: null,
    channel: 'phone',
    type: 'standard',
    orderDateTime,
    customerReference: null,
    orderReferences: [],
    orderedBy: 'Test Buyer',
    locale: 'en-GB',
    deliveryAddress: ADDRESS,
    billingAddress: ADDRESS,
    deliveryCostCents: 0,
    additionalCostCents: 0,
    netCents,
    taxes: [{ taxRate: '21.00', netCents, taxCents }],
    totalCents: netCents + taxCents,
    paidInAdvance: false,
    overCreditLimit: false,
    requestedShippingDate: null,
    ...input,
    lines,
  };
}

/** Writes ERP orders (../erp/simulated/intake.ts) and answers their ids in the order given. */
export async function insertTestErpOrders(db: Db, orders: NewErpOrder[]): Promise<string[]> {
  await insertErpOrders(db, orders);
  return orders.map((o) => o.id);
}
