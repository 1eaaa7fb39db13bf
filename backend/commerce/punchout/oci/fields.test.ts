import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { PunchOutInputError } from '../errors.ts';
import { DEFAULT_OCI_SETTINGS, type OciSettings } from '../punchout-line.ts';
import { ociItems, readHttpSample, readOciFields } from '../testing/html-forms.ts';
import { OCI_FIELD_MAX_LENGTH, OCI_NUMBER_PATTERN, type OciItemField } from '../../../../contract/oci.ts';
import { cutOciValue, formatOciDecimal, formatOciQuantity, ociItemFields } from './fields.ts';
import { testLine } from './testing/lines.ts';

const settings = (overrides: Partial<OciSettings> = {}): OciSettings => ({ ...DEFAULT_OCI_SETTINGS, ...overrides });

/** The fields as items by index (throws on malformed NEW_ITEM names). */
const itemsOf = (fields: [string, string][]) => ociItems(fields);

function inputError(fn: () => unknown): PunchOutInputError {
  try {
    fn();
  } catch (error) {
    if (error instanceof PunchOutInputError) return error;
    throw error;
  }
  throw new Error('expected a PunchOutInputError');
}

describe('ociItemFields', () => {
  test('line indices start at 1 and have no gaps', () => {
    const fields = ociItemFields(
      [testLine(), testLine({ productNumber: 'B' }), testLine({ productNumber: 'C' })],
      settings(),
    );
    expect([...itemsOf(fields).keys()]).toEqual([1, 2, 3]);
    expect(fields.some(([name]) => name.includes('[0]'))).toBe(false);
    for (const [name] of fields) expect(name).toMatch(/^NEW_ITEM-[A-Z_]+(\[[123]\]|_[123]:132\[\])$/);
  });

  test('an empty cart has no item fields', () => {
    expect(ociItemFields([], settings())).toEqual([]);
  });

  test('every line has QUANTITY, DESCRIPTION, UNIT, PRICE, CURRENCY and PRICEUNIT', () => {
    const items = itemsOf(ociItemFields([testLine(), testLine({ name: '' })], settings()));
    for (const item of items.values()) {
      for (const field of ['QUANTITY', 'DESCRIPTION', 'UNIT', 'PRICE', 'CURRENCY', 'PRICEUNIT']) {
        expect(item[field], field).toMatch(/\S/);
      }
    }
    expect(items.get(2)?.['DESCRIPTION']).toBe('WB-10001');
  });

  test('a line reads as the buyer expects: DESCRIPTION, QUANTITY, UNIT, PRICE, CURRENCY, PRICEUNIT, VENDORMAT, EXT_PRODUCT_ID', () => {
    expect(ociItemFields([testLine()], settings())).toEqual([
      ['NEW_ITEM-DESCRIPTION[1]', 'Akku-Bohrschrauber 18 V'],
      ['NEW_ITEM-QUANTITY[1]', '3.000'],
      ['NEW_ITEM-UNIT[1]', 'C62'],
      ['NEW_ITEM-PRICE[1]', '12.34'],
      ['NEW_ITEM-CURRENCY[1]', 'EUR'],
      ['NEW_ITEM-PRICEUNIT[1]', '1'],
      ['NEW_ITEM-VENDORMAT[1]', 'WB-10001'],
      ['NEW_ITEM-EXT_PRODUCT_ID[1]', '0190a1b2c3d4e5f60718293a4b5c6d7e'],
    ]);
  });

  test('QUANTITY has exactly 3 decimals and PRICE the currency minor digits, both with a dot and no thousands separator', () => {
    const items = itemsOf(
      ociItemFields(
        [
          testLine({ quantity: 2.5, unitPrice: 123_456_789n, totalPrice: 308_641_973n }),
          testLine({ quantity: 1234, unitPrice: 5n, totalPrice: 6170n }),
        ],
        settings(),
      ),
    );
    expect(items.get(1)).toMatchObject({ QUANTITY: '2.500', PRICE: '1234567.89' });
    expect(items.get(2)).toMatchObject({ QUANTITY: '1234.000', PRICE: '0.05' });
    const yen = itemsOf(ociItemFields([testLine({ currency: 'JPY', unitPrice: 1500n })], settings()));
    expect(yen.get(1)?.['PRICE']).toBe('1500');
    const dinar = itemsOf(ociItemFields([testLine({ currency: 'KWD', unitPrice: 1500n })], settings()));
    expect(dinar.get(1)?.['PRICE']).toBe('1.500');
  });

  test('QUANTITY and PRICE always match the OCI number format (≤ 11 digits, dot, ≤ 3 decimals, ≤ 15 characters)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999_999_999 }),
        fc.bigInt({ min: 0n, max: 9_999_999_999_999n }),
        (thousandths, unitPrice) => {
          const quantity = thousandths / 1000;
          const item = itemsOf(ociItemFields([testLine({ quantity, unitPrice })], settings())).get(1)!;
          expect(item['QUANTITY']).toMatch(OCI_NUMBER_PATTERN);
          expect(item['QUANTITY']).toMatch(/\.\d{3}$/);
          expect(item['PRICE']).toMatch(OCI_NUMBER_PATTERN);
          expect(item['QUANTITY']!.length).toBeLessThanOrEqual(15);
          expect(item['PRICE']!.length).toBeLessThanOrEqual(15);
          expect(Math.round(Number(item['QUANTITY']) * 1000)).toBe(thousandths);
          expect(BigInt(item['PRICE']!.replace('.', ''))).toBe(unitPrice);
        },
      ),
    );
  });

  test("PRICEUNIT is always present, the line's price unit, and PRICE × QUANTITY / PRICEUNIT is the line total", () => {
    const lines = [
      testLine({ quantity: 3, unitPrice: 1234n, totalPrice: 3702n }),
      testLine({ quantity: 250, unitPrice: 7n, totalPrice: 1750n }),
      // 0.014 EUR a piece travels as 0.14 per 10, not as a rounded 0.01.
      testLine({ quantity: 250, unitPrice: 14n, priceUnit: 10, totalPrice: 350n }),
      // 2.5 m at 3.33 = 8.325, which the cart rounds half up to 8.33.
      testLine({ quantity: 2.5, unitPrice: 333n, totalPrice: 833n }),
    ];
    const items = itemsOf(ociItemFields(lines, settings()));
    lines.forEach((line, i) => {
      const item = items.get(i + 1)!;
      expect(item['PRICEUNIT']).toBe(String(line.priceUnit));
      const cents = (Number(item['PRICE']) * 100 * Number(item['QUANTITY'])) / Number(item['PRICEUNIT']);
      expect(Math.round(cents)).toBe(Number(line.totalPrice));
    });
  });

  test('quantities and prices that OCI cannot carry are refused', () => {
    for (const quantity of [0, -1, 0.0004, Number.NaN, Number.POSITIVE_INFINITY, 100_000_000_000]) {
      expect(inputError(() => ociItemFields([testLine({ quantity })], settings())).reason, String(quantity)).toBe(
        'quantity-out-of-range',
      );
    }
    expect(inputError(() => ociItemFields([testLine({ unitPrice: -1n })], settings())).reason).toBe(
      'price-out-of-range',
    );
    expect(inputError(() => ociItemFields([testLine({ unitPrice: 10n ** 13n })], settings())).reason).toBe(
      'price-out-of-range',
    );
  });

  test('UNIT comes from the per-buyer ISO unit mapping; unmapped units of up to 3 characters pass through', () => {
    const mapped = settings({ unitMap: { C62: 'PCE', MTR: 'M' } });
    const items = itemsOf(
      ociItemFields([testLine({ unit: 'C62' }), testLine({ unit: 'MTR' }), testLine({ unit: 'KGM' })], mapped),
    );
    expect([1, 2, 3].map((n) => items.get(n)?.['UNIT'])).toEqual(['PCE', 'M', 'KGM']);
  });

  test('UNIT is never longer than 3 characters: an unmapped long unit is an error naming the unit', () => {
    const error = inputError(() => ociItemFields([testLine({ unit: 'EACH' })], settings()));
    expect(error.reason).toBe('unit-not-mapped');
    expect(error.message).toContain('"EACH"');
    const badMapping = inputError(() =>
      ociItemFields([testLine({ unit: 'C62' })], settings({ unitMap: { C62: 'PIECE' } })),
    );
    expect(badMapping.message).toContain('"C62"');
    // A unit named like an Object.prototype member is not looked up on the prototype.
    expect(inputError(() => ociItemFields([testLine({ unit: 'constructor' })], settings())).reason).toBe(
      'unit-not-mapped',
    );
  });

  test('CURRENCY is an ISO 4217 code shared by all lines', () => {
    const items = itemsOf(ociItemFields([testLine({ currency: 'eur' })], settings()));
    expect(items.get(1)?.['CURRENCY']).toBe('EUR');
    expect(inputError(() => ociItemFields([testLine(), testLine({ currency: 'CHF' })], settings())).reason).toBe(
      'mixed-currency',
    );
    expect(inputError(() => ociItemFields([testLine({ currency: 'EURO' })], settings())).reason).toBe(
      'currency-invalid',
    );
  });

  test('DESCRIPTION is at most 40 characters, cut on a character boundary, and the full name goes to the long text', () => {
    const name = 'Schutzhandschuh Größe 10 – nitrilbeschichtet, EN 388 4121X, schwarz';
    const items = itemsOf(ociItemFields([testLine({ name })], settings()));
    expect(items.get(1)?.['DESCRIPTION']).toBe('Schutzhandschuh Größe 10 – nitrilbeschic');
    expect(items.get(1)?.['DESCRIPTION']).toHaveLength(40);
    expect(items.get(1)?.['LONGTEXT']).toBe(name);
  });

  test('cutting never splits a surrogate pair or a letter from its combining accent', () => {
    expect(cutOciValue(`${'a'.repeat(39)}🔩 Schraube`, 40)).toBe('a'.repeat(39));
    expect(cutOciValue(`${'a'.repeat(39)}e\u0301 Mutter`, 40)).toBe('a'.repeat(39));
    expect(cutOciValue('kurz', 40)).toBe('kurz');
  });

  test('the long text carries the full name and the description; none when the name fits and there is no description', () => {
    const items = itemsOf(
      ociItemFields(
        [testLine({ description: 'Mit 2 Akkus.\r\nIm Koffer.' }), testLine({ description: '   ' })],
        settings(),
      ),
    );
    expect(items.get(1)?.['LONGTEXT']).toBe('Akku-Bohrschrauber 18 V\n\nMit 2 Akkus.\nIm Koffer.');
    expect(items.get(2)).not.toHaveProperty('LONGTEXT');
  });

  test('long text uses NEW_ITEM-LONGTEXT_<n>:132[]; NEW_ITEM-LONGTEXT[n] never appears', () => {
    const fields = ociItemFields([testLine({ description: 'a' }), testLine({ description: 'b' })], settings());
    const names = fields.map(([name]) => name).filter((name) => name.includes('LONGTEXT'));
    expect(names).toEqual(['NEW_ITEM-LONGTEXT_1:132[]', 'NEW_ITEM-LONGTEXT_2:132[]']);
  });

  test('every field respects its maximum length from the OCI field table', () => {
    const long = (prefix: string) => `${prefix} ${'x'.repeat(300)}`;
    const fields = ociItemFields(
      [
        testLine({
          productId: long('id'),
          productNumber: long('number'),
          name: long('name'),
          description: long('description'),
          manufacturerNumber: long('mpn'),
          customerProductNumber: long('matnr'),
          classifications: [{ system: 'UNSPSC', code: '4'.repeat(80), name: long('category') }],
          leadTimeDays: 1_000_000,
        }),
      ],
      settings({
        customerMaterialNumber: true,
        classification: 'UNSPSC',
        vendorNumber: long('vendor'),
        oci5Hierarchy: true,
      }),
    );
    const item = itemsOf(fields).get(1)!;
    for (const [field, value] of Object.entries(item)) {
      if (field === 'LONGTEXT') continue;
      expect(OCI_FIELD_MAX_LENGTH, field).toHaveProperty(field);
      expect(value.length, field).toBeLessThanOrEqual(OCI_FIELD_MAX_LENGTH[field as OciItemField]);
    }
    expect(item['LEADTIME']).toBe('99999');
    expect(item['LONGTEXT']).toContain(long('description'));
  });

  test('VENDORMAT is the article number, EXT_PRODUCT_ID the product id, MANUFACTMAT the manufacturer part number', () => {
    const item = itemsOf(ociItemFields([testLine({ manufacturerNumber: 'BS 18-LTX' })], settings())).get(1)!;
    expect(item).toMatchObject({
      VENDORMAT: 'WB-10001',
      EXT_PRODUCT_ID: '0190a1b2c3d4e5f60718293a4b5c6d7e',
      MANUFACTMAT: 'BS 18-LTX',
    });
  });

  test('MATNR stays empty unless configured and the buyer has an own article number for the product', () => {
    const linked = testLine({ customerProductNumber: 'MAT-4711' });
    expect(itemsOf(ociItemFields([linked], settings())).get(1)?.['MATNR'] ?? '').toBe('');
    const configured = settings({ customerMaterialNumber: true });
    expect(itemsOf(ociItemFields([linked], configured)).get(1)?.['MATNR']).toBe('MAT-4711');
    expect(itemsOf(ociItemFields([testLine()], configured)).get(1)?.['MATNR'] ?? '').toBe('');
  });

  test('MATGROUP and the category come from the configured classification, always with EXT_SCHEMA_TYPE', () => {
    const line = testLine({
      classifications: [
        { system: 'ECLASS', code: '27021101', name: 'Bohrschrauber (Akku)' },
        { system: 'UNSPSC', code: '27112709', name: null },
      ],
    });
    expect(itemsOf(ociItemFields([line], settings({ classification: 'ECLASS' }))).get(1)).toMatchObject({
      MATGROUP: '27021101',
      EXT_SCHEMA_TYPE: 'ECLASS',
      EXT_CATEGORY_ID: '27021101',
      EXT_CATEGORY: 'Bohrschrauber (Akku)',
    });
    const unspsc = itemsOf(ociItemFields([line], settings({ classification: 'UNSPSC' }))).get(1)!;
    expect(unspsc).toMatchObject({ MATGROUP: '27112709', EXT_SCHEMA_TYPE: 'UNSPSC', EXT_CATEGORY_ID: '27112709' });
    expect(unspsc).not.toHaveProperty('EXT_CATEGORY');
    const none = itemsOf(ociItemFields([line], settings())).get(1)!;
    for (const field of ['MATGROUP', 'EXT_SCHEMA_TYPE', 'EXT_CATEGORY_ID', 'EXT_CATEGORY']) {
      expect(none).not.toHaveProperty(field);
    }
  });

  test('EXT_SCHEMA_TYPE accompanies every category; no CONTRACT_ITEM without CONTRACT, no EXT_QUOTE_ITEM without EXT_QUOTE_ID', () => {
    const lines = [
      testLine({ classifications: [{ system: 'UNSPSC', code: '27112709', name: 'Drills' }] }),
      testLine({ classifications: [{ system: 'ECLASS', code: '27021101', name: 'Bohrschrauber' }] }),
      testLine(),
    ];
    for (const item of itemsOf(ociItemFields(lines, settings({ classification: 'UNSPSC' }))).values()) {
      if ('EXT_CATEGORY_ID' in item || 'EXT_CATEGORY' in item) expect(item['EXT_SCHEMA_TYPE']).toBe('UNSPSC');
      if ('CONTRACT_ITEM' in item) expect(item).toHaveProperty('CONTRACT');
      if ('EXT_QUOTE_ITEM' in item) expect(item).toHaveProperty('EXT_QUOTE_ID');
    }
  });

  test('SERVICE is never sent except as X (the shop sells goods: never)', () => {
    const fields = ociItemFields([testLine(), testLine()], settings({ oci5Hierarchy: true, classification: 'ECLASS' }));
    for (const [name, value] of fields) if (name.startsWith('NEW_ITEM-SERVICE')) expect(value).toBe('X');
    expect(fields.some(([name]) => name.startsWith('NEW_ITEM-SERVICE'))).toBe(false);
  });

  test('VENDOR is the buyer’s vendor number when one is configured', () => {
    expect(itemsOf(ociItemFields([testLine()], settings({ vendorNumber: '100234' }))).get(1)?.['VENDOR']).toBe(
      '100234',
    );
    expect(itemsOf(ociItemFields([testLine()], settings())).get(1)).not.toHaveProperty('VENDOR');
  });

  test('LEADTIME is whole days when known and absent when unknown', () => {
    const items = itemsOf(
      ociItemFields([testLine({ leadTimeDays: 3 }), testLine({ leadTimeDays: 1.2 }), testLine()], settings()),
    );
    expect([1, 2, 3].map((n) => items.get(n)?.['LEADTIME'])).toEqual(['3', '2', undefined]);
  });

  test('OCI 5.0 hierarchy: every line is a root ITEM_TYPE=R with an empty PARENT_ID, only when configured', () => {
    const fields = ociItemFields([testLine(), testLine()], settings({ oci5Hierarchy: true }));
    expect(fields).toContainEqual(['NEW_ITEM-ITEM_TYPE[1]', 'R']);
    expect(fields).toContainEqual(['NEW_ITEM-PARENT_ID[1]', '']);
    expect(fields).toContainEqual(['NEW_ITEM-ITEM_TYPE[2]', 'R']);
    expect(fields).toContainEqual(['NEW_ITEM-PARENT_ID[2]', '']);
    const plain = ociItemFields([testLine()], settings());
    expect(plain.some(([name]) => /ITEM_TYPE|PARENT_ID/.test(name))).toBe(false);
  });

  test('control characters are removed and single-line fields have one space between words', () => {
    const item = itemsOf(ociItemFields([testLine({ name: ' Bohrer\t\n 8\u0000mm\u0085 ' })], settings())).get(1)!;
    expect(item['DESCRIPTION']).toBe('Bohrer 8mm');
  });

  test('more lines than the buyer takes per transfer are refused', () => {
    const lines = Array.from({ length: 3 }, () => testLine());
    expect(() => ociItemFields(lines, settings({ maxLines: 3 }))).not.toThrow();
    expect(inputError(() => ociItemFields(lines, settings({ maxLines: 2 }))).reason).toBe('too-many-lines');
  });
});

describe('OCI numbers', () => {
  test('formatOciDecimal writes minor units with a dot and the given decimals', () => {
    expect(formatOciDecimal(1234n, 2)).toBe('12.34');
    expect(formatOciDecimal(5, 2)).toBe('0.05');
    expect(formatOciDecimal(2500, 3)).toBe('2.500');
    expect(formatOciDecimal(7n, 0)).toBe('7');
    expect(formatOciDecimal(123_456_789_012n, 2)).toBe('1234567890.12');
    expect(() => formatOciDecimal(-1, 2)).toThrow(RangeError);
    expect(() => formatOciDecimal(1.5, 2)).toThrow(RangeError);
    expect(() => formatOciDecimal(1, 4)).toThrow(RangeError);
  });

  test('formatOciQuantity rounds to 3 decimals', () => {
    expect(formatOciQuantity(1)).toBe('1.000');
    expect(formatOciQuantity(0.1 + 0.2)).toBe('0.300');
    expect(formatOciQuantity(99_999_999_999.999)).toBe('99999999999.999');
  });
});

describe('agreement with a published real-world OCI cart (meplato/sapoci test files)', () => {
  const sample = readHttpSample('oci/meplato-sapoci__real_world.html');
  const sampleItems = ociItems(readOciFields(sample.body));

  test('the reader finds the sample cart’s 10 items, numbered from 1 without gaps, with the long text by index', () => {
    expect([...sampleItems.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(sampleItems.get(4)).toMatchObject({
      DESCRIPTION: 'Beschriftungsstreifen-Set 10-teilig 27E',
      UNIT: 'PA',
      PRICE: '00000000004.760',
      EXT_PRODUCT_ID: '94408027E',
    });
    expect(sampleItems.get(8)?.['LONGTEXT']).toContain('• Material: Karton');
  });

  test('the sample’s numbers match the OCI number format our numbers match', () => {
    for (const item of sampleItems.values()) {
      for (const field of ['QUANTITY', 'PRICE', 'PRICEUNIT', 'LEADTIME']) {
        expect(item[field], field).toMatch(OCI_NUMBER_PATTERN);
      }
    }
  });

  test('the extensions sample (vendor fields, HEADER-*) reads into the same 10 items', () => {
    const extended = ociItems(readOciFields(readHttpSample('oci/meplato-sapoci__meplato_extensions.html').body));
    expect([...extended.keys()]).toEqual([...sampleItems.keys()]);
    for (const [n, item] of sampleItems) expect(extended.get(n)).toMatchObject(item);
    expect(extended.get(10)).toHaveProperty('CUST_FIELD50');
  });

  test('the sample’s lines written by us carry the same quantities, units, prices, lead times and ids', () => {
    const lines = [...sampleItems.values()].map((item) =>
      testLine({
        productId: item['EXT_PRODUCT_ID']!,
        productNumber: item['EXT_PRODUCT_ID']!,
        name: item['DESCRIPTION']!,
        description: item['LONGTEXT'] ?? '',
        quantity: Number(item['QUANTITY']),
        unitPrice: BigInt(Math.round(Number(item['PRICE']) * 100)),
        unit: item['UNIT']!,
        leadTimeDays: Number(item['LEADTIME']),
        manufacturerNumber: item['MANUFACTMAT'] ?? null,
      }),
    );
    const ours = ociItems(ociItemFields(lines, settings()));
    expect(ours.size).toBe(sampleItems.size);
    for (const [n, theirs] of sampleItems) {
      const item = ours.get(n)!;
      for (const field of ['QUANTITY', 'PRICE', 'PRICEUNIT', 'LEADTIME']) {
        expect(Number(item[field]), `${field}[${n}]`).toBe(Number(theirs[field]));
      }
      for (const field of ['UNIT', 'CURRENCY', 'EXT_PRODUCT_ID', 'MANUFACTMAT']) {
        expect(item[field], `${field}[${n}]`).toBe(theirs[field]);
      }
      expect(theirs['DESCRIPTION']!.startsWith(item['DESCRIPTION']!), `DESCRIPTION[${n}]`).toBe(true);
      expect(item['DESCRIPTION']!.length).toBeLessThanOrEqual(40);
    }
  });
});
