import { describe, expect, test } from 'vitest';
import { validateVatNumber } from './vat.ts';

/** Real, published VAT numbers of companies (valid check digits). */
const VALID: [string, string, string][] = [
  ['ATU13585627', 'ATU13585627', 'AT'],
  ['ATU 3767 5002', 'ATU37675002', 'AT'],
  ['ATU33864707', 'ATU33864707', 'AT'],
  ['BE0202239951', 'BE0202239951', 'BE'],
  ['BE 0417.497.106', 'BE0417497106', 'BE'],
  ['0403.170.701', 'BE0403170701', 'BE'],
  ['BE477472701', 'BE0477472701', 'BE'],
  ['DE136695976', 'DE136695976', 'DE'],
  ['de 811 569 869', 'DE811569869', 'DE'],
  ['DE129273398', 'DE129273398', 'DE'],
  ['DE811128135', 'DE811128135', 'DE'],
  ['FR40303265045', 'FR40303265045', 'FR'],
  ['FR 82 542065479', 'FR82542065479', 'FR'],
  ['FR03552081317', 'FR03552081317', 'FR'],
  ['NL004495445B01', 'NL004495445B01', 'NL'],
  ['NL810433941B01', 'NL810433941B01', 'NL'],
  ['NL002230884B01', 'NL002230884B01', 'NL'],
  // Sole trader number of the 2020 scheme (mod 97), the Belastingdienst's example.
  ['NL000099998B57', 'NL000099998B57', 'NL'],
];

/** Each valid number above with one digit off by one, or a broken format. */
const INVALID = [
  'ATU13585628',
  'ATU13585617',
  'ATU1358562',
  'AT13585627',
  'BE0202239952',
  'BE0202239851',
  'BE2202239951',
  'BE020223995',
  'DE136695977',
  'DE136695986',
  'DE036695976',
  'DE13669597',
  'FR41303265045',
  'FR40303265046',
  'FR4030326504',
  'NL004495445B00',
  'NL004495446B01',
  'NL004495445C01',
  'NL000099998B58',
  'XX123456789',
  '',
  'BE',
];

describe('validateVatNumber', () => {
  test.each(VALID)('%s is valid (normalised %s, %s)', (raw, normalized, country) => {
    expect(validateVatNumber(raw)).toEqual({ valid: true, normalized, country });
  });

  test.each(INVALID)('%s is invalid', (raw) => {
    expect(validateVatNumber(raw).valid).toBe(false);
  });

  test('other EU countries are checked for format only', () => {
    expect(validateVatNumber('LU15027442')).toEqual({ valid: true, normalized: 'LU15027442', country: 'LU' });
    expect(validateVatNumber('EL094259216').country).toBe('GR');
    expect(validateVatNumber('LU1').valid).toBe(false);
  });
});
