/**
 * Listings of categories too large for an in-memory listing index (`LISTING_INDEX_MAX_ROWS`): they run in SQL and
 * answer what the index answers (products, order, totals, facets), and the catalogue cache keeps no index for them.
 * The listing indexes it keeps never exceed their memory budget, the one just loaded included.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDb, queryRows, type DbHandle } from '../../db/client.ts';
import { loadBackendConfig } from '../../config.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { createCatalogWriter } from '../../catalog/writer.ts';
import { generateCatalog } from '../../catalog/generate/generate-catalog.ts';
import { createStoreApi } from '../../app.ts';
import { clearCatalogCaches, createCatalogCache } from '../../commerce/catalog/catalog-cache.ts';
import { indexBytes, LISTING_INDEX_ROW_BYTES } from '../../commerce/catalog/listing-index.ts';
import { createLoggedInContext } from '../../testing/test-fixtures.ts';
import { germanListingCall } from '../../testing/listing-test-support.ts';

let handle: DbHandle;
/** Categories by listed products, largest first. */
let categories: { id: string; n: number }[];
let buyerToken: string;

interface Listing {
  total: number;
  elements: { productNumber: string }[];
  aggregations: Record<string, unknown>;
}

type Call = (categoryId: string, body: Record<string, unknown>, token?: string) => Promise<Listing>;

/** A Store API over the test database configured by `env`, answering category listings. */
function listingApi(env: Record<string, string>): Call {
  const config = loadBackendConfig(env);
  const { app } = createStoreApi({ db: handle.db, config });
  return germanListingCall<Listing>(app, config.accessKey);
}

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, loadBackendConfig({}));
  const writer = createCatalogWriter(handle.db);
  for await (const change of generateCatalog({ articles: 300, seed: 11 })) await writer.write(change);
  await writer.finalize();
  clearCatalogCaches();
  categories = (
    await queryRows<{ category_id: string; n: number | string }>(
      handle.db,
      sql`SELECT category_id, count(*) AS n FROM product_listing GROUP BY 1 ORDER BY 2 DESC, 1`,
    )
  ).map((r) => ({ id: r.category_id, n: Number(r.n) }));
  buyerToken = await createLoggedInContext(handle.db);
}, 120_000);
afterAll(() => handle.close());

describe('categories above LISTING_INDEX_MAX_ROWS', () => {
  test('are listed in SQL with the same products, order, totals and facets as from the index', async () => {
    const [largest] = categories;
    expect(largest!.n).toBeGreaterThan(50);
    const fromIndex = listingApi({});
    const fromSql = listingApi({ LISTING_INDEX_MAX_ROWS: '20' });
    const all = await fromIndex(largest!.id, { limit: 1 });
    const groups = (all.aggregations as { properties: { entities: { options: { id: string }[] }[] } }).properties
      .entities;
    const option = groups[0]!.options[0]!.id;
    const bodies: [Record<string, unknown>, string?][] = [
      [{ limit: 24, p: 1 }],
      [{ limit: 24, p: 2, order: 'name-desc' }],
      [{ limit: 10, p: 3, order: 'price-asc' }, buyerToken],
      [{ properties: option, 'in-stock': true }],
      [{ 'min-price': 5, 'max-price': 80 }, buyerToken],
    ];
    for (const [body, token] of bodies) {
      const a = await fromIndex(largest!.id, body, token);
      const b = await fromSql(largest!.id, body, token);
      expect(b.total).toBe(a.total);
      expect(b.elements.map((p) => p.productNumber)).toEqual(a.elements.map((p) => p.productNumber));
      expect(b.aggregations).toEqual(a.aggregations);
    }
    // The unfiltered total is exact, not the SQL path's capped count.
    expect((await fromSql(largest!.id, { limit: 1 })).total).toBe(largest!.n);
  });

  test('get no listing index; smaller categories still do', async () => {
    const [largest] = categories;
    const small = categories.find((c) => c.n <= 20 && c.n > 0)!;
    const cache = createCatalogCache(handle.db, { listingIndexMaxRows: 20 });
    expect(await cache.listingIndex(largest!.id)).toBeNull();
    expect(cache.listingIndexUsage().bytes).toBe(0);
    expect((await cache.listingIndex(small.id))?.size).toBe(small.n);
    expect(cache.listingIndexUsage().bytes).toBeGreaterThan(0);
  });
});

describe('the listing indexes kept by a catalogue cache', () => {
  test('stay within the budget: older ones are dropped first, and one larger than the budget is not kept', async () => {
    const [largest, a, b, c] = categories;
    const probe = createCatalogCache(handle.db);
    const bytesOf = async (id: string) => indexBytes((await probe.listingIndex(id))!);
    const [ba, bb, bc] = [await bytesOf(a!.id), await bytesOf(b!.id), await bytesOf(c!.id)];
    // Room for any two of the three, not for all three.
    const budget = ba + bb + bc - 1;
    const cache = createCatalogCache(handle.db, { listingIndexBudget: budget });
    for (const category of [a, b, c]) expect((await cache.listingIndex(category!.id))?.size).toBe(category!.n);
    expect(cache.listingIndexUsage()).toEqual({ entries: 2, bytes: bb + bc });

    // An index that turns out larger than the budget (its options included) answers its request, then is dropped.
    const bytes = await bytesOf(largest!.id);
    const tight = createCatalogCache(handle.db, { listingIndexBudget: bytes - 1 });
    expect((await tight.listingIndex(largest!.id))?.size).toBe(largest!.n);
    expect(tight.listingIndexUsage()).toEqual({ entries: 0, bytes: 0 });
    // A category whose products alone exceed the budget is not loaded at all: it is listed in SQL.
    const tighter = createCatalogCache(handle.db, { listingIndexBudget: largest!.n * LISTING_INDEX_ROW_BYTES - 1 });
    expect(await tighter.listingIndex(largest!.id)).toBeNull();
  });
});
