import { describe, expect, test } from 'vitest';
import type { Translate } from '../../i18n/translator.ts';
import type { Chrome } from '../../lib/chrome.ts';
import type { Category, Product } from '../../lib/store-api/types.ts';
import { catalogPageMeta, descriptionText } from './page-meta.ts';

const t: Translate = (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key);
const chrome = { main: [], footer: [] } as unknown as Chrome;
const alternates = new Map([['en', 'http://localhost:4321/en/Tools/']]);
const state = { page: 1, limit: 24, order: 'name-asc', manufacturer: [], properties: [], available: false } as never;

describe('catalogPageMeta', () => {
  test('the home page has no own title, description or robots (the layout uses the site name and defaults)', () => {
    expect(catalogPageMeta({ kind: 'home', chrome }, t)).toMatchObject({ title: '', description: null, robots: null });
  });

  test('a category uses its SEO fields, else its name and the plain text of its description', () => {
    const category = {
      id: 'c',
      name: 'Tools',
      translated: { name: 'Tools', description: '<p>Hand <b>tools</b>\n for   work</p>', keywords: 'pliers' },
    } as unknown as Category;
    const data = {
      kind: 'category',
      chrome,
      category,
      listing: null,
      state,
      breadcrumb: [],
      subcategories: [],
      alternates,
    };
    expect(catalogPageMeta(data as never, t)).toMatchObject({
      title: 'Tools',
      description: 'Hand tools for work',
      keywords: 'pliers',
      robots: null,
      alternates,
    });
    const seo = {
      ...category,
      translated: { ...category.translated, metaTitle: 'Buy tools', metaDescription: 'All tools' },
    };
    expect(catalogPageMeta({ ...data, category: seo } as never, t)).toMatchObject({
      title: 'Buy tools',
      description: 'All tools',
    });
  });

  test('a product shares its cover image and its alternates', () => {
    const product = {
      id: 'p',
      productNumber: 'WB-1',
      translated: { name: 'Pliers 180 mm' },
      cover: { media: { url: 'https://cdn.example/pliers.jpg' } },
    } as unknown as Product;
    const data = {
      kind: 'product',
      chrome,
      product,
      configurator: [],
      siblings: [],
      crossSellings: [],
      breadcrumb: [],
      alternates,
    };
    const meta = catalogPageMeta(data as never, t);
    expect(meta).toMatchObject({ title: 'Pliers 180 mm', robots: null, alternates });
    expect(meta.image).toBe('https://cdn.example/pliers.jpg');
  });

  test('search results and the 404 answer are not indexed, their links are followed', () => {
    const search = catalogPageMeta(
      { kind: 'search', chrome, query: 'zange', state, listing: { total: 3 } } as never,
      t,
    );
    expect(search).toMatchObject({ robots: 'noindex, follow', query: 'zange' });
    expect(search.title).toBe('search.resultsFor {"count":3,"query":"zange"}');
    expect(catalogPageMeta({ kind: 'not-found', chrome }, t)).toMatchObject({
      title: 'error.404.title',
      robots: 'noindex, follow',
    });
  });
});

describe('descriptionText', () => {
  test('keeps at most 160 characters of text', () => {
    expect(descriptionText(`<p>${'a'.repeat(200)}</p>`)).toHaveLength(160);
  });
});
