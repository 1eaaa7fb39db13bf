import { describe, expect, test } from 'vitest';
import { categoryHref, toNavItems } from './navigation.ts';
import { entity } from './store-api/testing/fixture.ts';
import type { Category } from './store-api/types.ts';

const en = { pathPrefix: '/en', languageId: 'lang-en' };

describe('categoryHref', () => {
  test('a page links to its canonical SEO path under the domain prefix', () => {
    const c = entity<Category>({
      id: 'c1',
      type: 'page',
      seoUrls: [
        {
          foreignKey: 'c1',
          routeName: 'frontend.navigation.page',
          seoPathInfo: 'Old/',
          isCanonical: false,
          languageId: 'lang-en',
        },
        {
          foreignKey: 'c1',
          routeName: 'frontend.navigation.page',
          seoPathInfo: 'Tools/Pliers/',
          isCanonical: true,
          languageId: 'lang-en',
        },
      ],
    });
    expect(categoryHref(c, en)).toBe('/en/Tools/Pliers/');
  });

  test('a page without SEO URL links to its technical path', () => {
    expect(categoryHref(entity<Category>({ id: 'abc', type: 'page' }), en)).toBe('/en/navigation/abc');
  });

  test('folders have no link; external links keep their URL; internal links use /navigation/{internalLink}', () => {
    expect(categoryHref(entity<Category>({ id: 'f', type: 'folder' }), en)).toBeNull();
    expect(
      categoryHref(
        entity<Category>({ id: 'l', type: 'link', linkType: 'external', externalLink: 'https://example.com/x' }),
        en,
      ),
    ).toBe('https://example.com/x');
    expect(
      categoryHref(entity<Category>({ id: 'l', type: 'link', linkType: 'category', internalLink: 'c9' }), en),
    ).toBe('/en/navigation/c9');
    expect(
      categoryHref(entity<Category>({ id: 'l', type: 'link', linkType: 'product', internalLink: 'p9' }), {
        pathPrefix: '',
        languageId: 'x',
      }),
    ).toBe('/detail/p9');
  });
});

describe('toNavItems', () => {
  test('maps names, children and new-tab flags and drops hidden categories', () => {
    const tree = entity<Category[]>([
      {
        id: 'a',
        type: 'folder',
        translated: { name: 'Service' },
        children: [
          {
            id: 'b',
            type: 'link',
            linkType: 'external',
            externalLink: 'https://x.test',
            linkNewTab: true,
            translated: { name: 'Blog' },
          },
          { id: 'c', type: 'page', visible: false, translated: { name: 'Hidden' } },
        ],
      },
    ]);
    expect(toNavItems(tree, en)).toEqual([
      {
        id: 'a',
        name: 'Service',
        href: null,
        children: [{ id: 'b', name: 'Blog', href: 'https://x.test', newTab: true, children: [] }],
      },
    ]);
  });
});
