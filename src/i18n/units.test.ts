import { describe, expect, test } from 'vitest';
import { i18nValue } from './react.tsx';
import { ORDER_UNIT_CODES } from './format.ts';
import { MESSAGES, SUPPORTED_LOCALES } from './locales.ts';
import { formatQuantity, islandMessages } from './translator.ts';

describe('order units by name', () => {
  test.each([
    ['de-DE', 1, 'C62', '1 Stück'],
    ['de-DE', 10, 'C62', '10 Stück'],
    ['en-GB', 1, 'C62', '1 piece'],
    ['en-GB', 10, 'C62', '10 pieces'],
    ['fr-FR', 2, 'C62', '2 pièces'],
    ['nl-NL', 10, 'C62', '10 stuks'],
    ['nl-NL', 1, 'H87', '1 stuk'],
    ['de-DE', 2, 'PK', '2 Packungen'],
    ['en-GB', 2.5, 'MTR', '2.5 metres'],
    ['de-DE', 2.5, 'MTR', '2,5 Meter'],
    ['en-GB', 1, 'MTK', '1 square metre'],
    ['fr-FR', 3, 'MTK', '3 mètres carrés'],
    ['en-GB', 1200, 'KGM', '1,200 kilograms'],
    ['de-DE', 5, 'LTR', '5 Liter'],
    ['fr-FR', 4, 'RO', '4 rouleaux'],
    ['nl-NL', 6, 'BX', '6 dozen'],
  ] as const)('%s: %d %s → %s', (locale, quantity, code, expected) => {
    expect(formatQuantity(locale, quantity, code)).toBe(expected);
  });

  test('French counts 0 and 1.5 as singular, as Intl.PluralRules says', () => {
    expect(formatQuantity('fr-FR', 1.5, 'MTR')).toBe('1,5 mètre');
    expect(formatQuantity('en-GB', 1.5, 'MTR')).toBe('1.5 metres');
  });

  test('lower-case codes are read; an unknown code stays a code; no code leaves the number', () => {
    expect(formatQuantity('en-GB', 3, 'pr')).toBe('3 pairs');
    expect(formatQuantity('en-GB', 3, 'XYZ')).toBe('3 XYZ');
    expect(formatQuantity('de-DE', 1000, null)).toBe('1.000');
  });

  test('every listed unit has both forms in every language', () => {
    for (const locale of SUPPORTED_LOCALES) {
      const messages = MESSAGES[locale] as Record<string, string>;
      for (const code of ORDER_UNIT_CODES) {
        expect(messages[`units.${code}_one`], `${locale} ${code}`).toBeTruthy();
        expect(messages[`units.${code}_other`], `${locale} ${code}`).toBeTruthy();
      }
    }
  });

  test("an island's translator with the 'units.' messages names units like the server", () => {
    const i18n = i18nValue(islandMessages('nl-NL', ['units.']));
    expect(i18n.quantity(10, 'C62')).toBe(formatQuantity('nl-NL', 10, 'C62'));
    expect(i18n.quantity(1, 'RO')).toBe('1 rol');
  });
});
