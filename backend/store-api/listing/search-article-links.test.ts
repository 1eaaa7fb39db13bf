/**
 * Search and quick search by the company's own article numbers (article links, docs/decisions/017): only a logged-in
 * buyer holding ROLE_MANAGE_ARTICLE_LINKS finds an article by a customer number of their own company, ranked first
 * like an exact supplier article number, in an answer no cache keeps; everyone else gets the catalogue's answer.
 */
import type { Schemas } from '@shopware/api-client/api-types';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RIGHT_CODES, type RightCode } from '../../auth/rights.ts';
import { articleLinkTable } from '../../db/schema/index.ts';
import { randomId, stableId } from '../../lib/ids.ts';
import {
  createLoggedInContext,
  createTestStoreApi,
  FIXTURE,
  languageId,
  type TestStoreApi,
} from '../../testing/test-fixtures.ts';

let api: TestStoreApi;
const en = { 'sw-language-id': languageId('en-GB') };
const companyA = stableId('test-company', 'article-links-a');
const companyB = stableId('test-company', 'article-links-b');
let buyerA: Record<string, string>;
let buyerAWithoutRight: Record<string, string>;
let buyerB: Record<string, string>;

type Listing = Schemas['ProductListingResult'] & { elements: Schemas['Product'][] };

beforeAll(async () => {
  api = await createTestStoreApi();
  const token = (companyId: string, rights?: readonly RightCode[]) =>
    createLoggedInContext(api.db, undefined, { companyId, ...(rights ? { rights } : {}) });
  buyerA = { ...en, 'sw-context-token': await token(companyA) };
  buyerAWithoutRight = {
    ...en,
    'sw-context-token': await token(
      companyA,
      RIGHT_CODES.filter((r) => r !== 'ROLE_MANAGE_ARTICLE_LINKS'),
    ),
  };
  buyerB = { ...en, 'sw-context-token': await token(companyB) };
  await api.db.insert(articleLinkTable).values([
    { id: randomId(), companyId: companyA, productId: FIXTURE.products.sideCutter, customerSku: 'WERK-4711' },
    { id: randomId(), companyId: companyA, productId: FIXTURE.products.drillSet, customerSku: 'P-10' },
    { id: randomId(), companyId: companyB, productId: FIXTURE.products.hexBolt, customerSku: 'B-SCHRAUBE' },
  ]);
});
afterAll(() => api.close());

async function search(
  term: string,
  headers: Record<string, string>,
  path: '/search' | '/search-suggest' = '/search',
): Promise<{ listing: Listing; cacheControl: string | null }> {
  const res = await api.call('POST', path, { search: term }, headers);
  expect(res.status).toBe(200);
  return { listing: (await res.json()) as Listing, cacheControl: res.headers.get('cache-control') };
}
const numbers = (l: Listing) => l.elements.map((p) => p.productNumber);

describe('customer article numbers in /search and /search-suggest', () => {
  test("the company's own number finds its article for a buyer holding the right, case ignored and trimmed", async () => {
    for (const path of ['/search', '/search-suggest'] as const) {
      const { listing, cacheControl } = await search('  werk-4711 ', buyerA, path);
      expect(numbers(listing)[0]).toBe('P-1001');
      expect(listing.elements[0]!.id).toBe(FIXTURE.products.sideCutter);
      expect(cacheControl).toBe('private, no-store');
    }
  });

  test('ranks the linked article first, like an exact supplier article number, before numbers starting alike', async () => {
    expect(numbers((await search('P-10', buyerA)).listing)).toEqual(['D-2000', 'P-1000', 'P-1001', 'P-1002']);
    expect(numbers((await search('P-10', buyerB)).listing)).toEqual(['P-1000', 'P-1001', 'P-1002']);
  });

  test("another company's buyer with the same right does not find it by that number", async () => {
    const { listing, cacheControl } = await search('WERK-4711', buyerB);
    expect(numbers(listing)).not.toContain('P-1001');
    expect(cacheControl).toBe('private, no-store');
    expect(numbers((await search('b-schraube', buyerB, '/search-suggest')).listing)).toEqual(['S-3000']);
    expect(numbers((await search('b-schraube', buyerA, '/search-suggest')).listing)).toEqual([]);
  });

  test('an anonymous caller gets the catalogue answer, which stays cacheable', async () => {
    for (const path of ['/search', '/search-suggest'] as const) {
      const { listing, cacheControl } = await search('WERK-4711', en, path);
      expect(numbers(listing)).toEqual([]);
      expect(cacheControl ?? '').not.toMatch(/private|no-store/);
    }
    const anonymous = await search('P-10', en);
    expect(numbers(anonymous.listing)).toEqual(['P-1000', 'P-1001', 'P-1002']);
    expect(anonymous.cacheControl ?? '').not.toMatch(/private|no-store/);
  });

  test("a buyer of the company without ROLE_MANAGE_ARTICLE_LINKS does not find it, and the answer is the catalogue's", async () => {
    const { listing, cacheControl } = await search('werk-4711', buyerAWithoutRight);
    expect(numbers(listing)).not.toContain('P-1001');
    expect(cacheControl ?? '').not.toMatch(/private|no-store/);
    expect(numbers((await search('P-10', buyerAWithoutRight, '/search-suggest')).listing)).toEqual([
      'P-1000',
      'P-1001',
      'P-1002',
    ]);
  });
});
