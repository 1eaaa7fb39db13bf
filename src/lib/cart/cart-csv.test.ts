import Papa from 'papaparse';
import { expect, test } from 'vitest';
import { createTranslator, type UnitTranslator } from '../../i18n/format.ts';
import { MESSAGES, type Locale } from '../../i18n/locales.ts';
import { cartToCsv } from './cart-csv.ts';
import { cartBody, productLine, promotionLine } from './testing/test-bodies.ts';

const translate = (locale: Locale): UnitTranslator => ({
  locale,
  t: createTranslator(locale, MESSAGES[locale]),
  has: (key) => Object.hasOwn(MESSAGES[locale], key),
});

const pliers = productLine('a'.repeat(32), 'P-1000', 'Kombizange 180 mm', 12, 24.9);
const screws = productLine('b'.repeat(32), 'S-2000', 'Schraube "Spax"; 4 x 40', 2.5, 0.12345);
const cart = cartBody([pliers, promotionLine('SUMMER'), screws]);
// Shopware's product payload names the order unit `packUnit` (a UN/ECE Rec 20 code); the remark is a custom field.
Object.assign(cart.lineItems![2]!.payload!, { packUnit: 'KGM', customFields: { order_detail_text: 'Halle 3' } });

test('writes German CSV with semicolons and decimal commas, product lines only', () => {
  const csv = cartToCsv(cart, translate('de-DE'));
  expect(csv.split('\r\n')).toEqual([
    'Artikelnummer;Bezeichnung;Menge;Einheit;Einzelpreis;Gesamtpreis;Bemerkung',
    'P-1000;Kombizange 180 mm;12;;24,90;298,80;',
    'S-2000;"Schraube ""Spax""; 4 x 40";2,5;Kilogramm;0,12345;0,31;Halle 3',
  ]);
});

test('writes English CSV with commas and decimal points that a CSV reader reads back', () => {
  const csv = cartToCsv(cart, translate('en-GB'));
  expect(Papa.parse<string[]>(csv, { delimiter: ',' }).data).toEqual([
    ['Article number', 'Name', 'Quantity', 'Unit', 'Unit price', 'Line price', 'Remark'],
    ['P-1000', 'Kombizange 180 mm', '12', '', '24.90', '298.80', ''],
    ['S-2000', 'Schraube "Spax"; 4 x 40', '2.5', 'kilograms', '0.12345', '0.31', 'Halle 3'],
  ]);
});

test('uses semicolons and decimal commas for French and Dutch', () => {
  for (const locale of ['fr-FR', 'nl-NL'] as const) {
    const [, firstLine] = cartToCsv(cart, translate(locale)).split('\r\n');
    expect(firstLine).toBe('P-1000;Kombizange 180 mm;12;;24,90;298,80;');
  }
});

test('escapes a cell a spreadsheet would run as a formula', () => {
  const formula = { ...productLine('c'.repeat(32), 'X-1', '=HYPERLINK("http://example.com")', 1, 2) };
  const [, line] = cartToCsv(cartBody([formula]), translate('en-GB')).split('\r\n');
  expect(line).toBe(`X-1,"'=HYPERLINK(""http://example.com"")",1,,2.00,2.00,`);
});

test('writes only the heading row for an empty cart', () => {
  expect(cartToCsv(cartBody(), translate('nl-NL')).split('\r\n')).toHaveLength(1);
});
