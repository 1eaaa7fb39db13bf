import { describe, expect, test } from 'vitest';
import { checkGtin, gtinCheckDigit } from './gtin.ts';

describe('checkGtin', () => {
  test.each([
    ['4006209796856', true, undefined],
    ['036000291452', true, undefined],
    ['04006209796856', true, undefined],
    ['87126709', true, undefined],
    ['87126708', false, 'check digit 8 should be 9'],
    ['4031405196944', false, 'check digit 4 should be 0'],
    ['12345', false, 'length 5 is not a GTIN length (8, 12, 13 or 14 digits)'],
    ['40062O9796856', false, 'contains characters other than digits'],
  ])('%s → valid %s', (raw, valid, problem) => {
    expect(checkGtin(raw)).toEqual({ value: raw, valid, ...(valid ? {} : { problem }) });
  });

  test('strips spaces and hyphens but keeps leading zeros', () => {
    expect(checkGtin(' 0 4006209-796856 ')).toEqual({ value: '04006209796856', valid: true });
  });

  test('reports an empty code', () => {
    expect(checkGtin('  ')).toEqual({ value: undefined, valid: false, problem: 'empty' });
  });

  test('computes the GS1 check digit', () => {
    expect(gtinCheckDigit('400620979685')).toBe(6);
    expect(() => gtinCheckDigit('12a')).toThrow();
  });
});
