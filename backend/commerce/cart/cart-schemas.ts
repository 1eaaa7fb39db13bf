import type { PickupLocation } from '../../../contract/provider/pickup-location.ts';
import type { CartOrderFlowBudget, CartOrderReferenceBudget } from '../../../contract/provider/order-flow.ts';
import type { CxmlForm, OciForm, OciSystemMetadata } from '../../../contract/provider/punchout.ts';
/**
 * The answer shapes of the cart, shipping-method and payment-method routes, built on the schemas `@shopware/api-client`
 * generates from Shopware's Store API OpenAPI document, in the `Sent<>` style of ../shopware-schemas.ts.
 */
import type { Schemas } from '@shopware/api-client/api-types';
import type { CalculatedPrice } from '../../lib/price.ts';
import type { Sent, StoreMedia } from '../../http/shopware-schemas.ts';

/**
 * A cart error as Shopware serialises it inside `cart.errors` (an object keyed by `key`): the CartError fields,
 * `code` 0, plus the error's parameters (`id`, `name`, `quantity`, …) where it has them.
 */
export type StoreCartError = Schemas['CartError'] & {
  code: number;
  /** Line item id, promotion code or method id the error is about. */
  id?: string;
  /** Product or method name. */
  name?: string;
  /** Quantity the rule allows (min/max/steps/stock). */
  quantity?: number;
  /** Amounts of the minimum-value and credit-limit warnings, in euros. */
  minimumValue?: number;
  additionalCost?: number;
  availableCredit?: number;
};

/** `payload` of a product line item (Shopware ProductJsonApi subset) or of a promotion line item. */
export interface StoreLineItemPayload {
  productNumber?: string;
  manufacturerId?: string | null;
  propertyIds?: string[];
  optionIds?: string[];
  options?: { group: string; option: string }[];
  isCloseout?: boolean;
  /** Order unit (UN/ECE Rec 20 code, e.g. C62), as the product's `packUnit`. */
  packUnit?: string;
  /** The buyer's remark for the line, as Shopware keeps custom fields of a line. */
  customFields?: { order_detail_text?: string | null };
  /**
   * Product lines: the company's own article number for the article (its article link, docs/decisions/017), or
   * null when it has none or the buyer does not hold ROLE_MANAGE_ARTICLE_LINKS.
   */
  customerArticleNumber?: string | null;
  /**
   * The offer that prices the line (`POST /store-api/{provider}/offer/cart`): its number, its line and its last valid
   * day (ISO date, Europe/Brussels); absent when the line has the buyer's ordinary price.
   */
  offer?: { offerNumber: string; lineNumber: number; validUntil: string };
  /** Promotion lines: the code, the promotion and its kind. */
  code?: string;
  promotionId?: string;
  discountType?: string;
  value?: string;
}

/** A cart line item (Shopware LineItem) as sent. */
export type StoreLineItem = Sent<
  Omit<Schemas['LineItem'], 'cover' | 'payload' | 'price' | 'deliveryInformation' | 'quantityInformation' | 'type'>,
  'id' | 'label' | 'quantity' | 'referencedId' | 'good' | 'removable' | 'stackable' | 'modified'
> & {
  type: 'product' | 'promotion';
  cover: StoreMedia | null;
  payload: StoreLineItemPayload;
  price: CalculatedPrice;
  quantityInformation: { minPurchase: number; maxPurchase: number; purchaseSteps: number } | null;
  deliveryInformation: Schemas['CartDeliveryInformation'];
  apiAlias: 'cart_line_item';
};

/** A delivery of the cart: the chosen shipping method, its costs and the delivery country. */
export interface StoreCartDelivery {
  deliveryDate: { earliest: string; latest: string };
  location: { country: { iso: string; apiAlias: 'country' }; apiAlias: 'cart_delivery_shipping_location' };
  positions: { identifier: string; quantity: number; apiAlias: 'cart_delivery_position' }[];
  shippingCosts: CalculatedPrice;
  shippingMethod: StoreShippingMethod;
  apiAlias: 'cart_delivery';
}

/** The cart (Shopware Cart) as sent. */
export type StoreCart = Sent<
  Omit<Schemas['Cart'], 'errors' | 'lineItems' | 'deliveries' | 'price' | 'transactions'>,
  'apiAlias' | 'name' | 'token'
> & {
  price: Schemas['CartPrice'];
  lineItems: StoreLineItem[];
  /** Keyed by the error's `key`, as Shopware serialises its ErrorCollection. */
  errors: Record<string, StoreCartError>;
  deliveries: StoreCartDelivery[];
  transactions: { paymentMethodId: string; amount: CalculatedPrice }[];
  extensions: {
    /** Present when the goods value is below the sales channel's minimum order value (amounts in euros). */
    minimumCartValue?: { minimumValue: number; additionalCost: number; apiAlias: 'cart_minimum_value' };
    /** The customer's order flow budget and threshold (contract/provider/order-flow.ts). */
    orderFlowBudget?: CartOrderFlowBudget;
    /** The budget of the order reference the cart is booked to (contract/provider/order-flow.ts). */
    orderReferenceBudget?: CartOrderReferenceBudget;
    /** A punch-out session's transfer (contract/provider/punchout.ts): OCI's form and system, cXML's form. */
    ociForm?: OciForm;
    ociSystemMetadata?: OciSystemMetadata;
    cxmlForm?: CxmlForm;
  };
  /** Grows with every change of the stored cart. */
  revision: number;
};

/** A shipping method (Shopware ShippingMethod) as sent, with its net cost and free-shipping limit in euros. */
export type StoreShippingMethod = Sent<
  Omit<Schemas['ShippingMethod'], 'translated' | 'deliveryTime' | 'customFields'>,
  'id' | 'name' | 'technicalName' | 'active' | 'position'
> & {
  translated: { name: string; description: string | null };
  deliveryTime: { id: string; name: string; min: number; max: number; unit: 'day'; apiAlias: 'delivery_time' };
  customFields: { price: number; freeFrom: number | null; pickup: boolean };
  apiAlias: 'shipping_method';
};

/** A payment method (Shopware PaymentMethod) as sent; `customFields.paidInAdvance` marks pay-before-delivery. */
export type StorePaymentMethod = Sent<
  Omit<Schemas['PaymentMethod'], 'translated' | 'customFields'>,
  'id' | 'name' | 'technicalName' | 'active' | 'position'
> & {
  translated: { name: string; description: string | null };
  customFields: { paidInAdvance: boolean };
  apiAlias: 'payment_method';
};

/** A pickup location as `{provider}/pickup-location` answers it (contract/provider/pickup-location.ts). */
export type StorePickupLocation = PickupLocation;
