import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOCALE_CODES } from '../../../contract/locales.ts';
import { createTestStoreApi, FIXTURE, languageId, type TestStoreApi } from '../../testing/test-fixtures.ts';

let api: TestStoreApi;
const de = { 'sw-language-id': languageId('de-DE') };
const en = { 'sw-language-id': languageId('en-GB') };

beforeAll(async () => {
  api = await createTestStoreApi();
});
afterAll(() => api.close());

interface SeoElement {
  foreignKey: string;
  routeName: string;
  pathInfo: string;
  seoPathInfo: string;
  isCanonical: boolean;
  extensions: { canonical: { seoPathInfo: string } };
}

async function resolve(path: string, headers: Record<string, string> = de): Promise<SeoElement[]> {
  const res = await api.call(
    'POST',
    '/seo-url',
    { filter: [{ type: 'equals', field: 'seoPathInfo', value: path }] },
    headers,
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { elements: SeoElement[] }).elements;
}

describe('POST /seo-url', () => {
  test('resolves a category path of the context language as canonical', async () => {
    const [hit] = await resolve('Werkzeuge/Zangen/');
    expect(hit).toMatchObject({
      foreignKey: FIXTURE.categories.pliers,
      routeName: 'frontend.navigation.page',
      pathInfo: `/navigation/${FIXTURE.categories.pliers}`,
      isCanonical: true,
    });
  });

  test("resolves another language's category path, pointing to this language's canonical path", async () => {
    const [hit] = await resolve('Tools/Pliers/', de);
    expect(hit).toMatchObject({
      foreignKey: FIXTURE.categories.pliers,
      isCanonical: false,
      extensions: { canonical: { seoPathInfo: 'Werkzeuge/Zangen/' } },
    });
  });

  test('resolves a product path by its article number, whatever the name part says', async () => {
    const [canonical] = await resolve('Kombizange-180-mm/P-1000');
    expect(canonical).toMatchObject({
      foreignKey: FIXTURE.products.combinationPliers,
      routeName: 'frontend.detail.page',
      isCanonical: true,
    });
    const [stale] = await resolve('/Old-name/P-1000', en);
    expect(stale).toMatchObject({
      isCanonical: false,
      extensions: { canonical: { seoPathInfo: 'Combination-pliers-180-mm/P-1000' } },
    });
  });

  test('resolves technical paths to their canonical SEO path', async () => {
    const [product] = await resolve(`/detail/${FIXTURE.products.hexBolt}`);
    expect(product).toMatchObject({
      foreignKey: FIXTURE.products.hexBolt,
      isCanonical: false,
      extensions: { canonical: { seoPathInfo: 'Sechskantschraube-M8x20-verzinkt/S-3000' } },
    });
    const [category] = await resolve(`/navigation/${FIXTURE.categories.screws}`);
    expect(category!.extensions.canonical.seoPathInfo).toBe('Befestigungstechnik/Schrauben/');
  });

  test('finds nothing for unknown paths and inactive products', async () => {
    expect(await resolve('Nothing/here/')).toEqual([]);
    expect(await resolve('Alte-Kombizange/X-9000')).toEqual([]);
  });

  test('lists the canonical URLs of entities by foreignKey', async () => {
    const res = await api.call(
      'POST',
      '/seo-url',
      {
        filter: [
          { type: 'equalsAny', field: 'foreignKey', value: [FIXTURE.categories.drills, FIXTURE.products.drill5] },
        ],
      },
      en,
    );
    const body = (await res.json()) as { elements: SeoElement[] };
    expect(body.elements.map((e) => e.seoPathInfo).sort()).toEqual([
      'Tools/Drills/',
      'Wood-twist-drill-5-mm/D-2000-05',
    ]);
  });

  test('answers the canonical path of one entity by foreignKey and routeName, as the language switcher asks', async () => {
    const canonical = async (foreignKey: string, routeName: string) => {
      const res = await api.call(
        'POST',
        '/seo-url',
        {
          limit: 1,
          filter: [
            { type: 'equals', field: 'foreignKey', value: foreignKey },
            { type: 'equals', field: 'routeName', value: routeName },
            { type: 'equals', field: 'isCanonical', value: true },
          ],
        },
        en,
      );
      return ((await res.json()) as { elements: SeoElement[] }).elements.map((e) => e.seoPathInfo);
    };
    expect(await canonical(FIXTURE.products.drill5, 'frontend.detail.page')).toEqual([
      'Wood-twist-drill-5-mm/D-2000-05',
    ]);
    expect(await canonical(FIXTURE.categories.drills, 'frontend.navigation.page')).toEqual(['Tools/Drills/']);
    expect(await canonical(FIXTURE.categories.drills, 'frontend.detail.page')).toEqual([]);
    expect(await canonical(FIXTURE.products.drill5, 'frontend.navigation.page')).toEqual([]);
  });

  test("an entity's seoUrls association lists each domain language's canonical path, the one this route answers", async () => {
    const canonicalIn = async (languageId: string, foreignKey: string, routeName: string) => {
      const res = await api.call(
        'POST',
        '/seo-url',
        {
          filter: [
            { type: 'equals', field: 'foreignKey', value: foreignKey },
            { type: 'equals', field: 'routeName', value: routeName },
          ],
        },
        { 'sw-language-id': languageId },
      );
      return ((await res.json()) as { elements: SeoElement[] }).elements.map((e) => e.seoPathInfo);
    };
    type Listed = { seoUrls: { languageId: string; seoPathInfo: string; isCanonical: boolean }[] };
    const entities: [string, string, string][] = [
      [`/product/${FIXTURE.products.combinationPliers}`, FIXTURE.products.combinationPliers, 'frontend.detail.page'],
      [`/product/${FIXTURE.products.drill5}`, FIXTURE.products.drill5, 'frontend.detail.page'],
      [`/category/${FIXTURE.categories.drills}`, FIXTURE.categories.drills, 'frontend.navigation.page'],
    ];
    for (const [path, foreignKey, routeName] of entities) {
      const res = await api.call('POST', path, { associations: { seoUrls: {} } }, en);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Listed | { product: Listed };
      const { seoUrls } = 'product' in body ? body.product : body;
      // The context language first, then the other languages of the sales channel's domains.
      expect(seoUrls[0]?.languageId).toBe(languageId('en-GB'));
      expect(new Set(seoUrls.map((s) => s.languageId))).toEqual(new Set(LOCALE_CODES.map(languageId)));
      for (const seo of seoUrls) {
        expect(seo.isCanonical).toBe(true);
        expect(await canonicalIn(seo.languageId, foreignKey, routeName)).toEqual([seo.seoPathInfo]);
      }
      // Without the association, only the context language's path (listings and navigation stay small).
      const plain = (await (await api.call('POST', path, {}, en)).json()) as Listed | { product: Listed };
      expect(('product' in plain ? plain.product : plain).seoUrls.map((s) => s.languageId)).toEqual([
        languageId('en-GB'),
      ]);
    }
  });

  test('answers 400 for filters on other fields', async () => {
    const res = await api.call('POST', '/seo-url', {
      filter: [{ type: 'contains', field: 'seoPathInfo', value: 'x' }],
    });
    expect(res.status).toBe(400);
  });
});
