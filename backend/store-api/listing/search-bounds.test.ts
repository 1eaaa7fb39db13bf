import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SEARCH_TERM_MAX_LENGTH, SEARCH_TERM_MAX_WORDS } from '../../../contract/search.ts';
import { createTestStoreApi, FIXTURE, languageId, type TestStoreApi } from '../../testing/test-fixtures.ts';

let api: TestStoreApi;
const de = { 'sw-language-id': languageId('de-DE') };

beforeAll(async () => {
  api = await createTestStoreApi();
});
afterAll(() => api.close());

interface ErrorEnvelope {
  errors: {
    status: string;
    code: string;
    detail: string;
    source?: { pointer: string };
    meta?: { parameters?: object };
  }[];
}

async function search(path: string, body: Record<string, unknown>): Promise<{ status: number; json: unknown }> {
  const res = await api.call('POST', path, body, de);
  return { status: res.status, json: await res.json() };
}

const productNumbers = (json: unknown) =>
  (json as { elements: { productNumber: string }[] }).elements.map((p) => p.productNumber);

/** `n` different words of two letters each ("aa ab ac …"). */
function distinctWords(n: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from({ length: n }, (_, i) => `${letters[Math.floor(i / 26) % 26]}${letters[i % 26]}`).join(' ');
}

describe('search term bounds', () => {
  test('a 30,000-word search answers 400 while a search sent at the same time gets its results', async () => {
    const huge = Array.from({ length: 30_000 }, () => 'ab').join(' ');
    const [big, normal] = await Promise.all([
      search('/search', { search: huge }),
      search('/search', { search: 'Kombizange' }),
    ]);
    expect(big.status).toBe(400);
    expect((big.json as ErrorEnvelope).errors[0]).toMatchObject({
      status: '400',
      code: 'VIOLATION::TOO_LONG_ERROR',
      source: { pointer: '/search' },
      meta: { parameters: { '{{ limit }}': SEARCH_TERM_MAX_LENGTH } },
    });
    expect(normal.status).toBe(200);
    expect(productNumbers(normal.json)).toContain('P-1000');
  });

  test('more distinct words than the bound answer 400 on search and search-suggest, naming the bound', async () => {
    const tooMany = distinctWords(SEARCH_TERM_MAX_WORDS + 1);
    expect(tooMany.length).toBeLessThanOrEqual(SEARCH_TERM_MAX_LENGTH);
    for (const path of ['/search', '/search-suggest']) {
      const { status, json } = await search(path, { search: tooMany });
      expect(status).toBe(400);
      expect((json as ErrorEnvelope).errors[0]).toMatchObject({
        code: 'VIOLATION::TOO_LONG_ERROR',
        source: { pointer: '/search' },
        meta: { parameters: { '{{ max }}': SEARCH_TERM_MAX_WORDS } },
      });
    }
  });

  test('the criteria term is bounded as the search is', async () => {
    const { status, json } = await search('/product', { term: 'x'.repeat(SEARCH_TERM_MAX_LENGTH + 1) });
    expect(status).toBe(400);
    expect((json as ErrorEnvelope).errors[0]).toMatchObject({ source: { pointer: '/term' } });
  });

  test('repeated words do not count: a term repeating one word finds what the word finds', async () => {
    const once = await search('/search', { search: 'Kombizange' });
    const repeated = await search('/search', { search: Array.from({ length: 25 }, () => 'Kombizange').join(' ') });
    expect(repeated.status).toBe(200);
    expect(productNumbers(repeated.json)).toEqual(productNumbers(once.json));
  });

  test('a term at both bounds is searched', async () => {
    const words = distinctWords(SEARCH_TERM_MAX_WORDS - 1);
    const term = `${words} ${'z'.repeat(SEARCH_TERM_MAX_LENGTH - words.length - 1)}`;
    expect(term.length).toBe(SEARCH_TERM_MAX_LENGTH);
    const { status } = await search('/search', { search: term });
    expect(status).toBe(200);
  });
});

describe('filter bounds', () => {
  const contains = (value: string) => ({ type: 'contains', field: 'productNumber', value });

  test('a filter value over 255 characters answers 400 at its pointer', async () => {
    const { status, json } = await search('/product', {
      filter: [{ type: 'multi', operator: 'or', queries: [contains('P-1'), contains('x'.repeat(256))] }],
    });
    expect(status).toBe(400);
    expect((json as ErrorEnvelope).errors[0]).toMatchObject({
      code: 'VIOLATION::TOO_LONG_ERROR',
      source: { pointer: '/filter/0/queries/1/value' },
      meta: { parameters: { '{{ limit }}': 255 } },
    });
  });

  test('100 contains filters of 9,000 characters answer 400 while a listing sent at the same time is served', async () => {
    const [big, normal] = await Promise.all([
      search('/product', { filter: Array.from({ length: 100 }, () => contains('x'.repeat(9000))) }),
      search(`/product-listing/${FIXTURE.categories.pliers}`, {}),
    ]);
    expect(big.status).toBe(400);
    expect(normal.status).toBe(200);
    expect(productNumbers(normal.json)).toContain('P-1000');
  });

  test('at most 10 contains, prefix and suffix filters in all', async () => {
    const ten = Array.from({ length: 10 }, () => contains('P-1'));
    expect((await search('/product', { filter: ten })).status).toBe(200);
    const { status, json } = await search('/product', {
      filter: ten,
      'post-filter': [{ type: 'prefix', field: 'productNumber', value: 'P' }],
    });
    expect(status).toBe(400);
    expect((json as ErrorEnvelope).errors[0]).toMatchObject({ code: 'VIOLATION::CRITERIA_TOO_MANY_FILTERS' });
  });

  test('at most 500 equalsAny values over all filters, and each at most 255 characters', async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);
    const twoLists = [
      { type: 'equalsAny', field: 'id', value: ids(300) },
      { type: 'equalsAny', field: 'id', value: ids(201) },
    ];
    const tooMany = await search('/product', { filter: twoLists });
    expect(tooMany.status).toBe(400);
    expect((tooMany.json as ErrorEnvelope).errors[0]).toMatchObject({ code: 'VIOLATION::CRITERIA_TOO_MANY_VALUES' });
    const tooLong = await search('/product', {
      filter: [{ type: 'equalsAny', field: 'id', value: `a|${'x'.repeat(256)}` }],
    });
    expect(tooLong.status).toBe(400);
    expect((tooLong.json as ErrorEnvelope).errors[0]).toMatchObject({ source: { pointer: '/filter/0/value' } });
  });
});
