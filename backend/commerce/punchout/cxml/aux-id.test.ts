import { describe, expect, test } from 'vitest';
import { auxIdFor, verifyAuxId } from './aux-id.ts';

const KEY = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
const OTHER_KEY = Buffer.from('fedcba9876543210fedcba9876543210', 'hex');
const PRODUCT = '018f3a2b4c5d6e7f8091a2b3c4d5e6f7';

describe('SupplierPartAuxiliaryID', () => {
  test('is stable: the same product and key give the same value in every session', () => {
    expect(auxIdFor(PRODUCT, KEY)).toBe(auxIdFor(PRODUCT, Buffer.from(KEY)));
    expect(auxIdFor(PRODUCT, KEY)).toMatch(new RegExp(`^${PRODUCT}\\.[0-9a-f]{24}$`));
  });

  test('contains no "?", "{" or "}" and nothing that needs XML escaping', () => {
    for (const id of [PRODUCT, 'abc', '00000000000000000000000000000000']) {
      expect(auxIdFor(id, KEY)).toMatch(/^[0-9A-Za-z._-]+$/);
    }
  });

  test('verifies back to its product id, ignoring surrounding whitespace and the case of the tag', () => {
    const aux = auxIdFor(PRODUCT, KEY);
    expect(verifyAuxId(aux, KEY)).toBe(PRODUCT);
    expect(verifyAuxId(`\n  ${aux}  \n`, KEY)).toBe(PRODUCT);
    const [id, tag = ''] = aux.split('.');
    expect(verifyAuxId(`${id}.${tag.toUpperCase()}`, KEY)).toBe(PRODUCT);
  });

  test('is tamper-evident: another product id, a changed or cut tag, or another key is rejected', () => {
    const aux = auxIdFor(PRODUCT, KEY);
    const [, tag = ''] = aux.split('.');
    const otherProduct = `${PRODUCT.slice(0, -1)}8`;
    expect(verifyAuxId(`${otherProduct}.${tag}`, KEY)).toBeNull();
    const flipped = tag.slice(0, -1) + (tag.endsWith('0') ? '1' : '0');
    expect(verifyAuxId(`${PRODUCT}.${flipped}`, KEY)).toBeNull();
    expect(verifyAuxId(aux.slice(0, -2), KEY)).toBeNull();
    expect(verifyAuxId(aux, OTHER_KEY)).toBeNull();
    expect(verifyAuxId(PRODUCT, KEY)).toBeNull();
    expect(verifyAuxId(`.${tag}`, KEY)).toBeNull();
    expect(verifyAuxId('', KEY)).toBeNull();
  });

  test('needs a product id and a key of at least 16 bytes', () => {
    expect(() => auxIdFor('', KEY)).toThrow(RangeError);
    expect(() => auxIdFor(PRODUCT, Buffer.alloc(8))).toThrow(RangeError);
  });
});
