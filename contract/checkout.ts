/**
 * Request bodies of Shopware's cart and context calls as the embedded Store API accepts them
 * (docs/decisions/014-cart-and-orders.md): `POST|PATCH /checkout/cart/line-item`, `POST /checkout/cart/line-item/delete`
 * and `PATCH /context`. Keys beyond the ones named here (a client's `price`, `priceDefinition`, `label`, …) are
 * dropped: the server prices the cart itself.
 */
import * as v from 'valibot';
import { IdInputSchema } from './ids.ts';

/** Most lines one cart holds. */
export const MAX_CART_LINE_ITEMS = 500;
/** Most order units of one line. */
export const MAX_LINE_ITEM_QUANTITY = 100_000;
/** Longest remark of a line (`customFields.order_detail_text`). */
export const MAX_LINE_ITEM_REMARK = 500;

/** Order units of a line: a whole number from 1 to 100 000. */
export const LineItemQuantitySchema = v.pipe(
  v.number('INVALID_TYPE_ERROR'),
  v.integer('INVALID_TYPE_ERROR'),
  v.minValue(1, 'TOO_LOW_ERROR'),
  v.maxValue(MAX_LINE_ITEM_QUANTITY, 'TOO_HIGH_ERROR'),
);

/** The id of a line item as the client chooses it (Shopware: usually the product id). */
export const LineItemIdSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('IS_BLANK_ERROR'),
  v.maxLength(64, 'TOO_LONG_ERROR'),
);

/** A product line to add: `referencedId` is the product id (default: `id`). */
const ProductLineItemSchema = v.object({
  type: v.literal('product'),
  id: LineItemIdSchema,
  referencedId: v.optional(IdInputSchema),
  quantity: v.optional(LineItemQuantitySchema, 1),
});

/** A promotion code to add: `referencedId` is the code. */
const PromotionLineItemSchema = v.object({
  type: v.literal('promotion'),
  id: v.optional(v.string()),
  referencedId: v.pipe(v.string(), v.trim(), v.nonEmpty('IS_BLANK_ERROR'), v.maxLength(64, 'TOO_LONG_ERROR')),
  quantity: v.optional(v.number()),
});

/** `POST /checkout/cart/line-item`: 1 to 500 items. */
export const AddLineItemsRequestSchema = v.object({
  items: v.pipe(
    v.array(v.variant('type', [ProductLineItemSchema, PromotionLineItemSchema])),
    v.minLength(1, 'TOO_FEW_ERROR'),
    v.maxLength(MAX_CART_LINE_ITEMS, 'TOO_MANY_ERROR'),
  ),
});
export type AddLineItemsRequest = v.InferInput<typeof AddLineItemsRequestSchema>;

/** The remark of a line: `payload.customFields.order_detail_text` (null or "" clears it). */
const LineItemPayloadSchema = v.object({
  customFields: v.optional(
    v.object({
      order_detail_text: v.optional(
        v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(MAX_LINE_ITEM_REMARK, 'TOO_LONG_ERROR'))),
      ),
    }),
  ),
});

/** `PATCH /checkout/cart/line-item`: new quantities and remarks of existing lines. */
export const UpdateLineItemsRequestSchema = v.object({
  items: v.pipe(
    v.array(
      v.object({
        id: LineItemIdSchema,
        quantity: v.optional(LineItemQuantitySchema),
        payload: v.optional(LineItemPayloadSchema),
      }),
    ),
    v.minLength(1, 'TOO_FEW_ERROR'),
    v.maxLength(MAX_CART_LINE_ITEMS, 'TOO_MANY_ERROR'),
  ),
});
export type UpdateLineItemsRequest = v.InferInput<typeof UpdateLineItemsRequestSchema>;

/** `POST /checkout/cart/line-item/delete`: the ids of the lines (or promotion codes) to remove. */
export const RemoveLineItemsRequestSchema = v.object({
  ids: v.pipe(
    v.array(LineItemIdSchema),
    v.minLength(1, 'TOO_FEW_ERROR'),
    v.maxLength(MAX_CART_LINE_ITEMS, 'TOO_MANY_ERROR'),
  ),
});
export type RemoveLineItemsRequest = v.InferInput<typeof RemoveLineItemsRequestSchema>;

/** `PATCH /context`: the checkout choices of the context (ids). */
export const ContextPatchRequestSchema = v.object({
  shippingMethodId: v.optional(IdInputSchema),
  paymentMethodId: v.optional(IdInputSchema),
  billingAddressId: v.optional(IdInputSchema),
  shippingAddressId: v.optional(IdInputSchema),
  languageId: v.optional(IdInputSchema),
  currencyId: v.optional(IdInputSchema),
  countryId: v.optional(IdInputSchema),
});
export type ContextPatchRequest = v.InferInput<typeof ContextPatchRequestSchema>;
