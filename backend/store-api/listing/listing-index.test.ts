/**
 * The in-memory listing index must answer category listings exactly as the SQL path does: same products, same
 * order, same totals, for every combination of the listing parameters. A criteria filter that matches every active
 * product (`active = true`) sends the same request through the SQL path, which is the reference here.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDb, type DbHandle } from '../../db/client.ts';
import { loadBackendConfig } from '../../config.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { createCatalogWriter } from '../../catalog/writer.ts';
import { generateCatalog } from '../../catalog/generate/generate-catalog.ts';
import { createStoreApi } from '../../app.ts';
import { clearCatalogCaches } from '../../commerce/catalog/catalog-cache.ts';
import { createLoggedInContext } from '../../testing/test-fixtures.ts';
import { germanListingCall } from '../../testing/listing-test-support.ts';

let handle: DbHandle;
let call: (categoryId: string, body: Record<string, unknown>, token?: string) => Promise<Listing>;
let categoryId: string;
let buyerToken: string;

interface Listing {
  total: number;
  elements: { id: string; productNumber: string }[];
  aggregations: {
    manufacturer: { entities: { id: string; count: number }[] };
    properties: { entities: { id: string; options: { id: string; count: number }[] }[] };
    'in-stock': { count: number };
  };
}

const SQL_PATH = { filter: [{ type: 'equals', field: 'active', value: true }] };

beforeAll(async () => {
  handle = await createDb();
  const config = loadBackendConfig({});
  await seedSalesChannel(handle.db, config);
  const writer = createCatalogWriter(handle.db);
  for await (const change of generateCatalog({ articles: 500, seed: 7 })) await writer.write(change);
  await writer.finalize();
  clearCatalogCaches();
  const { app } = createStoreApi({ db: handle.db, config });
  call = germanListingCall<Listing>(app, config.accessKey);
  const list = (await handle.db.execute(
    sql`SELECT category_id, count(*) AS n FROM product_listing GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  )) as unknown as { rows: { category_id: string }[] };
  categoryId = list.rows[0]!.category_id;
  buyerToken = await createLoggedInContext(handle.db);
}, 120_000);
afterAll(() => handle.close());

async function expectSameAsSql(body: Record<string, unknown>, token?: string): Promise<Listing> {
  const fromIndex = await call(categoryId, body, token);
  const fromSql = await call(categoryId, { ...body, ...SQL_PATH }, token);
  expect(fromIndex.total).toBe(fromSql.total);
  expect(fromIndex.elements.map((p) => p.productNumber)).toEqual(fromSql.elements.map((p) => p.productNumber));
  return fromIndex;
}

describe('category listing from the in-memory listing index', () => {
  test('pages, sortings and the unfiltered total agree with the database', async () => {
    const first = await expectSameAsSql({ limit: 24, p: 1 });
    expect(first.total).toBeGreaterThan(48);
    await expectSameAsSql({ limit: 24, p: 2 });
    await expectSameAsSql({ limit: 10, p: 3, order: 'name-desc' });
    await expectSameAsSql({ limit: 24, p: 2, order: 'price-asc' }, buyerToken);
    await expectSameAsSql({ limit: 24, p: 1, order: 'price-desc' }, buyerToken);
  });

  test('property, manufacturer, stock and price filters give the same products and totals', async () => {
    const all = await call(categoryId, { limit: 1 });
    const groups = all.aggregations.properties.entities.filter((g) => g.options.length >= 2);
    expect(groups.length).toBeGreaterThanOrEqual(2);
    const [g1, g2] = groups as [(typeof groups)[0], (typeof groups)[0]];
    const one = await expectSameAsSql({ properties: g1.options[0]!.id });
    // The facet count of an option is the total of the listing filtered by it alone.
    expect(one.total).toBe(g1.options[0]!.count);
    const sameGroup = await expectSameAsSql({ properties: `${g1.options[0]!.id}|${g1.options[1]!.id}` });
    expect(sameGroup.total).toBeGreaterThanOrEqual(one.total);
    const twoGroups = await expectSameAsSql({ properties: `${g1.options[0]!.id}|${g2.options[0]!.id}` });
    expect(twoGroups.total).toBeLessThanOrEqual(one.total);
    const manufacturer = all.aggregations.manufacturer.entities[0]!;
    const byBrand = await expectSameAsSql({ manufacturer: manufacturer.id });
    expect(byBrand.total).toBe(manufacturer.count);
    const inStock = await expectSameAsSql({ 'in-stock': true });
    expect(inStock.total).toBe(all.aggregations['in-stock'].count);
    await expectSameAsSql({ manufacturer: manufacturer.id, properties: g2.options[0]!.id, 'in-stock': true });
    await expectSameAsSql({ 'min-price': 5, 'max-price': 60, properties: g1.options[1]!.id }, buyerToken);
    await expectSameAsSql({ properties: 'ffffffffffffffffffffffffffffffff' });
  });

  test('anonymous callers cannot filter by price: the bounds are ignored, as on the SQL path', async () => {
    const anonymous = await expectSameAsSql({ 'min-price': 1000000 });
    expect(anonymous.total).toBe((await call(categoryId, { limit: 1 })).total);
  });
});
