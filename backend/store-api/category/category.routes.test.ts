import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clearCatalogCaches } from '../../commerce/catalog/catalog-cache.ts';
import {
  createTestStoreApi,
  FIXTURE,
  languageId,
  ROOT_CATEGORY_IDS,
  type TestStoreApi,
} from '../../testing/test-fixtures.ts';

let api: TestStoreApi;
const de = { 'sw-language-id': languageId('de-DE') };
const en = { 'sw-language-id': languageId('en-GB') };

beforeAll(async () => {
  api = await createTestStoreApi();
});
afterAll(() => api.close());

type Node = { id: string; name: string; children: Node[]; translated: { name: string; breadcrumb: string[] } };

describe('POST /navigation/{activeId}/{rootId}', () => {
  test('returns the main navigation as a tree in the requested language, hiding listing pages without products', async () => {
    const res = await api.call('POST', '/navigation/main-navigation/main-navigation', { depth: 2 }, de);
    expect(res.status).toBe(200);
    const tree = (await res.json()) as Node[];
    expect(tree.map((n) => n.name)).toEqual(['Werkzeuge', 'Befestigungstechnik']);
    expect(tree[0]!.children.map((n) => n.name)).toEqual(['Zangen', 'Bohrer']);
    expect(tree[0]!.translated.breadcrumb).toEqual(['Katalog', 'Werkzeuge']);
  });

  test('stops at the requested depth but opens the path to the active category', async () => {
    const shallow = (await (
      await api.call('POST', '/navigation/main-navigation/main-navigation', { depth: 1 }, en)
    ).json()) as Node[];
    expect(shallow[0]!.children).toEqual([]);
    const active = (await (
      await api.call('POST', `/navigation/${FIXTURE.categories.pliers}/main-navigation`, { depth: 1 }, en)
    ).json()) as Node[];
    expect(active[0]!.children.map((n) => n.name)).toEqual(['Pliers', 'Drills']);
  });

  test('returns a flat list when buildTree is false', async () => {
    const flat = (await (
      await api.call('POST', '/navigation/main-navigation/main-navigation', { depth: 2, buildTree: false }, en)
    ).json()) as Node[];
    expect(flat.map((n) => n.name).sort()).toEqual(['Drills', 'Fixings', 'Pliers', 'Screws', 'Tools']);
    expect(flat.every((n) => n.children.length === 0)).toBe(true);
  });

  test('answers the countries navigation (empty here) and 404 for an unknown root', async () => {
    const countries = await api.call('POST', '/navigation/countries-navigation/countries-navigation', {});
    expect(countries.status).toBe(200);
    expect(await countries.json()).toEqual([]);
    const unknown = await api.call(
      'POST',
      '/navigation/0123456789abcdef0123456789abcdef/0123456789abcdef0123456789abcdef',
      {},
    );
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe(
      'CONTENT__CATEGORY_NOT_FOUND',
    );
  });

  test('answers the fields named by includes, and the whole categories again without them', async () => {
    const tree = async (body: Record<string, unknown>) =>
      (await (await api.call('POST', '/navigation/main-navigation/main-navigation', body, en)).json()) as Record<
        string,
        unknown
      >[];
    const includes = { category: ['id', 'name', 'children'] };
    const slim = await tree({ depth: 2, includes });
    expect(Object.keys(slim[0]!).sort()).toEqual(['apiAlias', 'children', 'id', 'name']);
    expect((slim[0]!.children as Record<string, unknown>[]).map((n) => n.name)).toEqual(['Pliers', 'Drills']);
    const full = await tree({ depth: 2 });
    expect(full[0]).toMatchObject({ name: 'Tools', type: 'page', translated: { name: 'Tools' } });
  });

  test('answers a renamed category once an import has cleared the catalogue caches', async () => {
    const names = async () =>
      (
        (await (
          await api.call('POST', '/navigation/main-navigation/main-navigation', { depth: 1 }, en)
        ).json()) as Node[]
      ).map((n) => n.name);
    expect(await names()).toEqual(['Tools', 'Fixings']);
    await api.db.execute(
      sql`UPDATE category SET translated = jsonb_set(translated, '{en-GB,name}', '"Hand tools"')
           WHERE id = ${FIXTURE.categories.tools}`,
    );
    try {
      clearCatalogCaches();
      expect(await names()).toEqual(['Hand tools', 'Fixings']);
    } finally {
      await api.db.execute(
        sql`UPDATE category SET translated = jsonb_set(translated, '{en-GB,name}', '"Tools"')
             WHERE id = ${FIXTURE.categories.tools}`,
      );
      clearCatalogCaches();
    }
  });

  test('rejects an invalid depth with a violation', async () => {
    const res = await api.call('POST', '/navigation/main-navigation/main-navigation', { depth: 'deep' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { source: { pointer: string } }[] }).errors[0]!.source.pointer).toBe(
      '/depth',
    );
  });
});

describe('POST /category/{id}', () => {
  test("resolves 'home' to the main navigation root with its listed children", async () => {
    const res = await api.call('POST', '/category/home', {}, en);
    const body = (await res.json()) as Node;
    expect(body.id).toBe(ROOT_CATEGORY_IDS.main);
    expect(body.children.map((n) => n.name)).toEqual(['Tools', 'Fixings']);
  });

  test('returns a category with its SEO URL in the context language', async () => {
    const body = (await (
      await api.call('GET', `/category/${FIXTURE.categories.pliers}`, undefined, de)
    ).json()) as Node & {
      seoUrls: { seoPathInfo: string }[];
    };
    expect(body.name).toBe('Zangen');
    expect(body.seoUrls[0]!.seoPathInfo).toBe('Werkzeuge/Zangen/');
  });

  test('answers 404 for an unknown category', async () => {
    expect((await api.call('POST', '/category/0123456789abcdef0123456789abcdef', {})).status).toBe(404);
  });
});

describe('POST /category', () => {
  test('looks categories up by ids and by parent', async () => {
    const byIds = (await (
      await api.call('POST', '/category', { ids: [FIXTURE.categories.screws, FIXTURE.categories.drills] }, en)
    ).json()) as { total: number; elements: Node[] };
    expect(byIds.elements.map((c) => c.name).sort()).toEqual(['Drills', 'Screws']);
    const children = (await (
      await api.call(
        'POST',
        '/category',
        { filter: [{ type: 'equals', field: 'parentId', value: FIXTURE.categories.tools }] },
        en,
      )
    ).json()) as { elements: Node[] };
    expect(children.elements.map((c) => c.name)).toEqual(['Pliers', 'Drills']);
  });
});

describe('GET /breadcrumb/{id}', () => {
  test('lists the categories below the root for a category', async () => {
    const body = (await (
      await api.call('GET', `/breadcrumb/${FIXTURE.categories.pliers}?type=category`, undefined, en)
    ).json()) as {
      name: string;
      path: string;
    }[];
    expect(body.map((b) => [b.name, b.path])).toEqual([
      ['Tools', 'Tools/'],
      ['Pliers', 'Tools/Pliers/'],
    ]);
  });

  test("uses a variant's parent category for a product", async () => {
    const body = (await (await api.call('GET', `/breadcrumb/${FIXTURE.products.drill8}`, undefined, en)).json()) as {
      name: string;
    }[];
    expect(body.map((b) => b.name)).toEqual(['Tools', 'Drills']);
  });
});
