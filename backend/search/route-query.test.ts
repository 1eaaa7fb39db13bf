import { describe, expect, test } from 'vitest';
import { matchBrands, planSearch, toPrefixTsQuery } from './route-query.ts';

describe('planSearch', () => {
  test.each([
    ['4003773012345', 'ean'],
    ['4003 7730 1234 5', 'ean'],
    ['40037730', 'ean'],
    ['P-1000', 'number'],
    ['2608596', 'number'],
    ['M8x20', 'number'],
    ['Kombizange', 'text'],
    ['kombizange 180', 'text'],
    ['   ', 'empty'],
  ])('routes %j as %s', (query, shape) => {
    expect(planSearch(query).shape).toBe(shape);
  });

  test('looks an EAN up exactly and as a number, never by full text', () => {
    const plan = planSearch('4003-7730-12345');
    expect(plan.eans).toEqual(['4003773012345']);
    expect(plan.numbers).toContain('4003773012345');
    expect(plan.fullText).toBe(false);
  });

  test('tries an article number exactly (case-insensitive), as a prefix and as words', () => {
    const plan = planSearch('Ks-91');
    expect(plan).toMatchObject({ numbers: ['ks-91'], prefix: 'ks-91', fullText: true });
  });

  test('does not prefix-search a one-character number', () => {
    expect(planSearch('8').prefix).toBeNull();
  });

  test('also tries a spaced manufacturer number without its spaces', () => {
    expect(planSearch('03 02 180').numbers).toEqual(['03 02 180', '0302180']);
  });

  test('does not treat plain words as numbers', () => {
    expect(planSearch('Kombizange Knipex')).toMatchObject({ numbers: [], prefix: null, fullText: true });
  });
});

describe('toPrefixTsQuery', () => {
  test('joins words and lets the last one match as a prefix', () => {
    expect(toPrefixTsQuery('Kombi zan')).toBe('kombi & zan:*');
  });

  test('drops tsquery operators a user might type', () => {
    expect(toPrefixTsQuery("bohrer & !(x) | 'y")).toBe('bohrer & x & y:*');
    expect(toPrefixTsQuery('&|!')).toBe('');
  });
});

describe('matchBrands', () => {
  const brands = [
    { id: 'a', name: 'Knipex' },
    { id: 'b', name: 'Würth' },
    { id: 'c', name: 'Bosch' },
  ];

  test('finds a brand by its full name regardless of case and accents', () => {
    expect(matchBrands('wurth', brands).map((b) => b.id)).toEqual(['b']);
    expect(matchBrands('KNIPEX', brands).map((b) => b.id)).toEqual(['a']);
  });

  test('finds a brand by the start of its name from three characters on', () => {
    expect(matchBrands('kni', brands).map((b) => b.id)).toEqual(['a']);
    expect(matchBrands('kn', brands)).toEqual([]);
  });

  test('ignores queries that merely contain other words', () => {
    expect(matchBrands('zange', brands)).toEqual([]);
  });
});
