/**
 * The cart as the Store API answers it (Shopware's Cart, backend/store-api/checkout/cart-schemas.ts): `mapCart` maps
 * a calculation (./calculate-cart.ts) to it, amounts from cents to euros; `guestCart` is the empty cart of an
 * anonymous context.
 */
import { MAX_LINE_ITEM_QUANTITY } from '../../../contract/checkout.ts';
import { centsToNumber, percentOfCents, type CalculatedPrice } from '../../lib/price.ts';
import type { StoreCart, StoreCartDelivery, StoreCartError, StoreLineItem } from './cart-schemas.ts';
import { mapShippingMethod } from './methods.mapper.ts';
import { mapMedia } from '../../http/entities.ts';
import { deliveryTime } from '../catalog/delivery-time.ts';
import type { ProductMediaRow, ProductRow } from '../catalog/product.repository.ts';
import type { CartErrorEntry, CartLineModel, CartPromotionModel, CartTaxModel } from './cart-model.ts';
import { distribute } from './distribute.ts';
import type { CartCalculation } from './processor.ts';

/** Shopware CalculatedPrice of `quantity` units with `totalCents` net at one rate. */
function calculatedPrice(unitPrice: number, quantity: number, totalCents: number, taxRate: string): CalculatedPrice {
  const rate = Number(taxRate);
  const sign = totalCents < 0 ? -1 : 1;
  const taxCents = sign * percentOfCents(Math.abs(totalCents), taxRate);
  return {
    unitPrice,
    quantity,
    totalPrice: centsToNumber(totalCents),
    calculatedTaxes: [
      {
        tax: centsToNumber(taxCents),
        taxRate: rate,
        price: centsToNumber(totalCents),
        apiAlias: 'cart_tax_calculated',
      },
    ],
    taxRules: [{ taxRate: rate, percentage: 100 }],
    referencePrice: null,
    listPrice: null,
    regulationPrice: null,
    apiAlias: 'calculated_price',
  };
}

/** A CalculatedPrice over several rates (shipping, totals): taxes as given per rate. */
function multiRatePrice(totalCents: number, taxes: CartTaxModel[]): CalculatedPrice {
  return {
    unitPrice: centsToNumber(totalCents),
    quantity: 1,
    totalPrice: centsToNumber(totalCents),
    calculatedTaxes: taxes.map((t) => ({
      tax: centsToNumber(t.taxCents),
      taxRate: Number(t.taxRate),
      price: centsToNumber(t.netCents),
      apiAlias: 'cart_tax_calculated' as const,
    })),
    taxRules: taxes.map((t) => ({ taxRate: Number(t.taxRate), percentage: 100 })),
    referencePrice: null,
    listPrice: null,
    regulationPrice: null,
    apiAlias: 'calculated_price',
  };
}

/** The cover media of a product: its own cover, the parent's, or the first image of either. */
export function coverOf(
  product: ProductRow,
  parent: ProductRow | undefined,
  media: Map<string, ProductMediaRow[]>,
): ProductMediaRow | undefined {
  const links = [...(media.get(product.id) ?? []), ...(parent ? (media.get(parent.id) ?? []) : [])];
  const coverId = product.coverMediaId ?? parent?.coverMediaId;
  const images = links.filter((m) => (m.media.mimeType ?? '').startsWith('image/') || m.purpose === 'normal');
  return links.find((m) => m.mediaId === coverId) ?? images[0];
}

/** A product line as Shopware's line item of type product. */
function productLineItem(
  line: CartLineModel,
  product: ProductRow,
  parent: ProductRow | undefined,
  media: Map<string, ProductMediaRow[]>,
  locale: string,
  mediaBaseUrl: string,
): StoreLineItem {
  const cover = coverOf(product, parent, media);
  const dt = deliveryTime(
    product.deliveryTimeMin ?? parent?.deliveryTimeMin ?? null,
    product.deliveryTimeMax ?? parent?.deliveryTimeMax ?? null,
    product.deliveryTimeUnit,
    locale,
  );
  return {
    id: line.id,
    type: 'product',
    referencedId: line.productId,
    label: line.label,
    quantity: line.quantity,
    good: true,
    removable: true,
    stackable: true,
    modified: false,
    cover: cover ? mapMedia(cover.media, locale, mediaBaseUrl) : null,
    payload: line.payload,
    price: calculatedPrice(Number(line.unitPrice), line.quantity, line.totalCents, line.taxRate),
    priceDefinition: null,
    quantityInformation: {
      minPurchase: Math.max(1, product.minPurchase),
      maxPurchase:
        product.maxPurchase ?? (product.isCloseout ? Math.max(0, product.availableStock) : MAX_LINE_ITEM_QUANTITY),
      purchaseSteps: Math.max(1, product.purchaseSteps),
    },
    deliveryInformation: {
      stock: product.availableStock,
      restockTime: product.restockTime ?? parent?.restockTime ?? undefined,
      freeDelivery: false,
      ...(dt
        ? { deliveryTime: { name: dt.name, min: dt.min, max: dt.max, unit: dt.unit, apiAlias: 'cart_delivery_time' } }
        : {}),
      apiAlias: 'cart_delivery_information',
    },
    apiAlias: 'cart_line_item',
  };
}

/** A percentage or free-shipping promotion as a line item of type promotion (negative price for a discount). */
function promotionLineItem(p: CartPromotionModel, lines: CartLineModel[]): StoreLineItem {
  const goods = new Map<string, number>();
  for (const l of lines) goods.set(l.taxRate, (goods.get(l.taxRate) ?? 0) + l.totalCents);
  const rates = [...goods.keys()].sort((a, b) => Number(b) - Number(a));
  const shares = distribute(
    -p.discountCents,
    rates.map((r) => goods.get(r)!),
  );
  const perRate = rates.map((taxRate, i) => ({
    taxRate,
    netCents: shares[i]!,
    taxCents: -percentOfCents(Math.abs(shares[i]!), taxRate),
  }));
  const price = multiRatePrice(-p.discountCents, perRate);
  return {
    id: p.id,
    type: 'promotion',
    referencedId: p.code,
    label: p.label,
    quantity: 1,
    good: false,
    removable: true,
    stackable: false,
    modified: false,
    cover: null,
    payload: { code: p.code, promotionId: p.id, discountType: p.discountType, value: p.value },
    price,
    quantityInformation: null,
    deliveryInformation: { freeDelivery: p.discountType === 'free_shipping', apiAlias: 'cart_delivery_information' },
    apiAlias: 'cart_line_item',
  };
}

/** Shopware's error object of an entry (`code` 0, parameters inline). */
function storeError(e: CartErrorEntry): StoreCartError {
  return { code: 0, ...e };
}

/**
 * Maps a calculation to Shopware's Cart (Store API `Cart`): the product lines as line items of type product, the
 * promotions as line items of type promotion (negative price per rate), the errors keyed by their `key`, one delivery
 * with the shipping costs spread over the rates, the payment transaction, the price in euros (net tax status) and the
 * extensions (minimum order value, and what registered processors show, ./cart-model.ts `answerExtensions`).
 */
export function mapCart(calculation: CartCalculation): StoreCart {
  const { model, context, locale, now, inputs, lineSources } = calculation;
  const minimum = inputs.minimum ?? null;
  const media = new Map<string, ProductMediaRow[]>();
  for (const m of inputs.mediaRows) media.set(m.productId, [...(media.get(m.productId) ?? []), m]);
  const mediaBaseUrl = calculation.options.config.mediaBaseUrl;
  const productItems = model.lines.map((line) => {
    const source = lineSources.get(line.id)!;
    return productLineItem(line, source.product, source.parent, media, locale, mediaBaseUrl);
  });
  const lineItems = [...productItems, ...model.promotions.map((p) => promotionLineItem(p, model.lines))];
  const errors: Record<string, StoreCartError> = {};
  for (const e of model.errors) errors[e.key] = storeError(e);
  const deliveries: StoreCartDelivery[] = [];
  if (model.lines.length && model.shippingMethod) {
    const m = model.shippingMethod;
    const day = 24 * 60 * 60 * 1000;
    const shippingShares = distribute(
      model.shippingCents,
      model.taxes.map((t) => t.netCents),
    );
    deliveries.push({
      deliveryDate: {
        earliest: new Date(now.getTime() + m.deliveryTimeMin * day).toISOString(),
        latest: new Date(now.getTime() + m.deliveryTimeMax * day).toISOString(),
      },
      location: {
        country: { iso: model.deliveryCountry, apiAlias: 'country' },
        apiAlias: 'cart_delivery_shipping_location',
      },
      positions: model.lines.map((l) => ({
        identifier: l.id,
        quantity: l.quantity,
        apiAlias: 'cart_delivery_position',
      })),
      shippingCosts: multiRatePrice(
        model.shippingCents,
        model.taxes.map((t, i) => ({
          taxRate: t.taxRate,
          netCents: shippingShares[i]!,
          taxCents: percentOfCents(shippingShares[i]!, t.taxRate),
        })),
      ),
      shippingMethod: mapShippingMethod(m, locale),
      apiAlias: 'cart_delivery',
    });
  }
  const totalPrice = centsToNumber(model.totalCents);
  return {
    name: 'sales-channel',
    token: context.token,
    price: {
      netPrice: centsToNumber(model.netCents),
      totalPrice,
      positionPrice: centsToNumber(model.positionPriceCents),
      rawTotal: totalPrice,
      taxStatus: 'net',
      calculatedTaxes: model.taxes.map((t) => ({
        tax: centsToNumber(t.taxCents),
        taxRate: Number(t.taxRate),
        price: centsToNumber(t.netCents),
        apiAlias: 'cart_tax_calculated' as const,
      })),
      taxRules: model.taxes.map((t) => ({ taxRate: Number(t.taxRate), name: `${Number(t.taxRate)} %` })),
      apiAlias: 'cart_price',
    },
    lineItems,
    errors,
    deliveries,
    transactions: model.paymentMethod
      ? [{ paymentMethodId: model.paymentMethod.id, amount: multiRatePrice(model.totalCents, []) }]
      : [],
    modified: false,
    customerComment: null,
    affiliateCode: null,
    campaignCode: null,
    extensions: {
      ...(model.surchargeCents > 0 && minimum
        ? {
            minimumCartValue: {
              minimumValue: centsToNumber(minimum.minimumValueCents),
              additionalCost: centsToNumber(minimum.additionalCostCents),
              apiAlias: 'cart_minimum_value' as const,
            },
          }
        : {}),
      ...model.answerExtensions,
    },
    revision: model.revision,
    apiAlias: 'cart',
  };
}

/**
 * The cart of an anonymous context, as Shopware answers a guest who has put nothing in: no lines, zero totals, no
 * errors. Guests cannot fill a cart here (ADR 014: only logged-in buyers order), so this is the whole of it; it lets
 * a headless frontend read the cart on every page, as Shopware's do, without an error.
 */
export function guestCart(token: string): StoreCart {
  return {
    name: 'sales-channel',
    token,
    price: {
      netPrice: 0,
      totalPrice: 0,
      positionPrice: 0,
      rawTotal: 0,
      taxStatus: 'net',
      calculatedTaxes: [],
      taxRules: [],
      apiAlias: 'cart_price',
    },
    lineItems: [],
    errors: {},
    deliveries: [],
    transactions: [],
    modified: false,
    customerComment: null,
    affiliateCode: null,
    campaignCode: null,
    extensions: {},
    revision: 0,
    apiAlias: 'cart',
  };
}
