/**
 * Orders as the Store API answers them: Shopware's Order (`POST /checkout/order`, `POST /order`) and the provider's
 * order history entries and detail (contract/provider/order-history.ts), built from the stored order, its lines and
 * the pickup location and shipping method it names. Stored amounts are integer cents and exact unit-price decimals
 * (docs/decisions/014-cart-and-orders.md); the wire format has euros as JSON numbers, as Shopware defines it.
 */
import type { ShippingOption, SplitDelivery } from '../../contract/order.ts';
import { shopToday } from '../../contract/order.ts';
import type { OrderHistoryDetail, OrderHistoryEntry, OrderState } from '../../contract/provider/order-history.ts';
import type { OrderAddressSnapshot } from '../db/schema/index.ts';
import { CURRENCY_EUR_ID } from '../db/seed-channel.ts';
import { stableId } from '../lib/ids.ts';
import { translateFields } from '../lib/translate.ts';
import type {
  StoreOrder,
  StoreOrderAddress,
  StoreOrderLineItem,
  StoreOrderPrice,
  StoreStateMachineState,
} from './order-schemas.ts';
import type { OrderLineRow, OrderRecord, OrderRow, PickupLocationRow } from '../commerce/orders/order-records.ts';

/** `value` without the listed keys that are null (Shopware leaves unset optional fields out). */
function omitNull<T extends object, K extends keyof T>(value: T, keys: readonly K[]): T {
  const out = { ...value };
  for (const key of keys) if (out[key] === null) delete out[key];
  return out;
}

/** Cents as euros (a JSON number with at most 2 decimals). */
export function euros(cents: number): number {
  return Math.round(cents) / 100;
}

/** VAT in cents on `netCents` at `rate` percent, rounded half away from zero (for display of one line). */
function taxOf(netCents: number, rate: number): number {
  const tax = Math.round((Math.abs(netCents) * rate) / 100);
  return netCents < 0 ? -tax : tax;
}

function price(unitPrice: number, quantity: number, totalCents: number, rate: number): StoreOrderPrice {
  return {
    unitPrice,
    quantity,
    totalPrice: euros(totalCents),
    calculatedTaxes: [
      { tax: euros(taxOf(totalCents, rate)), taxRate: rate, price: euros(totalCents), apiAlias: 'cart_tax_calculated' },
    ],
    taxRules: [{ taxRate: rate, percentage: 100 }],
    referencePrice: null,
    listPrice: null,
    regulationPrice: null,
    apiAlias: 'calculated_price',
  };
}

/** Shopware's English names of the order states. */
const STATE_NAMES: Record<OrderState, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  completed: 'Done',
  cancelled: 'Cancelled',
};

function orderState(value: string): OrderState {
  return (value in STATE_NAMES ? value : 'open') as OrderState;
}

function stateMachineState(value: string): StoreStateMachineState {
  const technicalName = orderState(value);
  const name = STATE_NAMES[technicalName];
  return {
    id: stableId('state_machine_state', `order.${technicalName}`),
    technicalName,
    name,
    translated: { name, technicalName },
    apiAlias: 'state_machine_state',
  };
}

/** The street line of an address: street, house number and box. */
function streetLine(a: { street: string; houseNumber: string | null; box: string | null }): string {
  return a.houseNumber ? `${a.street} ${a.houseNumber}${a.box ? ` ${a.box}` : ''}` : a.street;
}

function orderAddress(id: string, a: OrderAddressSnapshot): StoreOrderAddress {
  return {
    id,
    countryId: stableId('country', a.countryCode),
    countryCode: a.countryCode,
    firstName: '',
    lastName: '',
    company: a.company,
    street: streetLine(a),
    zipcode: a.zipcode,
    city: a.city,
    customFields: { addressId: a.id, name: a.name, houseNumber: a.houseNumber, box: a.box },
    apiAlias: 'order_address',
  };
}

/** A pickup location as an address snapshot (where the goods wait). */
export function pickupAddress(p: PickupLocationRow): OrderAddressSnapshot {
  return {
    id: null,
    company: p.name,
    name: p.name,
    street: p.street,
    houseNumber: null,
    box: null,
    zipcode: p.zipcode,
    city: p.city,
    countryCode: p.countryCode,
  };
}

/** Adds `days` calendar days to an ISO date. */
function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The delivery window: from the order day plus the shipping method's delivery time (pickup: the next day), moved to
 * the requested shipping date when that is later.
 */
export function deliveryWindow(record: OrderRecord): { earliest: string; latest: string } {
  const ordered = shopToday(record.order.orderDateTime);
  const min = record.shippingMethod?.deliveryTimeMin ?? 1;
  const max = Math.max(min, record.shippingMethod?.deliveryTimeMax ?? min);
  let earliest = addDays(ordered, record.order.shippingOption === 'pickup' ? 1 : min);
  const requested = record.order.requestedShippingDate;
  if (requested && requested > earliest) earliest = requested;
  const latest = addDays(earliest, record.order.shippingOption === 'pickup' ? 0 : max - min);
  return { earliest: `${earliest}T00:00:00.000Z`, latest: `${latest}T00:00:00.000Z` };
}

function pickupLocationOf(p: PickupLocationRow | null) {
  return p
    ? {
        id: p.id,
        kind: p.kind,
        name: p.name,
        street: p.street,
        zipcode: p.zipcode,
        city: p.city,
        countryCode: p.countryCode,
      }
    : null;
}

/**
 * Who reads an order answer, as far as it matters for the lines: `customerArticleNumbers` is true when the reader may
 * see the company's own article numbers the lines keep (ROLE_MANAGE_ARTICLE_LINKS, `readsArticleLinks` of
 * ../commerce/article-links/lookup.ts; docs/decisions/017). Without it every line's `customerArticleNumber` is null
 * (absent from Shopware's line payload).
 */
export interface OrderReader {
  customerArticleNumbers: boolean;
}

/** The customer article number of a line as `reader` may see it, or null. */
function customerArticleNumberOf(l: OrderLineRow, reader: OrderReader): string | null {
  return reader.customerArticleNumbers ? l.customerArticleNumber : null;
}

/** The line of an order in Shopware's OrderLineItem shape. */
function lineItem(order: OrderRow, l: OrderLineRow, reader: OrderReader): StoreOrderLineItem {
  const rate = Number(l.taxRate);
  const unitPrice = Number(l.unitPrice);
  const payload = Object.fromEntries(
    Object.entries({
      ...l.payload,
      productNumber: l.productNumber,
      customerArticleNumber: customerArticleNumberOf(l, reader),
    }).filter(([, value]) => value !== null && value !== undefined),
  );
  return omitNull(
    {
      id: l.id,
      orderId: order.id,
      identifier: l.referencedId ?? l.id,
      referencedId: l.referencedId,
      productId: l.type === 'product' ? l.referencedId : null,
      promotionId: l.type === 'promotion' ? l.referencedId : null,
      type: l.type === 'promotion' ? 'promotion' : 'product',
      label: l.label,
      quantity: l.quantity,
      unitPrice,
      totalPrice: euros(l.totalCents),
      position: l.position,
      good: l.type === 'product',
      removable: false,
      stackable: l.type === 'product',
      price: price(unitPrice, l.quantity, l.totalCents, rate),
      payload,
      customFields: { order_detail_text: l.remark, backorderQuantity: l.backorderQuantity, unit: l.unit },
      children: [],
      states: [],
      apiAlias: 'order_line_item',
    } satisfies StoreOrderLineItem,
    ['referencedId', 'productId', 'promotionId'],
  );
}

/**
 * Shopware's Order: prices net (`taxStatus: 'net'`, VAT per rate in `price.calculatedTaxes`), one delivery with the
 * shipping address (for a pickup: the pickup location) and the delivery window, the billing address and the customer
 * as ordered, and the provider's order data in `customFields`.
 */
export function mapOrder(record: OrderRecord, locale: string, reader: OrderReader): StoreOrder {
  const { order, shippingMethod } = record;
  const billingAddressId = stableId('order_address', `${order.id}:billing`);
  const shippingAddressId = stableId('order_address', `${order.id}:shipping`);
  const billingAddress = orderAddress(billingAddressId, order.billingAddress);
  const shippingSnapshot =
    order.shippingOption === 'pickup' && record.pickupLocation
      ? pickupAddress(record.pickupLocation)
      : (order.shippingAddress ?? order.billingAddress);
  const shippingAddress = orderAddress(shippingAddressId, shippingSnapshot);
  const taxes = order.calculatedTaxes.map((t) => ({
    tax: euros(t.taxCents),
    taxRate: Number(t.taxRate),
    price: euros(t.netCents),
    apiAlias: 'cart_tax_calculated' as const,
  }));
  const shippingRate = order.calculatedTaxes.length ? Math.max(...taxes.map((t) => t.taxRate)) : 0;
  const {
    referencePrice: _r,
    listPrice: _l,
    regulationPrice: _g,
    ...shippingCosts
  } = price(euros(order.shippingCents), 1, order.shippingCents, shippingRate);
  const window = deliveryWindow(record);
  const methodName = shippingMethod ? (translateFields(shippingMethod.translated, locale).name ?? '') : '';
  const answer: StoreOrder = {
    id: order.id,
    orderNumber: order.orderNumber,
    orderDateTime: order.orderDateTime.toISOString(),
    orderDate: shopToday(order.orderDateTime),
    amountTotal: euros(order.totalCents),
    amountNet: euros(order.netCents),
    positionPrice: euros(order.positionPriceCents),
    shippingTotal: euros(order.shippingCents),
    taxStatus: 'net',
    price: {
      netPrice: euros(order.netCents),
      totalPrice: euros(order.totalCents),
      positionPrice: euros(order.positionPriceCents),
      rawTotal: euros(order.totalCents),
      taxStatus: 'net',
      calculatedTaxes: taxes,
      taxRules: taxes.map((t) => ({ taxRate: t.taxRate, name: `${t.taxRate} %` })),
      apiAlias: 'cart_price',
    },
    shippingCosts,
    currencyId: CURRENCY_EUR_ID,
    currencyFactor: 1,
    languageId: order.languageId,
    salesChannelId: order.salesChannelId,
    billingAddressId,
    customerComment: order.remark,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    lineItems: record.lines.map((l) => lineItem(order, l, reader)),
    deliveries: [
      {
        id: stableId('order_delivery', order.id),
        orderId: order.id,
        shippingDateEarliest: window.earliest,
        shippingDateLatest: window.latest,
        shippingMethodId: order.shippingMethodId ?? '',
        ...(shippingMethod
          ? {
              shippingMethod: {
                id: shippingMethod.id,
                name: methodName,
                technicalName: shippingMethod.technicalName,
                deliveryTimeId: stableId(
                  'delivery-time',
                  `${shippingMethod.deliveryTimeMin}-${shippingMethod.deliveryTimeMax}-day`,
                ),
                translated: { name: methodName },
                apiAlias: 'shipping_method',
              },
            }
          : {}),
        shippingOrderAddressId: shippingAddressId,
        shippingOrderAddress: shippingAddress,
        shippingCosts,
        stateId: stableId('state_machine_state', 'order_delivery.open'),
        stateMachineState: {
          ...stateMachineState('open'),
          id: stableId('state_machine_state', 'order_delivery.open'),
        },
        trackingCodes: [],
        apiAlias: 'order_delivery',
      },
    ],
    addresses: [billingAddress, shippingAddress],
    billingAddress,
    orderCustomer: {
      id: stableId('order_customer', order.id),
      customerId: order.customerId,
      email: order.orderCustomer.email,
      firstName: order.orderCustomer.firstName,
      lastName: order.orderCustomer.lastName,
      company: order.orderCustomer.company,
      customerNumber: order.orderCustomer.companyNumber,
      apiAlias: 'order_customer',
    },
    stateMachineState: stateMachineState(order.state),
    customFields: {
      orderReference: order.orderReference,
      fileNumber: order.fileNumber,
      shippingOption: order.shippingOption as ShippingOption,
      pickupLocation: pickupLocationOf(record.pickupLocation),
      splitDelivery: order.splitDelivery as SplitDelivery,
      requestedShippingDate: order.requestedShippingDate,
      surcharge: euros(order.surchargeCents),
      discount: euros(order.discountCents),
      promotionCodes: order.promotionCodes,
      paymentMethodId: order.paymentMethodId,
    },
    documents: [],
    apiAlias: 'order',
  };
  return omitNull(answer, ['customerComment', 'updatedAt']);
}

/** One entry of the provider's order history list. */
export function mapHistoryEntry(record: OrderRecord): OrderHistoryEntry {
  const { order } = record;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    orderDateTime: order.orderDateTime.toISOString(),
    state: orderState(order.state),
    orderReference: order.orderReference,
    amountTotal: euros(order.totalCents),
    amountNet: euros(order.netCents),
    lineItemCount: record.lines.filter((l) => l.type === 'product').length,
    shippingOption: order.shippingOption as ShippingOption,
  };
}

function historyAddress(a: OrderAddressSnapshot) {
  return {
    company: a.company,
    name: a.name,
    street: a.street,
    houseNumber: a.houseNumber,
    box: a.box,
    zipcode: a.zipcode,
    city: a.city,
    countryCode: a.countryCode,
  };
}

/** The provider's order history detail: the order with its lines, addresses and totals. */
export function mapHistoryDetail(record: OrderRecord, reader: OrderReader): OrderHistoryDetail {
  const { order } = record;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    orderDateTime: order.orderDateTime.toISOString(),
    state: orderState(order.state),
    orderReference: order.orderReference,
    fileNumber: order.fileNumber,
    remark: order.remark,
    orderedBy: {
      firstName: order.orderCustomer.firstName,
      lastName: order.orderCustomer.lastName,
      email: order.orderCustomer.email,
    },
    shippingOption: order.shippingOption as ShippingOption,
    pickupLocation: pickupLocationOf(record.pickupLocation),
    splitDelivery: order.splitDelivery as SplitDelivery,
    requestedShippingDate: order.requestedShippingDate,
    shippingAddress:
      order.shippingOption === 'pickup' || !order.shippingAddress ? null : historyAddress(order.shippingAddress),
    billingAddress: historyAddress(order.billingAddress),
    lines: record.lines.map((l) => ({
      lineNumber: l.position,
      type: l.type === 'promotion' ? 'promotion' : 'product',
      productNumber: l.productNumber,
      label: l.label,
      quantity: l.quantity,
      unit: l.unit,
      unitPrice: Number(l.unitPrice),
      totalPrice: euros(l.totalCents),
      taxRate: Number(l.taxRate),
      backorderQuantity: l.backorderQuantity,
      remark: l.remark,
      customerArticleNumber: l.type === 'product' ? customerArticleNumberOf(l, reader) : null,
    })),
    positionPrice: euros(order.positionPriceCents),
    discount: euros(order.discountCents),
    shippingTotal: euros(order.shippingCents),
    surcharge: euros(order.surchargeCents),
    amountNet: euros(order.netCents),
    taxes: order.calculatedTaxes.map((t) => ({
      taxRate: Number(t.taxRate),
      price: euros(t.netCents),
      tax: euros(t.taxCents),
    })),
    amountTotal: euros(order.totalCents),
    currency: 'EUR',
  };
}
