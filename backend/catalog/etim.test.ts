import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { configureEtim, etimCategoryLabels, etimCode, etimFeatureLabels, unitSymbol, withEtimLabels } from './etim.ts';

const SHARED = path.resolve(process.cwd(), '../shared/catalog');

beforeAll(() => {
  if (!existsSync(path.join(SHARED, 'classification')))
    throw new Error(`ETIM tables missing under ${SHARED}/classification`);
  configureEtim(SHARED);
});

test('labels an ETIM class by its German name, also from a plural', () => {
  expect(etimCategoryLabels('Nageldübel')).toEqual({ 'en-GB': 'Hammerfix', 'nl-NL': 'Spijkerplug' });
  expect(etimCategoryLabels('Kabelbinder')?.['en-GB']).toBe('Cable tie');
  expect(etimCategoryLabels('Holzschrauben')?.['en-GB']).toBe('Wood screw');
  expect(etimCategoryLabels('Gibt es nicht')).toBeUndefined();
});

test('labels features and codes', () => {
  expect(etimFeatureLabels('Verpackung')).toEqual({ 'en-GB': 'Packaging', 'nl-NL': 'Verpakking' });
  expect(etimCode('EF000001')).toEqual({ de: 'Nennstrom', 'en-GB': 'Nominal current', 'nl-NL': 'Nom. stroom' });
  expect(withEtimLabels('Unbekannt', 'feature')).toEqual({ 'de-DE': 'Unbekannt' });
});

test('resolves UN/ECE Rec 20 unit codes to symbols', () => {
  expect(unitSymbol('MMT')).toBe('mm');
  expect(unitSymbol('KGM')).toBe('kg');
  expect(unitSymbol('EU570448')).toBe('mm');
});
