/**
 * A line's unit reads the same on the PDF as in the shop: the documents' unit names are the storefront's
 * (`units.{code}_one` / `units.{code}_other` in src/i18n/messages, read here as files, since backend/ does not import
 * the storefront), and the plural follows the locale's rules.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../../../contract/locales.ts';
import { UNIT_NAMES, unitName } from './units.ts';

describe('unit names on documents', () => {
  it.each(LOCALE_CODES)('are the storefront catalogue’s names in %s', (locale) => {
    const messages = JSON.parse(
      readFileSync(new URL(`../../../src/i18n/messages/${locale}.json`, import.meta.url), 'utf8'),
    ) as Record<string, string>;
    const storefront = Object.fromEntries(
      Object.entries(messages).filter(([key]) => key.startsWith('units.') && /_(one|other)$/.test(key)),
    );
    const documents = Object.fromEntries(
      Object.entries(UNIT_NAMES).flatMap(([code, names]) => [
        [`units.${code}_one`, names[locale][0]],
        [`units.${code}_other`, names[locale][1]],
      ]),
    );
    expect(documents).toEqual(storefront);
  });

  it('picks singular or plural by the locale’s plural rules and prints unknown codes as they are', () => {
    expect(unitName('en-GB', 1, 'C62')).toBe('piece');
    expect(unitName('en-GB', 2, 'c62')).toBe('pieces');
    expect(unitName('fr-FR', 1.5, 'MTR')).toBe('mètre');
    expect(unitName('fr-FR', 2, 'MTR')).toBe('mètres');
    expect(unitName('de-DE', 3, 'SET')).toBe('Sätze');
    expect(unitName('nl-NL', 4, 'XYZ')).toBe('XYZ');
    expect(unitName('nl-NL', 4, null)).toBe('');
  });
});
