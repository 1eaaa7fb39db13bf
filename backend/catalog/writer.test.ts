import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createDb, type Db, type DbHandle } from '../db/client.ts';
import { languageId, ROOT_CATEGORY_IDS, seedSalesChannel } from '../db/seed-channel.ts';
import { loadBackendConfig } from '../config.ts';
import type { CatalogChange, CatalogProduct } from './model.ts';
import { createCatalogWriter } from './writer.ts';
import { categoryId, productId } from './writer/ids.ts';

let handle: DbHandle;
let db: Db;

async function rows<T>(statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

const S = 'test:tools';
const category = (externalId: string, de: string, en: string, parentExternalId?: string): CatalogChange => ({
  kind: 'category',
  category: { source: S, externalId, parentExternalId, name: { 'de-DE': de, 'en-GB': en } },
});
const product = (p: Partial<CatalogProduct> & { productNumber: string }): CatalogChange => ({
  kind: 'product',
  mode: 'new',
  product: { source: S, name: { 'de-DE': `Artikel ${p.productNumber}` }, ...p },
});

const CHANGES: CatalogChange[] = [
  category('tools', 'Werkzeuge', 'Tools'),
  category('pliers', 'Zangen', 'Pliers', 'tools'),
  category('screwdrivers', 'Schraubendreher', 'Screwdrivers', 'tools'),
  category('pliers-dup', 'Zangen', 'Pliers', 'tools'),
  product({
    productNumber: '0815',
    name: { 'de-DE': 'Kombizange 180 mm', 'en-GB': 'Combination pliers 180 mm' },
    description: { 'de-DE': '<p>Geschmiedet aus <b>Chrom-Vanadium-Stahl</b> für Holzbearbeitung</p>' },
    manufacturerName: 'Fictional Tools GmbH',
    ean: '4006381333931',
    unit: 'PCE',
    categories: [{ source: S, externalId: 'pliers' }],
    properties: [{ group: 'Material', value: { 'de-DE': 'Stahl', 'en-GB': 'Steel' } }],
    prices: [
      { priceType: 'nrp', amount: '25.00', currency: 'EUR' },
      { priceType: 'net_list', amount: '19.90', currency: 'EUR', lowerBound: 1 },
      { priceType: 'net_list', amount: '17.50', currency: 'EUR', lowerBound: 10 },
    ],
    media: [
      { source: 'pliers-sheet.pdf', mimeType: 'application/pdf', purpose: 'data_sheet', position: 0 },
      { source: 'pliers-2.jpg', purpose: 'normal', position: 2 },
      { source: 'pliers-1.jpg', purpose: 'normal', position: 1 },
    ],
    references: [
      { type: 'accessories', productNumber: 'SD-1' },
      { type: 'similar', productNumber: 'NOT-IN-CATALOGUE' },
    ],
  }),
  product({
    productNumber: 'SCREW-100',
    name: { 'de-DE': 'Holzschraube 4x40' },
    ean: '4006381333932',
    categories: [{ source: S, externalId: 'screwdrivers' }],
    prices: [{ priceType: 'net_customer', amount: '1.40', priceQuantity: '100', currency: 'EUR' }],
  }),
  product({
    productNumber: 'SD-1',
    name: { 'de-DE': 'Schraubendreher-Satz' },
    categories: [{ source: S, externalId: 'screwdrivers' }],
  }),
  product({
    productNumber: 'SD-1-M',
    parentProductNumber: 'SD-1',
    name: { 'de-DE': 'Schraubendreher-Satz M' },
    options: [{ group: 'Größe', value: { 'de-DE': 'M' } }],
  }),
  product({
    productNumber: 'SD-1-L',
    parentProductNumber: 'SD-1',
    name: { 'de-DE': 'Schraubendreher-Satz L' },
    options: [{ group: 'Größe', value: { 'de-DE': 'L' } }],
    properties: [{ group: 'Farbe', value: { 'de-DE': 'Rot', 'en-GB': 'Red' } }],
    prices: [{ priceType: 'net_list', amount: '12.00', currency: 'EUR' }],
  }),
];

async function importAll(changes: CatalogChange[] = CHANGES) {
  const writer = createCatalogWriter(db, { batchSize: 2 });
  for (const c of changes) await writer.write(c);
  return writer.finalize();
}

beforeAll(async () => {
  handle = await createDb();
  db = handle.db;
  await seedSalesChannel(db, loadBackendConfig({}));
  await importAll();
});
afterAll(async () => handle.close());

describe('catalogue writer', () => {
  test('re-importing the same data keeps ids and updates rows instead of duplicating', async () => {
    const before = await rows<{ id: string; product_number: string }>(
      sql`SELECT id, product_number FROM product ORDER BY id`,
    );
    const changed = CHANGES.map((c) =>
      c.kind === 'product' && c.product.productNumber === 'SCREW-100'
        ? { ...c, product: { ...c.product, name: { 'de-DE': 'Holzschraube 4x45' } } }
        : c,
    );
    await importAll(changed);
    const after = await rows<{ id: string; product_number: string }>(
      sql`SELECT id, product_number FROM product ORDER BY id`,
    );
    expect(after).toEqual(before);
    expect(after.find((r) => r.product_number === '0815')?.id).toBe(productId('0815'));
    const [screw] = await rows<{ name_de: string }>(
      sql`SELECT name_de FROM product WHERE product_number = 'SCREW-100'`,
    );
    expect(screw?.name_de).toBe('Holzschraube 4x45');
    const [counts] = await rows<{ prices: number | string; media: number | string }>(
      sql`SELECT (SELECT count(*) FROM product_price) AS prices, (SELECT count(*) FROM product_media) AS media`,
    );
    expect(Number(counts?.prices)).toBe(5);
    expect(Number(counts?.media)).toBe(3);
  });

  test('category tree and product counts include descendants and skip variants', async () => {
    const [pliers] = await rows<{ category_tree: string[] }>(
      sql`SELECT category_tree FROM product WHERE product_number = '0815'`,
    );
    expect(pliers?.category_tree.sort()).toEqual(
      [categoryId(S, 'pliers'), categoryId(S, 'tools'), ROOT_CATEGORY_IDS.main].sort(),
    );
    const counts = await rows<{
      external_id: string;
      product_count: number;
      child_count: number;
      level: number;
      path: string;
    }>(sql`SELECT external_id, product_count, child_count, level, path FROM category WHERE source = ${S}`);
    const byId = Object.fromEntries(counts.map((c) => [c.external_id, c]));
    expect(byId.tools).toMatchObject({
      product_count: 3,
      child_count: 3,
      level: 2,
      path: `|${ROOT_CATEGORY_IDS.main}|`,
    });
    expect(byId.screwdrivers).toMatchObject({ product_count: 2, level: 3 });
    expect(byId.pliers?.product_count).toBe(1);
    const [variant] = await rows<{ category_tree: string[] }>(
      sql`SELECT category_tree FROM product WHERE product_number = 'SD-1-M'`,
    );
    expect(variant?.category_tree).toContain(categoryId(S, 'screwdrivers'));
  });

  test('a variant parent counts its variants and offers the union of their properties', async () => {
    const [parent] = await rows<{ child_count: number; property_ids: string[]; listing_price: string | null }>(
      sql`SELECT child_count, property_ids, listing_price FROM product WHERE product_number = 'SD-1'`,
    );
    const variants = await rows<{ product_number: string; option_ids: string[]; property_ids: string[] }>(
      sql`SELECT product_number, option_ids, property_ids FROM product WHERE parent_id = ${productId('SD-1')} ORDER BY product_number`,
    );
    expect(parent?.child_count).toBe(2);
    expect(variants.map((v) => v.option_ids.length)).toEqual([1, 1]);
    const union = new Set(variants.flatMap((v) => v.property_ids));
    expect(union.size).toBe(3);
    expect(new Set(parent?.property_ids)).toEqual(union);
    expect(parent?.listing_price).toBe('12.00000');
  });

  test('German search vectors find words from name, description text and property values', async () => {
    const find = async (term: string) =>
      (
        await rows<{ product_number: string }>(
          sql`SELECT product_number FROM product WHERE search_de @@ plainto_tsquery('german', ${term}) ORDER BY product_number`,
        )
      ).map((r) => r.product_number);
    expect(await find('Holzbearbeitung')).toEqual(['0815']);
    expect(await find('Kombizangen')).toEqual(['0815']);
    expect(await find('Stahl')).toEqual(['0815']);
    expect(await find('Fictional')).toEqual(['0815']);
    expect(await find('Schraubendreher')).toEqual(['SD-1', 'SD-1-L', 'SD-1-M']);
    const [en] = await rows<{ hit: boolean; name_fr: string }>(
      sql`SELECT search_en @@ plainto_tsquery('english', 'plier') AS hit, name_fr FROM product WHERE product_number = '0815'`,
    );
    expect(en).toEqual({ hit: true, name_fr: 'Combination pliers 180 mm' });
  });

  test('category SEO paths per language, with suffixes for collisions', async () => {
    const paths = await rows<{ language_id: string; seo_path_info: string; foreign_key: string; path_info: string }>(
      sql`SELECT language_id, seo_path_info, foreign_key, path_info FROM seo_url WHERE is_canonical ORDER BY seo_path_info`,
    );
    const de = paths.filter((p) => p.language_id === languageId('de-DE'));
    expect(de.map((p) => p.seo_path_info)).toEqual([
      'Werkzeuge/',
      'Werkzeuge/Schraubendreher/',
      'Werkzeuge/Zangen-2/',
      'Werkzeuge/Zangen/',
    ]);
    expect(de.find((p) => p.seo_path_info === 'Werkzeuge/Zangen/')?.path_info).toBe(
      `/navigation/${categoryId(S, 'pliers')}`,
    );
    const fr = paths.filter((p) => p.language_id === languageId('fr-FR')).map((p) => p.seo_path_info);
    expect(fr).toContain('Tools/Pliers/');
  });

  test('renaming a category makes the new path canonical and keeps the old one as non-canonical', async () => {
    await importAll([category('screwdrivers', 'Schraubenzieher', 'Screwdrivers', 'tools')]);
    const rowsDe = await rows<{ seo_path_info: string; is_canonical: boolean }>(
      sql`SELECT seo_path_info, is_canonical FROM seo_url
           WHERE foreign_key = ${categoryId(S, 'screwdrivers')} AND language_id = ${languageId('de-DE')} ORDER BY seo_path_info`,
    );
    expect(rowsDe).toEqual([
      { seo_path_info: 'Werkzeuge/Schraubendreher/', is_canonical: false },
      { seo_path_info: 'Werkzeuge/Schraubenzieher/', is_canonical: true },
    ]);
  });

  test('price tiers, listing price per order unit, units and EAN check digits', async () => {
    const tiers = await rows<{ price_type: string; lower_bound: number; amount: string }>(
      sql`SELECT price_type, lower_bound, amount FROM product_price WHERE product_id = ${productId('0815')} ORDER BY price_type, lower_bound`,
    );
    expect(tiers).toEqual([
      { price_type: 'net_list', lower_bound: 1, amount: '19.90000' },
      { price_type: 'net_list', lower_bound: 10, amount: '17.50000' },
      { price_type: 'nrp', lower_bound: 1, amount: '25.00000' },
    ]);
    const products = await rows<{
      product_number: string;
      listing_price: string;
      unit: string;
      ean_valid: boolean;
      cover: string | null;
    }>(
      sql`SELECT p.product_number, p.listing_price, p.unit, p.ean_valid, m.file_name AS cover
            FROM product p LEFT JOIN media m ON m.id = p.cover_media_id
           WHERE p.product_number IN ('0815', 'SCREW-100') ORDER BY p.product_number`,
    );
    expect(products).toEqual([
      { product_number: '0815', listing_price: '19.90000', unit: 'C62', ean_valid: true, cover: 'pliers-1.jpg' },
      { product_number: 'SCREW-100', listing_price: '0.01400', unit: 'C62', ean_valid: false, cover: null },
    ]);
  });

  test('references resolve to products that exist', async () => {
    const refs = await rows<{ target_product_number: string; target_product_id: string | null }>(
      sql`SELECT target_product_number, target_product_id FROM product_reference ORDER BY position`,
    );
    expect(refs).toEqual([
      { target_product_number: 'SD-1', target_product_id: productId('SD-1') },
      { target_product_number: 'NOT-IN-CATALOGUE', target_product_id: null },
    ]);
  });

  test('price updates and deletions apply; unknown articles are reported', async () => {
    const report = await importAll([
      {
        kind: 'prices',
        productNumber: 'SCREW-100',
        prices: [{ priceType: 'net_list', amount: '2.00', priceQuantity: '100', currency: 'EUR' }],
      },
      { kind: 'prices', productNumber: 'MISSING', prices: [{ priceType: 'net_list', amount: '1', currency: 'EUR' }] },
      { kind: 'delete-product', productNumber: 'SD-1' },
    ]);
    expect(report.written).toMatchObject({ priceUpdates: 1, deleted: 3 });
    expect(report.skippedPriceUpdates).toEqual(['MISSING']);
    const left = await rows<{ product_number: string; listing_price: string }>(
      sql`SELECT product_number, listing_price FROM product ORDER BY product_number`,
    );
    expect(left).toEqual([
      { product_number: '0815', listing_price: '19.90000' },
      { product_number: 'SCREW-100', listing_price: '0.02000' },
    ]);
    const [screwdrivers] = await rows<{ product_count: number }>(
      sql`SELECT product_count FROM category WHERE id = ${categoryId(S, 'screwdrivers')}`,
    );
    expect(screwdrivers?.product_count).toBe(1);
    expect(report.unresolvedReferences).toBe(2);
  });
});
