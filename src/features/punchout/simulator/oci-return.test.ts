import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkOciReturn, readOciReturn, type OciRule, type ReturnField } from './oci-return.ts';

/** A well-formed cart of two lines as the shop sends it (OCI 4.0). */
function cart(): [string, string][] {
  return [
    ['~OkCode', 'ADDI'],
    ['~TARGET', '_top'],
    ['~CALLER', 'CTLG'],
    ['sap-client', '100'],
    ['NEW_ITEM-DESCRIPTION[1]', 'Akku-Bohrschrauber 18 V'],
    ['NEW_ITEM-QUANTITY[1]', '2.000'],
    ['NEW_ITEM-UNIT[1]', 'PCE'],
    ['NEW_ITEM-PRICE[1]', '129.900'],
    ['NEW_ITEM-CURRENCY[1]', 'EUR'],
    ['NEW_ITEM-PRICEUNIT[1]', '1'],
    ['NEW_ITEM-LEADTIME[1]', '2'],
    ['NEW_ITEM-VENDORMAT[1]', 'D-2000'],
    ['NEW_ITEM-EXT_PRODUCT_ID[1]', 'a1'.repeat(16)],
    ['NEW_ITEM-EXT_SCHEMA_TYPE[1]', 'UNSPSC'],
    ['NEW_ITEM-EXT_CATEGORY_ID[1]', '27112700'],
    ['NEW_ITEM-LONGTEXT_1:132[]', 'Akku-Bohrschrauber 18 V mit zwei Akkus und Koffer'],
    ['NEW_ITEM-DESCRIPTION[2]', 'Bitsatz 32-teilig'],
    ['NEW_ITEM-QUANTITY[2]', '2.500'],
    ['NEW_ITEM-UNIT[2]', 'MTR'],
    ['NEW_ITEM-PRICE[2]', '4.25'],
    ['NEW_ITEM-CURRENCY[2]', 'EUR'],
    ['NEW_ITEM-PRICEUNIT[2]', '1'],
    ['NEW_ITEM-VENDORMAT[2]', 'B-100'],
    ['NEW_ITEM-EXT_PRODUCT_ID[2]', 'b2'.repeat(16)],
  ];
}

const failed = (fields: readonly ReturnField[]) =>
  Object.fromEntries(
    checkOciReturn(fields)
      .filter((finding) => !finding.passed)
      .map((finding) => [finding.rule, finding.problems]),
  ) as Partial<Record<OciRule, unknown>>;

/** The hidden inputs of a saved OCI page, in order, values HTML-unescaped. */
function inputsOf(html: string): [string, string][] {
  const unescape = (text: string) =>
    text
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return [...html.matchAll(/<input name="([^"]*)" type="hidden" value="([^"]*)"/g)].map((m) => [
    unescape(m[1]!),
    unescape(m[2]!),
  ]);
}

describe('reading a cart', () => {
  test('lines by index with their fields; the long text by its line; the rest apart', () => {
    const { lines, other } = readOciReturn(cart());
    expect(lines.map((l) => l.index)).toEqual([1, 2]);
    expect(lines[0]!.fields).toMatchObject({ DESCRIPTION: 'Akku-Bohrschrauber 18 V', QUANTITY: '2.000', UNIT: 'PCE' });
    expect(lines[0]!.longText).toBe('Akku-Bohrschrauber 18 V mit zwei Akkus und Koffer');
    expect(lines[1]!.longText).toBeNull();
    expect(other).toEqual([
      ['~OkCode', 'ADDI'],
      ['~TARGET', '_top'],
      ['~CALLER', 'CTLG'],
      ['sap-client', '100'],
    ]);
  });
});

describe('checks', () => {
  test('a cart as the standard asks passes every rule', () => {
    expect(failed(cart())).toEqual({});
  });

  test('line indices start at 1 and have no gaps', () => {
    const shifted = cart().map(([name, value]): [string, string] => [name.replace('[2]', '[3]'), value]);
    expect(failed(shifted).indices).toEqual([{ line: 3, field: 'NEW_ITEM-…[3]', value: '3' }]);
    const zero = cart().map(([name, value]): [string, string] => [name.replace('[1]', '[0]'), value]);
    expect(failed(zero)).toHaveProperty('indices');
  });

  test('every line has a quantity, a description or material number, a unit without material number, a currency with a price', () => {
    const fields = cart().filter(
      ([name]) => !['NEW_ITEM-QUANTITY[1]', 'NEW_ITEM-UNIT[2]', 'NEW_ITEM-CURRENCY[2]'].includes(name),
    );
    expect(failed(fields).required).toEqual([
      { line: 1, field: 'NEW_ITEM-QUANTITY[1]', value: null },
      { line: 2, field: 'NEW_ITEM-UNIT[2]', value: null },
      { line: 2, field: 'NEW_ITEM-CURRENCY[2]', value: null },
    ]);
    const matnr = cart()
      .filter(([name]) => name !== 'NEW_ITEM-UNIT[2]' && name !== 'NEW_ITEM-DESCRIPTION[2]')
      .concat([['NEW_ITEM-MATNR[2]', 'BP-1000']]);
    expect(failed(matnr)).not.toHaveProperty('required');
  });

  test('quantity and price use a dot and at most 3 decimals; the quantity exactly 3', () => {
    const fields = cart().map(([name, value]): [string, string] =>
      name === 'NEW_ITEM-PRICE[1]'
        ? [name, '1.234,50']
        : name === 'NEW_ITEM-QUANTITY[2]'
          ? [name, '2.5']
          : [name, value],
    );
    expect(failed(fields).numbers).toEqual([
      { line: 1, field: 'NEW_ITEM-PRICE[1]', value: '1.234,50' },
      { line: 2, field: 'NEW_ITEM-QUANTITY[2]', value: '2.5' },
    ]);
  });

  test('the price unit is present, a whole number of at most 5 digits', () => {
    const fields = cart()
      .filter(([name]) => name !== 'NEW_ITEM-PRICEUNIT[1]')
      .map(([name, value]): [string, string] => (name === 'NEW_ITEM-PRICEUNIT[2]' ? [name, '1.0'] : [name, value]));
    expect(failed(fields).priceUnit).toEqual([
      { line: 1, field: 'NEW_ITEM-PRICEUNIT[1]', value: null },
      { line: 2, field: 'NEW_ITEM-PRICEUNIT[2]', value: '1.0' },
    ]);
  });

  test('the unit has at most 3 characters, the currency is one ISO code for all lines', () => {
    const fields = cart().map(([name, value]): [string, string] =>
      name === 'NEW_ITEM-UNIT[1]' ? [name, 'EACH'] : name === 'NEW_ITEM-CURRENCY[2]' ? [name, 'USD'] : [name, value],
    );
    const found = failed(fields);
    expect(found.unit).toEqual([{ line: 1, field: 'NEW_ITEM-UNIT[1]', value: 'EACH' }]);
    expect(found.currency).toEqual([{ line: null, field: 'NEW_ITEM-CURRENCY[…]', value: 'EUR, USD' }]);
  });

  test('the description has at most 40 characters, other fields their OCI length', () => {
    const fields = cart().concat([
      ['NEW_ITEM-DESCRIPTION[2]', 'x'.repeat(41)],
      ['NEW_ITEM-MATGROUP[1]', '27112700-EXTRA'],
    ]);
    expect(failed(fields).lengths).toEqual([
      { line: 1, field: 'NEW_ITEM-MATGROUP[1]', value: '27112700-EXTRA' },
      { line: 2, field: 'NEW_ITEM-DESCRIPTION[2]', value: 'x'.repeat(41) },
    ]);
  });

  test('long texts are named LONGTEXT_<n>:132[] for an existing line, never LONGTEXT[n]', () => {
    const fields = cart().concat([
      ['NEW_ITEM-LONGTEXT[2]', 'wrong name'],
      ['NEW_ITEM-LONGTEXT_7:132[]', 'no line 7'],
    ]);
    expect(failed(fields).longText).toEqual([
      { line: 2, field: 'NEW_ITEM-LONGTEXT[2]', value: 'wrong name' },
      { line: 7, field: 'NEW_ITEM-LONGTEXT_7:132[]', value: 'no line 7' },
    ]);
  });

  test('a category needs its schema type, a contract item its contract, a quote item its quote', () => {
    const fields = cart()
      .filter(([name]) => name !== 'NEW_ITEM-EXT_SCHEMA_TYPE[1]')
      .concat([
        ['NEW_ITEM-CONTRACT_ITEM[2]', '10'],
        ['NEW_ITEM-EXT_QUOTE_ITEM[2]', '1'],
      ]);
    expect(failed(fields).pairs).toEqual([
      { line: 1, field: 'NEW_ITEM-EXT_SCHEMA_TYPE[1]', value: null },
      { line: 2, field: 'NEW_ITEM-CONTRACT[2]', value: null },
      { line: 2, field: 'NEW_ITEM-EXT_QUOTE_ID[2]', value: null },
    ]);
  });

  test('SERVICE is X or absent; LEADTIME whole days; the supplier article number and catalogue key on every line', () => {
    const fields = cart()
      .filter(([name]) => name !== 'NEW_ITEM-VENDORMAT[2]')
      .concat([
        ['NEW_ITEM-SERVICE[1]', 'Y'],
        ['NEW_ITEM-LEADTIME[2]', '2.5'],
      ]);
    const found = failed(fields);
    expect(found.service).toEqual([{ line: 1, field: 'NEW_ITEM-SERVICE[1]', value: 'Y' }]);
    expect(found.leadTime).toEqual([{ line: 2, field: 'NEW_ITEM-LEADTIME[2]', value: '2.5' }]);
    expect(found.supplierKeys).toEqual([{ line: 2, field: 'NEW_ITEM-VENDORMAT[2]', value: null }]);
  });

  test('the echoed ~OkCode=ADDI and ~CALLER=CTLG are present', () => {
    const fields = cart().filter(([name]) => name !== '~CALLER');
    expect(failed(fields).sapFields).toEqual([{ line: null, field: '~CALLER', value: null }]);
  });

  test('a published real-world cart breaks the length, quantity and price unit rules the way it is known to', () => {
    const html = readFileSync(
      path.resolve('..', 'shared', 'punchout', 'samples', 'oci', 'meplato-sapoci__real_world.html'),
      'utf8',
    );
    const fields = inputsOf(html);
    const { lines } = readOciReturn(fields);
    expect(lines).toHaveLength(10);
    expect(lines[0]!.fields.PRICE).toBe('00000001730.900');
    const found = failed(fields);
    expect(found).toHaveProperty('lengths');
    expect(found).toHaveProperty('numbers');
    expect(found).toHaveProperty('priceUnit');
    expect(found).toHaveProperty('supplierKeys');
    expect(found).not.toHaveProperty('indices');
    expect(found).not.toHaveProperty('longText');
    expect(found).not.toHaveProperty('currency');
  });
});
