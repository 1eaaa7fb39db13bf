import { describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import type { CatalogChange, CatalogProduct } from '../model.ts';
import { checkGtin } from '../../lib/gtin.ts';
import { generateCatalog } from './generate-catalog.ts';
import { generatedImageSvg } from './product-images.ts';

async function collect(articles: number, seed?: number): Promise<CatalogChange[]> {
  const out: CatalogChange[] = [];
  for await (const change of generateCatalog({ articles, seed })) out.push(change);
  return out;
}
const productsOf = (changes: CatalogChange[]): CatalogProduct[] =>
  changes.flatMap((c) => (c.kind === 'product' ? [c.product] : []));
const digest = (changes: CatalogChange[]) => createHash('sha256').update(JSON.stringify(changes)).digest('hex');

describe('generateCatalog', () => {
  test('the same seed gives the same catalogue; another seed a different one', async () => {
    expect(digest(await collect(400))).toBe(digest(await collect(400)));
    expect(digest(await collect(400, 2))).not.toBe(digest(await collect(400)));
  });

  test('produces exactly the requested number of articles with unique numbers and valid EAN-13s', async () => {
    const products = productsOf(await collect(1234));
    expect(products).toHaveLength(1234);
    expect(new Set(products.map((p) => p.productNumber)).size).toBe(1234);
    const eans = products.flatMap((p) => (p.ean ? [p.ean] : []));
    expect(eans.every((ean) => checkGtin(ean).valid)).toBe(true);
    expect(new Set(eans).size).toBe(eans.length);
  });

  test('builds a category tree of 8 top-level categories, 2–3 levels deep, named in four languages', async () => {
    const categories = (await collect(0)).flatMap((c) => (c.kind === 'category' ? [c.category] : []));
    expect(categories.filter((c) => !c.parentExternalId)).toHaveLength(8);
    const ids = new Set(categories.map((c) => c.externalId));
    expect(categories.every((c) => !c.parentExternalId || ids.has(c.parentExternalId))).toBe(true);
    expect(categories.every((c) => Object.keys(c.name).length === 4)).toBe(true);
    expect(Math.max(...categories.map((c) => c.externalId.split('/').length))).toBe(3);
  });

  test('variants hang below a parent, differ by one option and carry their own prices and stock', async () => {
    const products = productsOf(await collect(600));
    const variants = products.filter((p) => p.parentProductNumber);
    expect(variants.length).toBeGreaterThan(100);
    const numbers = new Set(products.map((p) => p.productNumber));
    for (const v of variants) {
      expect(numbers.has(v.parentProductNumber!)).toBe(true);
      expect(v.options).toHaveLength(1);
      expect(v.prices?.[0]).toMatchObject({ priceType: 'net_list', lowerBound: 1, currency: 'EUR' });
    }
    const siblings = variants.filter((v) => v.parentProductNumber === variants[0]!.parentProductNumber);
    expect(new Set(siblings.map((v) => JSON.stringify(v.options![0]!.value))).size).toBe(siblings.length);
  });

  test('articles carry French texts, purchase rules, out-of-stock items, data sheets and references', async () => {
    const products = productsOf(await collect(2000));
    expect(products.every((p) => p.name['fr-FR'] && p.name['nl-NL'])).toBe(true);
    const sellable = products.filter((p) => p.prices);
    expect(sellable.some((p) => p.stock === 0)).toBe(true);
    expect(sellable.some((p) => p.minPurchase === 100 && p.purchaseSteps === 100)).toBe(true);
    expect(
      sellable.some((p) => p.maxPurchase !== undefined && (p.maxPurchase - p.minPurchase!) % p.purchaseSteps! === 0),
    ).toBe(true);
    expect(sellable.every((p) => p.prices!.every((pr) => /^\d+\.\d{2,5}$/.test(pr.amount)))).toBe(true);
    expect(
      products.some((p) => p.media?.some((m) => m.purpose === 'data_sheet' && m.mimeType === 'application/pdf')),
    ).toBe(true);
    const numbers = new Set(products.map((p) => p.productNumber));
    const refs = products.flatMap((p) => p.references ?? []);
    expect(refs.some((r) => r.type === 'accessories')).toBe(true);
    expect(refs.every((r) => numbers.has(r.productNumber))).toBe(true);
    expect(new Set(products.map((p) => p.manufacturerName)).size).toBeGreaterThan(5);
  });

  test('product images are drawn from the product’s kind, colour and material; a colour variant in its own colour', async () => {
    const products = productsOf(await collect(3000));
    const mainImage = (p: CatalogProduct) => p.media?.find((m) => m.purpose === 'normal')?.source ?? '';
    const colourOf = (p: CatalogProduct) =>
      [...(p.options ?? []), ...(p.properties ?? [])].find((o) => o.group === 'colour')?.colorHexCode;
    // Every main image is a drawing, and every product with a colour shows it.
    expect(products.every((p) => generatedImageSvg(mainImage(p)) !== undefined)).toBe(true);
    const coloured = products.filter((p) => colourOf(p));
    expect(coloured.length).toBeGreaterThan(50);
    for (const p of coloured) {
      expect(mainImage(p)).toContain(`-c${colourOf(p)!.slice(1)}`);
      expect(generatedImageSvg(mainImage(p))).toContain(`"${colourOf(p)}"`);
    }
    // Siblings that differ by colour have different pictures.
    const colourVariants = products.filter((p) => p.parentProductNumber && p.options?.[0]?.group === 'colour');
    expect(colourVariants.length).toBeGreaterThan(5);
    const siblings = colourVariants.filter((v) => v.parentProductNumber === colourVariants[0]!.parentProductNumber);
    expect(new Set(siblings.map(mainImage)).size).toBe(siblings.length);
    // A brass article is drawn in brass, which a plain steel one is not.
    const brass = products.find((p) =>
      p.properties?.some((o) => o.group === 'material' && o.value['en-GB'] === 'Brass'),
    );
    expect(mainImage(brass!)).toMatch(/-mbrass\.jpg$/);
    expect(generatedImageSvg(mainImage(brass!))).not.toBe(generatedImageSvg(mainImage(brass!).replace('-mbrass', '')));
  });
});
