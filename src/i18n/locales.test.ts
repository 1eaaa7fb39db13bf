import { describe, expect, test } from 'vitest';
import { MESSAGES, SUPPORTED_LOCALES } from './locales.ts';
import { getTranslator, rawMessage } from './translator.ts';

describe('message catalogues', () => {
  const reference = Object.keys(MESSAGES['en-GB']).sort();

  test.each(SUPPORTED_LOCALES)('%s has exactly the keys of en-GB', (locale) => {
    expect(Object.keys(MESSAGES[locale]).sort()).toEqual(reference);
  });

  test.each(SUPPORTED_LOCALES)('%s has no empty message', (locale) => {
    const empty = Object.entries(MESSAGES[locale]).filter(([, v]) => v.trim() === '');
    expect(empty).toEqual([]);
  });

  test('uses the shop wording for required fields', () => {
    expect(MESSAGES['de-DE']['validation.required']).toBe('Das ist ein Pflichtfeld');
    expect(MESSAGES['nl-NL']['validation.required']).toBe('Dit is een verplicht veld');
  });

  test('placeholders are the same in every locale', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of reference as (keyof (typeof MESSAGES)['en-GB'])[]) {
      for (const locale of SUPPORTED_LOCALES) {
        expect({ key, locale, p: placeholders(MESSAGES[locale][key]) }).toEqual({
          key,
          locale,
          p: placeholders(MESSAGES['en-GB'][key]),
        });
      }
    }
  });
});

describe('plural entries', () => {
  const keys = Object.keys(MESSAGES['en-GB']);

  test('every count text is a plural entry with a singular and a plural form', () => {
    const counted = keys.filter((k) => MESSAGES['en-GB'][k as keyof (typeof MESSAGES)['en-GB']].startsWith('{count}'));
    expect(counted.filter((k) => !/_(one|other)$/.test(k))).toEqual([]);
    const bases = new Set(counted.map((k) => k.replace(/_(one|other)$/, '')));
    for (const base of bases) expect(keys).toEqual(expect.arrayContaining([`${base}_one`, `${base}_other`]));
  });
});

describe('getTranslator', () => {
  test('interpolates {name} values in the chosen locale', () => {
    expect(getTranslator('de-DE')('counter.step', { step: 8 })).toBe('verkauft je 8');
    expect(getTranslator('nl-NL')('listing.total', { count: 24 })).toBe('24 producten');
  });

  test.each([
    ['de-DE', 1, '1 Ergebnis für „Leiter“'],
    ['de-DE', 2, '2 Ergebnisse für „Leiter“'],
    ['en-GB', 1, '1 result for “Leiter”'],
    ['en-GB', 0, '0 results for “Leiter”'],
    ['fr-FR', 1, '1 résultat pour « Leiter »'],
    ['fr-FR', 0, '0 résultat pour « Leiter »'],
    ['nl-NL', 1, '1 resultaat voor ‘Leiter’'],
    ['nl-NL', 3, '3 resultaten voor ‘Leiter’'],
  ] as const)('%s with count %i reads "%s"', (locale, count, text) => {
    expect(getTranslator(locale)('search.resultsFor', { count, query: 'Leiter' })).toBe(text);
  });

  test('picks the singular for one product and one variant', () => {
    expect(getTranslator('de-DE')('listing.total', { count: 1 })).toBe('1 Produkt');
    expect(getTranslator('en-GB')('product.variants', { count: 1 })).toBe('1 variant');
  });

  test('a message with a count that has no plural forms reads as written', () => {
    expect(getTranslator('de-DE')('product.image', { index: 1, count: 3, name: 'Leiter' })).toBe(
      'Bild 1 von 3: Leiter',
    );
  });

  test('writes numbers with the locale’s digit grouping', () => {
    expect(getTranslator('de-DE')('listing.total', { count: 2424 })).toBe('2.424 Produkte');
    expect(getTranslator('en-GB')('listing.total', { count: 2424 })).toBe('2,424 products');
    expect(getTranslator('fr-FR')('listing.total', { count: 1_000_000 })).toBe(
      `${new Intl.NumberFormat('fr-FR').format(1_000_000)} produits`,
    );
    expect(getTranslator('en-GB')('error.domain.text', { host: '1.2.3' })).toContain('1.2.3');
  });

  test('keeps placeholders in raw messages for islands; a plural key gives its plural form', () => {
    expect(rawMessage('fr-FR', 'search.variants')).toBe('{count} variantes');
    expect(rawMessage('de-DE', 'counter.step')).toBe('verkauft je {step}');
  });
});
