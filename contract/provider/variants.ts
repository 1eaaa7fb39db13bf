/**
 * Variant counts (`POST /store-api/{provider}/variants`): how many active variants each parent product has, so a
 * result list can say "3 variants" without loading them. The body is Shopware criteria of which `ids` counts: the
 * distinct parent ids of a result list, at most 500 (more is the violation `TOO_MANY_ERROR` on `/ids`).
 */
import * as v from 'valibot';
import { IdSchema } from '../ids.ts';

export const MAX_VARIANT_PARENTS = 500;

/** Request: the parent ids. Unknown or inactive ids are left out of the answer. */
export const VariantCountRequestSchema = v.object({
  ids: v.optional(v.pipe(v.array(IdSchema), v.maxLength(MAX_VARIANT_PARENTS, 'TOO_MANY_ERROR'))),
});
export type VariantCountRequest = v.InferInput<typeof VariantCountRequestSchema>;

export const VariantCountSchema = v.object({
  id: IdSchema,
  childCount: v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Active variants of the parent.')),
  apiAlias: v.literal('product_variant_count'),
});
export type VariantCount = v.InferOutput<typeof VariantCountSchema>;

/** Answer: one element per known, active parent. */
export const VariantCountResponseSchema = v.object({ elements: v.array(VariantCountSchema) });
export type VariantCountResponse = v.InferOutput<typeof VariantCountResponseSchema>;
