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

  test('uses the spec texts for required fields', () => {
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

describe('getTranslator', () => {
  test('interpolates {name} values in the chosen locale', () => {
    expect(getTranslator('de-DE')('counter.step', { step: 8 })).toBe('verkauft je 8');
    expect(getTranslator('nl-NL')('listing.total', { count: 24 })).toBe('24 producten');
  });

  test('keeps placeholders in raw messages for islands', () => {
    expect(rawMessage('fr-FR', 'search.variants')).toBe('{count} variantes');
  });
});
