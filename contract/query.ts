/**
 * Field rules of list requests that every provider endpoint shares: page numbers and sizes, search texts and
 * calendar days. A page number in a JSON body may be a number or a numeric string (Shopware's criteria `page` and
 * `limit` accept both); in a query string it is a string of digits. Violation codes are the contract's
 * (contract/errors.ts).
 */
import * as v from 'valibot';

/** A page number or size in a JSON body: a whole number from 1, as a number or a numeric string. */
export const BodyPageNumberSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/))], 'INVALID_TYPE_ERROR'),
  v.transform(Number),
  v.integer('INVALID_TYPE_ERROR'),
  v.minValue(1, 'TOO_LOW_ERROR'),
);

/** A page number or size in a query string: a whole number from 1. */
export const QueryPageNumberSchema = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'INVALID_TYPE_ERROR'),
  v.transform(Number),
  v.minValue(1, 'TOO_LOW_ERROR'),
);

/** An optional, trimmed search text of at most `max` characters; empty reads as absent (`undefined`). */
export function optionalSearchText(max: number) {
  return v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max, 'TOO_LONG_ERROR'),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  );
}

/** An optional, trimmed text of at most `max` characters that may be null; empty reads as null. */
export function optionalNullableText(max: number) {
  return v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(max, 'TOO_LONG_ERROR'),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
  );
}

/** An optional ISO 8601 calendar day (`YYYY-MM-DD`) in a query string. */
export const OptionalQueryDaySchema = v.optional(v.pipe(v.string(), v.isoDate('INVALID_VALUE')));
