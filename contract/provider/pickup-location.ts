/**
 * `GET /store-api/{provider}/pickup-location`: the shops and warehouses where a buyer can collect an order (the
 * checkout's pickup option), active ones only, by position. Needs only the access key: the locations are public,
 * like the shops of the footer.
 */
import * as v from 'valibot';

/** One shop or warehouse. */
export const PickupLocationSchema = v.object({
  id: v.string(),
  kind: v.picklist(['shop', 'warehouse']),
  name: v.string(),
  street: v.string(),
  zipcode: v.string(),
  city: v.string(),
  /** ISO 3166-1 alpha-2. */
  countryCode: v.string(),
  phone: v.nullable(v.string()),
  email: v.nullable(v.string()),
  openingHours: v.nullable(v.string()),
  position: v.number(),
  apiAlias: v.literal('pickup_location'),
});
export type PickupLocation = v.InferOutput<typeof PickupLocationSchema>;

/** The answer: every active location. */
export const PickupLocationListResponseSchema = v.object({
  total: v.number(),
  elements: v.array(PickupLocationSchema),
  apiAlias: v.literal('pickup_location_list'),
});
export type PickupLocationListResponse = v.InferOutput<typeof PickupLocationListResponseSchema>;
