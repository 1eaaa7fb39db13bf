/**
 * Cost centres of the provider API (`/store-api/{provider}/cost-center…`, docs/decisions/015): a company's cost
 * centres, chosen in the checkout and kept on the order, and its external contacts (people outside the shop, such as
 * a site manager) that are connected to the cost centres or not; the connected ones are offered at checkout.
 *
 * Managing the external contacts (list, link, unlink) needs ROLE_MANAGE_COST_CENTER; reading the cost centres and
 * connected contacts for the checkout and choosing a cost centre for the cart need ROLE_ACCESS_COST_CENTER. An id of
 * another company answers 404 exactly like one that does not exist. The storefront shows the module only with the
 * feature flag `cost-center-module` (src/lib/feature-flags.ts); the endpoints answer whatever the flag.
 */
import * as v from 'valibot';
import { IdInputSchema, IdSchema } from '../ids.ts';

/** Most ids in one link or unlink call. */
export const EXTERNAL_CONTACT_IDS_MAX = 500;

/**
 * Error codes of the cost centre endpoints, after the upper-case provider prefix (`{PROVIDER}__…`):
 * - `COST_CENTER_NOT_FOUND` (404): unknown or inactive cost centre, or one of another company;
 * - `EXTERNAL_CONTACT_NOT_FOUND` (404, `meta.parameters.id`): an id of the link or unlink call is unknown or of
 *   another company (nothing is changed);
 * - `MISSING_RIGHT` (403, `meta.parameters.right`).
 */
export const COST_CENTER_ERROR_CODES = [
  'COST_CENTER_NOT_FOUND',
  'EXTERNAL_CONTACT_NOT_FOUND',
  'MISSING_RIGHT',
] as const;
export type CostCenterErrorCode = (typeof COST_CENTER_ERROR_CODES)[number];

/** An external contact of the company. */
export const ExternalContactSchema = v.object({
  id: IdSchema,
  identifier: v.pipe(v.string(), v.description("The company's own code of the contact.")),
  name: v.string(),
  email: v.nullable(v.string()),
  connected: v.pipe(v.boolean(), v.description('Linked to the cost centres: offered at checkout.')),
});
export type ExternalContact = v.InferOutput<typeof ExternalContactSchema>;

/**
 * Answer of `GET …/cost-center/external-contact` (every contact of the company), of the link and unlink calls (every
 * contact after the change) and of `GET …/cost-center/cart/external-contact` (the connected ones); by name.
 */
export const ExternalContactListResponseSchema = v.object({
  elements: v.array(ExternalContactSchema),
});
export type ExternalContactListResponse = v.InferOutput<typeof ExternalContactListResponseSchema>;

/**
 * Body of `POST …/cost-center/external-contact-assign` and `…/external-contact-dismiss`: `ids` links (unlinks)
 * these contacts, 1 to 500, each at most once; absent or null links (unlinks) all of the company's contacts.
 */
export const ExternalContactIdsRequestSchema = v.object({
  ids: v.optional(
    v.nullable(
      v.pipe(
        v.array(IdInputSchema),
        v.minLength(1, 'TOO_FEW_ERROR'),
        v.maxLength(EXTERNAL_CONTACT_IDS_MAX, 'TOO_MANY_ERROR'),
      ),
    ),
  ),
});
export type ExternalContactIdsRequest = v.InferInput<typeof ExternalContactIdsRequestSchema>;

/** A cost centre of the company. */
export const CostCenterSchema = v.object({
  id: IdSchema,
  identifier: v.pipe(v.string(), v.description("The company's own code of the cost centre.")),
  name: v.string(),
});
export type CostCenter = v.InferOutput<typeof CostCenterSchema>;

/** Answer of `GET …/cost-center`: the company's active cost centres, by identifier. */
export const CostCenterListResponseSchema = v.object({
  elements: v.array(CostCenterSchema),
});
export type CostCenterListResponse = v.InferOutput<typeof CostCenterListResponseSchema>;

/** Path parameters of `…/cost-center/cart/{id}`. */
export const CostCenterPathSchema = v.object({ id: IdInputSchema });

/**
 * Answer of `PUT …/cost-center/cart/{id}` (chooses the cost centre for the caller's cart) and
 * `DELETE …/cost-center/cart` (clears the choice): the cart's cost centre now, null when none.
 */
export const CostCenterCartResponseSchema = v.object({
  costCenter: v.nullable(CostCenterSchema),
});
export type CostCenterCartResponse = v.InferOutput<typeof CostCenterCartResponseSchema>;
