import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { createDb, type Db, type DbHandle } from '../db/client.ts';
import { languageId, ROOT_CATEGORY_IDS, seedSalesChannel } from '../db/seed-channel.ts';
import { loadBackendConfig } from '../config.ts';
import { ensureCatalogSeeded, SEED_SOURCE, withDemoPriceValidity, withDemoStock } from './seed.ts';
import { cmsPageId } from './static-content.ts';
import { categoryId } from './writer/ids.ts';

let handle: DbHandle;
let db: Db;
const lines: string[] = [];

async function rows<T>(statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** A one-article BMEcat 2005 file without categories, named like the Weidmüller files. */
const BMECAT = `<?xml version="1.0" encoding="UTF-8"?>
<BMECAT xmlns="http://www.bmecat.org/bmecat/2005" version="2005">
  <HEADER>
    <CATALOG><LANGUAGE>deu</LANGUAGE><CATALOG_ID>T</CATALOG_ID><CATALOG_VERSION>1.0</CATALOG_VERSION><CURRENCY>EUR</CURRENCY></CATALOG>
    <SUPPLIER><SUPPLIER_NAME>Test</SUPPLIER_NAME></SUPPLIER>
  </HEADER>
  <T_NEW_CATALOG>
    <PRODUCT>
      <SUPPLIER_PID>REAL-1</SUPPLIER_PID>
      <PRODUCT_DETAILS><DESCRIPTION_SHORT lang="deu">Reihenklemme Testtyp</DESCRIPTION_SHORT></PRODUCT_DETAILS>
      <PRODUCT_ORDER_DETAILS><ORDER_UNIT>C62</ORDER_UNIT><CONTENT_UNIT>C62</CONTENT_UNIT></PRODUCT_ORDER_DETAILS>
    </PRODUCT>
  </T_NEW_CATALOG>
</BMECAT>`;

beforeAll(async () => {
  handle = await createDb();
  db = handle.db;
  const config = loadBackendConfig({});
  await seedSalesChannel(db, config);
  const dir = mkdtempSync(path.join(tmpdir(), 'werkbank-seed-'));
  writeFileSync(path.join(dir, 'WEI_BMECat_test.xml'), BMECAT);
  await ensureCatalogSeeded(db, config, { sharedCatalogDir: dir, generatedArticles: 120, log: (l) => lines.push(l) });
});
afterAll(async () => handle.close());

describe('ensureCatalogSeeded', () => {
  test('imports the real files below their own category inside the generated catalogue', async () => {
    const [real] = await rows<{ category_tree: string[]; source: string; stock: number }>(
      sql`SELECT category_tree, source, stock FROM product WHERE product_number = 'REAL-1'`,
    );
    expect(real?.source).toBe('bmecat:weidmueller');
    // Weidmüller's terminal blocks hang below the generated electrical installation category, not beside it.
    expect(real?.category_tree).toContain(categoryId(SEED_SOURCE, 'terminal-blocks'));
    expect(real?.category_tree).toContain(categoryId('generated', 'electrical'));
    expect(real?.stock).toBe(withDemoStock({ source: 'x', productNumber: 'REAL-1', name: {} }).stock);
    const top = await rows<{ name: string; product_count: number }>(
      sql`SELECT translated->'de-DE'->>'name' AS name, product_count FROM category WHERE parent_id = ${ROOT_CATEGORY_IDS.main} ORDER BY position`,
    );
    expect(top).toHaveLength(8);
    expect(top.map((t) => t.name)).not.toContain('Reihenklemmen & Relais');
    const [mount] = await rows<{ product_count: number; level: number }>(
      sql`SELECT product_count, level FROM category WHERE id = ${categoryId(SEED_SOURCE, 'terminal-blocks')}`,
    );
    expect(mount).toEqual({ product_count: 1, level: 3 });
    const [counts] = await rows<{ n: number | string }>(
      sql`SELECT count(*) AS n FROM product WHERE source = 'generated'`,
    );
    expect(Number(counts?.n)).toBe(120);
    expect(lines.some((l) => l.includes('bmecat:weidmueller: 0 categories, 1 articles'))).toBe(true);
  });

  test('writes the service, footer and countries navigations and the content pages with SEO paths', async () => {
    const footer = await rows<{ name: string; link_type: string; internal_link: string | null }>(
      sql`SELECT translated->'fr-FR'->>'name' AS name, link_type, internal_link FROM category
           WHERE parent_id = ${ROOT_CATEGORY_IDS.footer} ORDER BY position`,
    );
    expect(footer.map((f) => f.name)).toEqual([
      'Conditions générales',
      'Protection des données',
      'Mentions légales',
      'Contact',
    ]);
    expect(footer[0]).toMatchObject({ link_type: 'landing_page', internal_link: cmsPageId('agb') });
    const service = await rows<{ level: number }>(
      sql`SELECT level FROM category WHERE path LIKE ${`|${ROOT_CATEGORY_IDS.service}|%`}`,
    );
    expect(Math.max(...service.map((s) => s.level))).toBe(3);
    const seo = await rows<{ seo_path_info: string; path_info: string }>(
      sql`SELECT seo_path_info, path_info FROM seo_url WHERE route_name = 'frontend.landing.page' AND language_id = ${languageId('nl-NL')} ORDER BY 1`,
    );
    expect(seo).toEqual([
      { seo_path_info: 'agb', path_info: `/landingPage/${cmsPageId('agb')}` },
      { seo_path_info: 'datenschutz', path_info: `/landingPage/${cmsPageId('datenschutz')}` },
    ]);
  });

  test('a later start keeps the catalogue and points the countries navigation at the configured domains', async () => {
    const config = loadBackendConfig({
      SHOP_URL_BE: 'https://shop.example.be',
      SHOP_URL_AT: 'https://shop.example.at',
    });
    await seedSalesChannel(db, config);
    const report = await ensureCatalogSeeded(db, config, { sharedCatalogDir: '/nonexistent', log: () => {} });
    expect(report).toBeUndefined();
    const links = await rows<{ level: number; name: string; href: string | null }>(
      sql`SELECT level, translated->'en-GB'->>'name' AS name, translated->'en-GB'->>'externalLink' AS href FROM category
           WHERE path LIKE ${`|${ROOT_CATEGORY_IDS.countries}|%`} ORDER BY level, path, position`,
    );
    expect(links).toEqual([
      { level: 2, name: 'Choose country', href: null },
      { level: 3, name: 'Belgium', href: null },
      { level: 3, name: 'Austria', href: 'https://shop.example.at' },
      { level: 4, name: 'Nederlands', href: 'https://shop.example.be' },
      { level: 4, name: 'English', href: 'https://shop.example.be/en' },
      { level: 4, name: 'Français', href: 'https://shop.example.be/fr' },
      { level: 4, name: 'Deutsch', href: 'https://shop.example.be/de' },
    ]);
    const [counts] = await rows<{ n: number | string }>(sql`SELECT count(*) AS n FROM product`);
    expect(Number(counts?.n)).toBe(121);
  });
});

describe('withDemoStock', () => {
  test('gives real articles deterministic stock on their purchase step, about three in four in stock', () => {
    const products = Array.from({ length: 400 }, (_, i) => ({
      source: 'x',
      productNumber: `N-${i}`,
      name: {},
      minPurchase: 10,
      purchaseSteps: 10,
    }));
    const stocked = products.map(withDemoStock);
    expect(stocked.map((p) => p.stock)).toEqual(products.map(withDemoStock).map((p) => p.stock));
    for (const p of stocked) {
      expect(p.stock! % 10).toBe(0);
      if (p.stock! > 0) expect(p.stock).toBeGreaterThanOrEqual(10);
      expect(p.restockTime).toBeGreaterThanOrEqual(3);
      expect(p.customFields?.demoStock).toBe(true);
    }
    const share = stocked.filter((p) => p.stock! > 0).length / stocked.length;
    expect(share).toBeGreaterThan(0.65);
    expect(share).toBeLessThan(0.85);
  });
});

describe('withDemoPriceValidity', () => {
  test('keeps ended real price lists open-ended and records when they ended; prices in force stay as sent', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const ended = new Date('2018-12-31T00:00:00Z');
    const future = new Date('2027-06-30T00:00:00Z');
    const product = {
      source: 'tabular:guenzburger',
      productNumber: '19690',
      name: {},
      prices: [
        { priceType: 'net_list', amount: '12.50', currency: 'EUR', validTo: ended },
        { priceType: 'net_list', amount: '11.00', currency: 'EUR', lowerBound: 10, validTo: future },
      ],
    };
    const demo = withDemoPriceValidity(product, now);
    expect(demo.prices?.map((p) => p.validTo)).toEqual([undefined, future]);
    expect(demo.customFields?.demoPriceValidTo).toBe('2018-12-31');
    const current = { ...product, prices: [product.prices[1]!] };
    expect(withDemoPriceValidity(current, now)).toBe(current);
  });
});
