import { describe, expect, test } from 'vitest';
import { toStorefrontDomain } from './domain.ts';
import { isDomainSitemapFile, robotsTxt, sitemapIndex } from './sitemap.ts';

const domain = (url: string, id: string) =>
  toStorefrontDomain({ id, url, languageId: 'l'.repeat(32), currencyId: 'c'.repeat(32), localeCode: 'en-GB' });
const root = domain('https://shop.example.be', 'a'.repeat(32));
const en = domain('https://shop.example.be/en', 'b'.repeat(32));

describe('sitemaps of a domain', () => {
  test('the index names the domain’s files below its own URL', () => {
    const xml = sitemapIndex(en, [`${en.id}-sitemap-1.xml.gz`, `${en.id}-sitemap-2.xml.gz`]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      `https://shop.example.be/en/sitemap/${en.id}-sitemap-1.xml.gz`,
      `https://shop.example.be/en/sitemap/${en.id}-sitemap-2.xml.gz`,
    ]);
  });

  test('a file name of another domain, or no file name at all, is not the domain’s', () => {
    expect(isDomainSitemapFile(en, `${en.id}-sitemap-3.xml.gz`)).toBe(true);
    expect(isDomainSitemapFile(en, `${root.id}-sitemap-1.xml.gz`)).toBe(false);
    expect(isDomainSitemapFile(en, `${en.id}-sitemap-0.xml.gz`)).toBe(false);
    expect(isDomainSitemapFile(en, `../${en.id}-sitemap-1.xml.gz`)).toBe(false);
  });

  test('robots.txt keeps crawlers out of the session pages of every site on the host and names each sitemap', () => {
    const lines = robotsTxt([root, en]).split('\n');
    expect(lines).toContain('Disallow: /account');
    expect(lines).toContain('Disallow: /en/checkout');
    expect(lines).toContain('Disallow: /store-api/');
    expect(lines.filter((l) => l.startsWith('Disallow: /en/sitemap'))).toEqual([]);
    expect(lines.filter((l) => l.startsWith('Sitemap:'))).toEqual([
      'Sitemap: https://shop.example.be/sitemap.xml',
      'Sitemap: https://shop.example.be/en/sitemap.xml',
    ]);
  });
});
