import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ensureCatalogSeeded } from '../catalog/seed.ts';
import { loadBackendConfig } from '../config.ts';
import { createDb, queryRows, type DbHandle } from '../db/client.ts';
import { articleLinkTable } from '../db/schema/index.ts';
import { demoArticleLinkId, seedDemoArticleLinks } from './seed-article-links.ts';
import { seedSalesChannel } from '../db/seed-channel.ts';
import { demoCompanyId, seedDemoCustomers } from './seed-customers.ts';
import { seedErpHistory } from './seed-erp.ts';

const config = loadBackendConfig({});
let handle: DbHandle;

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  await seedDemoCustomers(handle.db);
  await ensureCatalogSeeded(handle.db, config, {
    sharedCatalogDir: '/nonexistent',
    generatedArticles: 120,
    log: () => {},
  });
});
afterAll(() => handle.close());

/** Links of every company as sorted `company:product:number` strings. */
async function links(): Promise<string[]> {
  const rows = await handle.db.select().from(articleLinkTable);
  return rows.map((r) => `${r.companyId}:${r.productId}:${r.customerSku}`).sort();
}

test('the demo companies link the numbers of their ERP order and offer lines, once', async () => {
  const first = await seedDemoArticleLinks(handle.db);
  expect(first).toEqual({ companies: ['peeters', 'huber'], links: 16 });
  const skus = (key: string) =>
    handle.db
      .select({ sku: articleLinkTable.customerSku })
      .from(articleLinkTable)
      .where(eq(articleLinkTable.companyId, demoCompanyId(key)));
  expect((await skus('peeters')).map((r) => r.sku).sort()).toEqual(
    [0, 1, 2, 3, 4, 5, 6, 7].map((i) => `BP-${1000 + i * 7}`),
  );
  expect((await skus('huber')).map((r) => r.sku).sort()).toEqual(
    [0, 1, 2, 3, 4, 5, 6, 7].map((i) => `HM-${1000 + i * 7}`),
  );

  await seedErpHistory(handle.db, config, new Date('2026-11-25T10:00:00Z'));
  // Every customer article number of an ERP order or offer line is the company's link of that very article.
  const lines = await queryRows<{ company_id: string; product_id: string; sku: string; linked: string | null }>(
    handle.db,
    sql`
      SELECT l.company_id, l.product_id, l.sku, al.customer_sku AS linked FROM (
        SELECT o.company_id, ol.product_id, ol.customer_article_number AS sku
          FROM erp_order_line ol JOIN erp_order o ON o.id = ol.erp_order_id
         WHERE ol.customer_article_number IS NOT NULL
        UNION
        SELECT f.company_id, fl.product_id, fl.customer_article_number
          FROM offer_line fl JOIN offer f ON f.id = fl.offer_id
         WHERE fl.customer_article_number IS NOT NULL) l
      LEFT JOIN article_link al ON al.company_id = l.company_id AND al.product_id = l.product_id`,
  );
  expect(lines.length).toBeGreaterThan(10);
  expect(lines.filter((l) => l.linked !== l.sku)).toEqual([]);

  // Later starts change nothing, and a company's own changes stay.
  const before = await links();
  expect(await seedDemoArticleLinks(handle.db)).toEqual({ companies: [], links: 0 });
  expect(await links()).toEqual(before);
  await handle.db
    .update(articleLinkTable)
    .set({ customerSku: 'MY-OWN' })
    .where(eq(articleLinkTable.id, demoArticleLinkId('peeters', 0)));
  await handle.db.delete(articleLinkTable).where(eq(articleLinkTable.id, demoArticleLinkId('peeters', 1)));
  const changed = await links();
  await seedDemoArticleLinks(handle.db);
  expect(await links()).toEqual(changed);
});
