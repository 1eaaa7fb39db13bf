/**
 * Entity ids as the Store API writes them: Shopware's uuid form, 32 lower-case hexadecimal characters without
 * dashes (Shopware Store API documentation, "Data types": `id` is a hex uuid).
 */
import * as v from 'valibot';

/** Pattern of an id: 32 lower-case hex characters. */
export const ID_PATTERN = /^[0-9a-f]{32}$/;

/** An id as the server sends it. */
export const IdSchema = v.pipe(v.string(), v.regex(ID_PATTERN), v.description('Hex uuid (32 characters).'));

/**
 * An id a client sends (path segment or body field): case is ignored and the id comes out lower-case. A malformed id
 * is the violation `INVALID_UUID` (Shopware's uuid constraint).
 */
export const IdInputSchema = v.pipe(
  v.string('INVALID_UUID'),
  v.regex(/^[0-9a-fA-F]{32}$/, 'INVALID_UUID'),
  v.toLowerCase(),
  v.description('Hex uuid (32 characters, any case).'),
);

export type Id = v.InferOutput<typeof IdSchema>;
