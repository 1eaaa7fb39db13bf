/**
 * The answer shapes of the order routes (`POST /checkout/order`, `POST /order`), built on the schemas
 * `@shopware/api-client` generates from Shopware's Store API OpenAPI document, in the `Sent<>` style of
 * ../http/shopware-schemas.ts: the keys this backend always sends are required as Shopware types them.
 */
import type { Schemas } from '@shopware/api-client/api-types';
import type { OrderState } from '../../contract/provider/order-history.ts';
import type { ShippingOption, SplitDelivery } from '../../contract/order.ts';
import type { Sent } from '../http/shopware-schemas.ts';

/** Shopware CalculatedPrice of a line, the shipping costs or a delivery (net amounts in euros). */
export interface StoreOrderPrice {
  unitPrice: number;
  quantity: number;
  totalPrice: number;
  calculatedTaxes: { tax: number; taxRate: number; price: number; apiAlias: 'cart_tax_calculated' }[];
  taxRules: { taxRate: number; percentage: number }[];
  referencePrice: null;
  listPrice: null;
  regulationPrice: null;
  apiAlias: 'calculated_price';
}

/** The shipping costs of an order or delivery: a CalculatedPrice without the unset reference, list and regulation prices. */
export type StoreShippingCosts = Omit<StoreOrderPrice, 'referencePrice' | 'listPrice' | 'regulationPrice'>;

/** Shopware StateMachineState of an order. */
export type StoreStateMachineState = Sent<
  Omit<Schemas['StateMachineState'], 'translated'>,
  'id' | 'technicalName' | 'name'
> & {
  technicalName: OrderState;
  translated: { name: string; technicalName: string };
  apiAlias: 'state_machine_state';
};

/** An address of the order (Shopware OrderAddress) as it was when ordered, plus the provider's address fields. */
export type StoreOrderAddress = Sent<
  Omit<Schemas['OrderAddress'], 'customFields'>,
  'id' | 'countryId' | 'firstName' | 'lastName' | 'street' | 'city' | 'zipcode' | 'company'
> & {
  /** The company address the snapshot was taken from (null when it has none, e.g. a pickup location). */
  customFields: { addressId: string | null; name: string; houseNumber: string | null; box: string | null };
  countryCode: string;
  apiAlias: 'order_address';
};

/** A line of the order (Shopware OrderLineItem). */
export type StoreOrderLineItem = Sent<
  Omit<Schemas['OrderLineItem'], 'payload' | 'customFields' | 'type' | 'price' | 'cover' | 'children' | 'states'>,
  'id' | 'identifier' | 'label' | 'orderId' | 'quantity' | 'unitPrice' | 'totalPrice' | 'position'
> & {
  type: 'product' | 'promotion';
  price: StoreOrderPrice;
  payload: Record<string, unknown>;
  customFields: {
    order_detail_text: string | null;
    backorderQuantity: number;
    unit: string | null;
  };
  children: [];
  states: [];
  apiAlias: 'order_line_item';
};

/** A delivery of the order (Shopware OrderDelivery). */
export type StoreOrderDelivery = Sent<
  Omit<Schemas['OrderDelivery'], 'shippingOrderAddress' | 'shippingMethod' | 'shippingCosts' | 'stateMachineState'>,
  'id' | 'orderId' | 'shippingDateEarliest' | 'shippingDateLatest' | 'shippingMethodId' | 'shippingOrderAddressId'
> & {
  shippingOrderAddress: StoreOrderAddress;
  /** Absent for an order without a shipping method. */
  shippingMethod?: {
    id: string;
    name: string;
    technicalName: string;
    deliveryTimeId: string;
    translated: { name: string };
    apiAlias: 'shipping_method';
  };
  shippingCosts: StoreShippingCosts;
  stateMachineState: StoreStateMachineState;
  apiAlias: 'order_delivery';
};

/** The customer as ordered (Shopware OrderCustomer). */
export type StoreOrderCustomer = Sent<
  Schemas['OrderCustomer'],
  'id' | 'email' | 'firstName' | 'lastName' | 'company' | 'customerNumber'
> & {
  customerId: string;
  apiAlias: 'order_customer';
};

/** The order data the provider adds to Shopware's order (`customFields`). */
export interface StoreOrderCustomFields {
  orderReference: string | null;
  fileNumber: string | null;
  shippingOption: ShippingOption;
  pickupLocation: {
    id: string;
    kind: string;
    name: string;
    street: string;
    zipcode: string;
    city: string;
    countryCode: string;
  } | null;
  splitDelivery: SplitDelivery;
  requestedShippingDate: string | null;
  /** Minimum order value surcharge in euros (net). */
  surcharge: number;
  /** Promotion discount in euros (net, positive). */
  discount: number;
  promotionCodes: string[];
  paymentMethodId: string;
}

/** An order (Shopware Order) as `POST /checkout/order` and `POST /order` answer it. */
export type StoreOrder = Sent<
  Omit<
    Schemas['Order'],
    | 'price'
    | 'lineItems'
    | 'deliveries'
    | 'billingAddress'
    | 'orderCustomer'
    | 'stateMachineState'
    | 'customFields'
    | 'shippingCosts'
    | 'addresses'
    | 'documents'
    | 'extensions'
  >,
  | 'id'
  | 'orderNumber'
  | 'orderDateTime'
  | 'orderDate'
  | 'amountTotal'
  | 'amountNet'
  | 'positionPrice'
  | 'shippingTotal'
  | 'taxStatus'
  | 'billingAddressId'
  | 'currencyId'
  | 'currencyFactor'
  | 'languageId'
  | 'salesChannelId'
> & {
  price: Schemas['CartPrice'];
  shippingCosts: StoreShippingCosts;
  lineItems: StoreOrderLineItem[];
  deliveries: StoreOrderDelivery[];
  addresses: StoreOrderAddress[];
  billingAddress: StoreOrderAddress;
  orderCustomer: StoreOrderCustomer;
  stateMachineState: StoreStateMachineState;
  customFields: StoreOrderCustomFields;
  documents: [];
  apiAlias: 'order';
};

/** Shopware's OrderRouteResponse: one page of the customer's orders. */
export interface StoreOrderRouteResponse {
  orders: Sent<Schemas['EntitySearchResult'], 'total' | 'page' | 'limit' | 'entity'> & {
    elements: StoreOrder[];
    aggregations: [];
    apiAlias: 'dal_entity_search_result';
  };
  paymentChangeable: Record<string, boolean>;
}
