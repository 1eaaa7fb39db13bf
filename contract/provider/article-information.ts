/**
 * Live prices and stock (`POST /store-api/{provider}/article/information`) for a logged-in customer: the catalogue
 * pages are the same for everyone and cached, so islands ask for these figures after load
 * (docs/decisions/005-cacheable-anonymous-catalogue.md). Unknown, inactive and repeated article numbers are left
 * out; the answer is `Cache-Control: private, no-store`.
 */
import * as v from 'valibot';

/** Most articles one request may ask for. */
export const MAX_ARTICLES = 100;

/** Request: 1 to 100 articles by supplier article number (`productNumber`), quantity in order units (default 1). */
export const ArticleInformationRequestSchema = v.object({
  articles: v.pipe(
    v.array(
      v.object({
        sku: v.pipe(
          v.string(),
          v.trim(),
          v.nonEmpty('IS_BLANK_ERROR'),
          v.maxLength(64, 'TOO_LONG_ERROR'),
          v.description('Supplier article number (productNumber).'),
        ),
        quantity: v.optional(
          v.pipe(v.number(), v.minValue(0.0001, 'TOO_LOW_ERROR'), v.maxValue(1_000_000, 'TOO_HIGH_ERROR')),
          1,
        ),
      }),
    ),
    v.minLength(1, 'TOO_FEW_ERROR'),
    v.maxLength(MAX_ARTICLES, 'TOO_MANY_ERROR'),
  ),
});
export type ArticleInformationRequest = v.InferInput<typeof ArticleInformationRequestSchema>;

import { DELIVERY_TIME_UNITS } from '../delivery-time.ts';

export type { DeliveryTimeUnit } from '../delivery-time.ts';

const count = v.pipe(v.number(), v.integer());

/** The price and stock record of one article. */
export const ArticleInformationSchema = v.object({
  article: v.pipe(v.string(), v.description('Supplier article number (productNumber).')),
  price: v.pipe(
    v.nullable(v.pipe(v.string(), v.regex(/^\d+\.\d{2,5}$/))),
    v.description(
      'Net price in EUR of one order unit at the price tier for the requested quantity (BMEcat LOWER_BOUND), with 2 ' +
        'to 5 decimals; null without ROLE_VIEW_PRICES or without a valid price.',
    ),
  ),
  quantity: v.pipe(v.nullable(count), v.description('Pieces in stock; null without ROLE_VIEW_PRICES.')),
  minSalesQuantity: count,
  purchaseSteps: count,
  uom: v.pipe(v.string(), v.description('Order unit, a UN/ECE Recommendation 20 code such as C62.')),
  deliveryTime: v.nullable(v.object({ min: count, max: count, unit: v.picklist(DELIVERY_TIME_UNITS) })),
  restockTime: v.pipe(v.nullable(count), v.description('Days until restocked.')),
  apiAlias: v.literal('article_information'),
});
export type ArticleInformation = v.InferOutput<typeof ArticleInformationSchema>;

/** Answer: one record per known article, in request order. */
export const ArticleInformationResponseSchema = v.object({ articles: v.array(ArticleInformationSchema) });
export type ArticleInformationResponse = v.InferOutput<typeof ArticleInformationResponseSchema>;
