import { describe, expect, test } from 'vitest';
import { optionLabels, productHref, sizedImageUrl, toQuickSearchRow, type SearchProduct } from './quick-search-api.ts';

const option = (group: string, name: string) => ({
  name,
  translated: { name },
  group: { name: group, translated: { name: group } },
});

describe('productHref', () => {
  test.each([
    [
      'canonical SEO URL under the prefix',
      [{ seoPathInfo: 'old/path' }, { seoPathInfo: 'hex-bolt/WB-1', isCanonical: true }],
      '/en',
      '/en/hex-bolt/WB-1',
    ],
    ['first SEO URL when none is canonical', [{ seoPathInfo: 'hex-bolt/WB-1' }], '', '/hex-bolt/WB-1'],
    [
      'a leading slash in the SEO path or a trailing slash in the prefix',
      [{ seoPathInfo: '/hex-bolt' }],
      '/fr/',
      '/fr/hex-bolt',
    ],
    ['technical path without SEO URLs', null, '/nl', '/nl/detail/abc'],
    ['technical path for an empty SEO path', [{ seoPathInfo: '' }], '', '/detail/abc'],
  ])('uses the %s', (_case, seoUrls, prefix, expected) => {
    expect(productHref({ id: 'abc', seoUrls }, prefix)).toBe(expected);
  });
});

describe('sizedImageUrl', () => {
  test.each([
    ['https://cdn.example.com/p/1.jpg', 'https://cdn.example.com/p/1.jpg?width=400&height=545'],
    ['https://cdn.example.com/p/1.jpg?v=3', 'https://cdn.example.com/p/1.jpg?v=3&width=400&height=545'],
    ['/media/1.jpg', '/media/1.jpg'],
  ])('%s → %s', (url, expected) => {
    expect(sizedImageUrl(url)).toBe(expected);
  });
});

describe('optionLabels', () => {
  test('lists the Bezeichnung option first and at most 4 options as "group: option"', () => {
    const labels = optionLabels([
      option('Länge', '40 mm'),
      option('Material', 'Stahl'),
      option('Oberfläche', 'verzinkt'),
      option('Festigkeit', '8.8'),
      option('Bezeichnung', 'DIN 933'),
    ]);
    expect(labels).toEqual(['Bezeichnung: DIN 933', 'Länge: 40 mm', 'Material: Stahl', 'Oberfläche: verzinkt']);
  });

  test('shows an option without group by its name only', () => {
    expect(optionLabels([{ name: 'rot', translated: null, group: null }])).toEqual(['rot']);
  });
});

describe('toQuickSearchRow', () => {
  const base: SearchProduct = {
    id: 'p1',
    parentId: null,
    productNumber: 'WB-1',
    name: 'Sechskantschraube',
    translated: { name: 'Hex bolt' },
    childCount: 0,
    cover: null,
    media: [{ media: { url: 'https://cdn.example.com/second.jpg', alt: null } }],
    seoUrls: null,
    options: null,
  };

  test('uses the translated name and falls back to the first media when there is no cover', () => {
    const row = toQuickSearchRow(base, new Map(), '');
    expect(row.name).toBe('Hex bolt');
    expect(row.image?.url).toBe('https://cdn.example.com/second.jpg?width=400&height=545');
    expect(row.variantsHref).toBeNull();
  });

  test('a variant takes the childCount of its parent', () => {
    const row = toQuickSearchRow({ ...base, parentId: 'parent' }, new Map([['parent', 7]]), '/en');
    expect(row.variantCount).toBe(7);
    expect(row.variantsHref).toBe('/en/detail/p1?showVariantsTable=true');
  });

  test('a parent product uses its own childCount; one variant gets no variants link', () => {
    expect(toQuickSearchRow({ ...base, childCount: 4 }, new Map(), '').variantsHref).toBe(
      '/detail/p1?showVariantsTable=true',
    );
    expect(toQuickSearchRow({ ...base, childCount: 1 }, new Map(), '').variantsHref).toBeNull();
  });

  test('has no image when the product has no media or only media without a file', () => {
    expect(toQuickSearchRow({ ...base, media: [] }, new Map(), '').image).toBeNull();
    const empty = { url: '', alt: null };
    expect(
      toQuickSearchRow({ ...base, cover: { media: empty }, media: [{ media: empty }] }, new Map(), '').image,
    ).toBeNull();
  });
});
