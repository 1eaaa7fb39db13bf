import { describe, expect, test } from 'vitest';
import { LISTING_LIMIT, listingCriteria, listingQuery, paginationItems, parseListingState } from './listing-params.ts';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);

describe('parseListingState', () => {
  test('reads pipe-separated and repeated ids, order, page and availability', () => {
    const s = parseListingState(
      new URLSearchParams(`manufacturer=${A}|${B}&properties=${A}&properties=${B}&order=name-desc&p=3&in-stock=1`),
    );
    expect(s).toEqual({ page: 3, order: 'name-desc', manufacturer: [A, B], properties: [A, B], available: true });
  });

  test('drops invalid input', () => {
    const s = parseListingState(new URLSearchParams('manufacturer=<script>&p=-4&order=DROP%20TABLE'));
    expect(s).toEqual({ page: 1, order: null, manufacturer: [], properties: [], available: false });
  });
});

describe('listingCriteria', () => {
  test('sends Shopware listing parameters with the listing limit of 24', () => {
    expect(listingCriteria(parseListingState(new URLSearchParams(`p=2&manufacturer=${A}`)))).toEqual({
      p: 2,
      limit: LISTING_LIMIT,
      manufacturer: A,
    });
    expect(listingCriteria(parseListingState(new URLSearchParams('in-stock=1')))).toEqual({
      p: 1,
      limit: LISTING_LIMIT,
      'in-stock': true,
    });
    expect(LISTING_LIMIT).toBe(24);
  });
});

describe('listingQuery', () => {
  const state = parseListingState(new URLSearchParams(`p=4&order=name-asc&manufacturer=${A}`));
  test('changing the page keeps the filters', () => {
    expect(listingQuery(state, { page: 5 })).toBe(`?order=name-asc&manufacturer=${A}&p=5`);
  });
  test('changing a filter goes back to page 1', () => {
    expect(listingQuery(state, { manufacturer: [] })).toBe('?order=name-asc');
  });
  test('keeps extra parameters such as the search query first', () => {
    expect(listingQuery(parseListingState(new URLSearchParams('')), { page: 2 }, { query: 'zange' })).toBe(
      '?query=zange&p=2',
    );
  });
});

describe('paginationItems', () => {
  test.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [6, 20, [1, null, 4, 5, 6, 7, 8, null, 20]],
    [20, 20, [1, null, 18, 19, 20]],
  ])('page %i of %i', (current, pages, expected) => {
    expect(paginationItems(current, pages)).toEqual(expected);
  });
});
