/**
 * SupplierPartAuxiliaryID of the lines we send: `<productId>.<tag>`, where the tag is the first 12 bytes (96 bits)
 * of HMAC-SHA256(key, "cxml-aux-id:" + productId) as 24 lowercase hex digits.
 *
 * Rules it follows:
 * - Stable: the same product gives the same value in every session, so it does not change across edit and inspect
 *   sessions (cXML Reference Guide 1.2.051 §5.3.4: the buyer returns it in later setup requests and in the
 *   OrderRequest, and the supplier "should not change this value during PunchOut edit or inspect sessions").
 * - Only `[0-9A-Za-z._-]` when the product id is: no `?`, `{`, `}` (SAP Ariba rejects them in SupplierPartID and
 *   SupplierPartAuxiliaryID), nothing that needs XML or HTML escaping.
 * - Tamper-evident: the value comes back through buyer systems and is untrusted; {@link verifyAuxId} accepts only a
 *   tag made with the shop's key, compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const TAG_BYTES = 12;
const TAG_PATTERN = /^[0-9a-f]{24}$/i;

/**
 * The SupplierPartAuxiliaryID for a product.
 *
 * @param productId the product's id (32 hex in this shop); must not be empty.
 * @param key the shop's secret key (at least 16 bytes).
 * @throws RangeError for an empty product id or a key shorter than 16 bytes.
 */
export function auxIdFor(productId: string, key: Buffer): string {
  if (productId === '') throw new RangeError('auxIdFor needs a product id.');
  return `${productId}.${tag(productId, key).toString('hex')}`;
}

/**
 * The product id an auxiliary id was made for, or null when the value was not made by {@link auxIdFor} with this
 * key (changed product id or tag, truncated, foreign value). Surrounding whitespace is ignored (buyers reformat XML);
 * the hex tag is compared case-insensitively.
 *
 * @throws RangeError for a key shorter than 16 bytes.
 */
export function verifyAuxId(value: string, key: Buffer): string | null {
  const trimmed = value.trim();
  const dot = trimmed.lastIndexOf('.');
  if (dot <= 0) return null;
  const productId = trimmed.slice(0, dot);
  const givenTag = trimmed.slice(dot + 1);
  const expected = tag(productId, key);
  if (!TAG_PATTERN.test(givenTag)) return null;
  return timingSafeEqual(Buffer.from(givenTag, 'hex'), expected) ? productId : null;
}

function tag(productId: string, key: Buffer): Buffer {
  if (key.length < 16) throw new RangeError('The SupplierPartAuxiliaryID key must be at least 16 bytes long.');
  return createHmac('sha256', key).update(`cxml-aux-id:${productId}`, 'utf8').digest().subarray(0, TAG_BYTES);
}
