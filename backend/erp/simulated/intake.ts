/**
 * How orders enter the simulated ERP: a placed shop order is copied in after its commit (`transferOrder`, idempotent
 * per shop order id through the unique `erp_order.shop_order_id`), the sweep copies every shop order that was never
 * handed over, and `insertErpOrders` writes orders of any channel (the demo history uses it for phone, e-mail, EDI
 * and counter orders). Every new order starts open, its first step due 1 hour after its order time
 * (./schedule.ts), and its lines carry the delivery day the simulation will reach.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import {
  companyCreditTable,
  erpOrderLineTable,
  erpOrderTable,
  languageTable,
  orderLineItemTable,
  orderReferenceTable,
  orderTable,
  paymentMethodTable,
  shippingMethodTable,
  type ErpAddress,
  type ErpTaxEntry,
  type OrderAddressSnapshot,
} from '../../db/schema/index.ts';
import { localDate } from '../../lib/budget-period.ts';
import { stableId } from '../../lib/ids.ts';
import type { ErpOrderChannel, ErpOrderStatus, ErpOrderType } from '../../../contract/provider/erp.ts';
import { ERP_STEPS, expectedDeliveryDates, type SimOrder } from './schedule.ts';
import { SUPPLIER_FIRM, warehouseFor } from './supplier.ts';

/** The ERP order id of a shop order (stable, so a repeated hand-over finds the same row). */
export const erpOrderIdOf = (shopOrderId: string): string => stableId('erp-order', shopOrderId);

/** One line of a new ERP order. Discount lines (negative, no product) are never delivered. */
export interface NewErpOrderLine {
  productId: string | null;
  productNumber: string;
  name: string;
  customerArticleNumber: string | null;
  quantity: number;
  unit: string | null;
  /** Net unit price, decimal string with up to 5 decimals. */
  unitPrice: string;
  totalCents: number;
  /** VAT percent, e.g. "21.00". */
  taxRate: string;
  backorderQuantity: number;
}

/** A new ERP order of any channel. Amounts in cents. */
export interface NewErpOrder {
  id: string;
  /**
   * The order number the ERP keeps: a shop order keeps the number the buyer was given at checkout, so the buyer finds
   * it in every history by that number; an order of another channel (absent) gets the next `erp_order_number_seq`.
   */
  orderNumber?: string;
  companyId: string;
  customerId: string | null;
  shopOrderId: string | null;
  channel: ErpOrderChannel;
  type: ErpOrderType;
  orderDateTime: Date;
  /** 'open' for every order the simulation moves on; 'cancelled' for one cancelled before processing. */
  status?: Extract<ErpOrderStatus, 'open' | 'cancelled'>;
  customerReference: string | null;
  orderReferences: string[];
  orderedBy: string | null;
  locale: string;
  deliveryAddress: ErpAddress | null;
  billingAddress: ErpAddress;
  deliveryCostCents: number;
  additionalCostCents: number;
  netCents: number;
  taxes: ErpTaxEntry[];
  totalCents: number;
  paidInAdvance: boolean;
  overCreditLimit: boolean;
  requestedShippingDate: string | null;
  lines: NewErpOrderLine[];
}

const isDiscount = (l: Pick<NewErpOrderLine, 'productId' | 'totalCents'>) => !l.productId && l.totalCents < 0;

/** The simulation's view of a new order, for its expected delivery days. */
function simOf(order: NewErpOrder, nextStepAt: Date): SimOrder {
  return {
    id: order.id,
    status: 'open',
    type: order.type,
    nextStepAt,
    paidInAdvance: order.paidInAdvance,
    overCreditLimit: order.overCreditLimit,
    requestedShippingDate: order.requestedShippingDate,
    lines: order.lines.map((l, i) => ({
      lineNumber: i + 1,
      quantity: l.quantity,
      backorderQuantity: isDiscount(l) ? 0 : Math.min(l.backorderQuantity, l.quantity),
      deliveredQuantity: isDiscount(l) ? l.quantity : 0,
      deliveryDate: null,
    })),
    deliveryCount: 0,
    newDeliveries: [],
    invoicedAt: null,
    invoiceNew: false,
    invoiceDeliveryIndex: null,
  };
}

/**
 * Writes new ERP orders with their lines in one statement each (a shop order keeps its number; the others are
 * numbered from `erp_order_number_seq`, in the order given), skipping a shop order already handed over. Must run inside a transaction when more than one statement
 * should be atomic; the caller decides.
 *
 * @returns the ids written (without the skipped ones).
 */
export async function insertErpOrders(db: Db, orders: readonly NewErpOrder[]): Promise<string[]> {
  if (!orders.length) return [];
  const rows = orders.map((o) => {
    const cancelled = o.status === 'cancelled';
    const nextStepAt = cancelled ? null : new Date(o.orderDateTime.getTime() + ERP_STEPS.confirmAfter);
    return { order: o, nextStepAt, expected: cancelled ? null : expectedDeliveryDates(simOf(o, nextStepAt!)) };
  });
  const written = await db
    .insert(erpOrderTable)
    .values(
      rows.map(({ order: o, nextStepAt }) => ({
        id: o.id,
        orderNumber: o.orderNumber ?? sql`nextval('erp_order_number_seq')::text`,
        firm: SUPPLIER_FIRM,
        warehouse: warehouseFor(o.deliveryAddress?.countryCode ?? o.billingAddress.countryCode),
        companyId: o.companyId,
        customerId: o.customerId,
        shopOrderId: o.shopOrderId,
        channel: o.channel,
        type: o.type,
        orderDate: localDate(o.orderDateTime),
        orderDateTime: o.orderDateTime,
        status: o.status ?? 'open',
        customerReference: o.customerReference,
        orderReferences: o.orderReferences,
        orderedBy: o.orderedBy,
        locale: o.locale,
        deliveryAddress: o.deliveryAddress,
        billingAddress: o.billingAddress,
        deliveryCostCents: o.deliveryCostCents,
        additionalCostCents: o.additionalCostCents,
        goodsCents: o.lines.reduce((s, l) => s + l.totalCents, 0),
        netCents: o.netCents,
        taxes: o.taxes,
        totalCents: o.totalCents,
        paidInAdvance: o.paidInAdvance,
        overCreditLimit: o.overCreditLimit,
        requestedShippingDate: o.requestedShippingDate,
        nextStepAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: erpOrderTable.id });
  const ids = new Set(written.map((r) => r.id));
  const lines = rows
    .filter((r) => ids.has(r.order.id))
    .flatMap(({ order: o, expected }) =>
      o.lines.map((l, i) => ({
        erpOrderId: o.id,
        lineNumber: i + 1,
        productId: l.productId,
        productNumber: l.productNumber,
        name: l.name,
        customerArticleNumber: l.customerArticleNumber,
        quantity: l.quantity,
        unit: l.unit,
        unitPrice: l.unitPrice,
        totalCents: l.totalCents,
        taxRate: l.taxRate,
        backorderQuantity: isDiscount(l) ? 0 : Math.min(l.backorderQuantity, l.quantity),
        deliveredQuantity: isDiscount(l) ? l.quantity : 0,
        deliveryDate: expected?.get(i + 1) ?? null,
      })),
    );
  for (let i = 0; i < lines.length; i += 1000) await db.insert(erpOrderLineTable).values(lines.slice(i, i + 1000));
  return [...ids];
}

const withoutId = ({ id: _id, ...address }: OrderAddressSnapshot): ErpAddress => address;

/**
 * The ERP orders of shop orders (table `order`) as `insertErpOrders` takes them: the shop's figures, addresses and
 * lines as ordered (with the customer article number each line kept); a pickup is type pickup, express shipping a
 * rush order; the order reference the buyer chose is
 * the customer reference and its budget entity's name the order reference; over the credit limit when the company's
 * used credit exceeds its limit and the order is not paid in advance.
 */
async function fromShopOrders(db: Db, shopOrderIds: readonly string[]): Promise<NewErpOrder[]> {
  if (!shopOrderIds.length) return [];
  const orders = await db
    .select({
      order: orderTable,
      paidInAdvance: paymentMethodTable.paidInAdvance,
      shippingMethod: shippingMethodTable.technicalName,
      locale: languageTable.localeCode,
      referenceName: orderReferenceTable.name,
      creditUsed: companyCreditTable.usedCents,
      creditLimit: companyCreditTable.limitCents,
    })
    .from(orderTable)
    .leftJoin(paymentMethodTable, eq(paymentMethodTable.id, orderTable.paymentMethodId))
    .leftJoin(shippingMethodTable, eq(shippingMethodTable.id, orderTable.shippingMethodId))
    .leftJoin(languageTable, eq(languageTable.id, orderTable.languageId))
    .leftJoin(orderReferenceTable, eq(orderReferenceTable.id, orderTable.orderReferenceId))
    .leftJoin(companyCreditTable, eq(companyCreditTable.companyId, orderTable.companyId))
    .where(inArray(orderTable.id, [...shopOrderIds]))
    .orderBy(asc(orderTable.orderDateTime));
  const lines = await db
    .select()
    .from(orderLineItemTable)
    .where(inArray(orderLineItemTable.orderId, [...shopOrderIds]))
    .orderBy(asc(orderLineItemTable.orderId), asc(orderLineItemTable.position));
  return orders.map(({ order: o, ...r }) => {
    const paidInAdvance = r.paidInAdvance ?? false;
    const customer = o.orderCustomer;
    return {
      id: erpOrderIdOf(o.id),
      orderNumber: o.orderNumber,
      companyId: o.companyId,
      customerId: o.customerId,
      shopOrderId: o.id,
      channel: 'shop',
      type: o.shippingOption === 'pickup' ? 'pickup' : r.shippingMethod === 'express' ? 'rush' : 'standard',
      orderDateTime: o.orderDateTime,
      customerReference: o.orderReference,
      orderReferences: r.referenceName ? [r.referenceName] : [],
      orderedBy: `${customer.firstName} ${customer.lastName}`.trim() || null,
      locale: r.locale ?? 'nl-NL',
      deliveryAddress: o.shippingAddress ? withoutId(o.shippingAddress) : null,
      billingAddress: withoutId(o.billingAddress),
      deliveryCostCents: o.shippingCents,
      additionalCostCents: o.surchargeCents,
      netCents: o.netCents,
      taxes: o.calculatedTaxes,
      totalCents: o.totalCents,
      paidInAdvance,
      overCreditLimit: !paidInAdvance && r.creditLimit !== null && (r.creditUsed ?? 0) > r.creditLimit,
      requestedShippingDate: o.requestedShippingDate,
      lines: lines
        .filter((l) => l.orderId === o.id)
        .map((l) => ({
          productId: l.type === 'product' ? l.referencedId : null,
          productNumber: l.productNumber ?? String((l.payload as { code?: unknown }).code ?? l.label),
          name: l.label,
          customerArticleNumber: l.customerArticleNumber,
          quantity: l.quantity,
          unit: l.unit,
          unitPrice: l.unitPrice,
          totalCents: l.totalCents,
          taxRate: l.taxRate,
          backorderQuantity: l.backorderQuantity,
        })),
    };
  });
}

/**
 * Copies shop orders into the ERP, skipping those already there (idempotent per shop order id). Unknown ids are
 * ignored.
 *
 * @returns how many were copied now.
 */
export async function transferShopOrders(db: Db, shopOrderIds: readonly string[]): Promise<number> {
  const orders = await fromShopOrders(db, shopOrderIds);
  if (!orders.length) return 0;
  const written = await db.transaction(async (tx) => insertErpOrders(tx as unknown as Db, orders));
  return written.length;
}

/** The shop orders that were never handed to the ERP, oldest first, at most `limit`. */
export async function shopOrdersNotTransferred(db: Db, limit: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT o.id FROM "order" o
         WHERE NOT EXISTS (SELECT 1 FROM erp_order e WHERE e.shop_order_id = o.id)
         ORDER BY o.order_date_time, o.id LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}
