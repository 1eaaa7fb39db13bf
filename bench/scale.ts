/**
 * Figures of `npm run bench` that matter as the catalogue grows (docs/decisions/026-several-instances.md):
 * - `benchListingIndexMemory`: the memory one process spends on listing indexes once the largest categories have
 *   been listed (the cache's own byte count, and the heap and resident-set growth measured around loading them);
 * - `commitToVisible`: the time from an import's commit to the Store API answering with the change.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../backend/db/client.ts';
import { createCatalogCache, clearCatalogCaches } from '../backend/commerce/catalog/catalog-cache.ts';
import { createCatalogWriter } from '../backend/catalog/writer.ts';
import { categoryId } from '../backend/catalog/writer/ids.ts';
import { generateCatalog } from '../backend/catalog/generate/generate-catalog.ts';
import type { CatalogProduct } from '../backend/catalog/model.ts';

/** Node's `gc()`, made callable for this measurement (V8's `--expose-gc`, set at run time). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * Loads the listing indexes (and the default sorting's row order, German names) of the `count` largest listing pages
 * (categories of type 'page') that get one (at most `maxRows` listed products) into a new catalogue cache, and prints per category its rows and
 * load time, then the cache's own byte count and the growth of V8's heap, of the array buffers (the typed arrays; also
 * the database driver's read buffers) and of the process's resident set (`process.memoryUsage()`, after a full
 * garbage collection before and after). Categories above `maxRows` are
 * listed with their size: they are listed in SQL and hold no memory.
 */
export async function benchListingIndexMemory(db: Db, maxRows: number, count = 8): Promise<void> {
  const largest = await queryRows<{ id: string; product_count: number }>(
    db,
    sql`SELECT id, product_count FROM category WHERE type = 'page' AND product_count > 0
         ORDER BY product_count DESC, id LIMIT 200`,
  );
  const above = largest.filter((c) => c.product_count > maxRows);
  const indexed = largest.filter((c) => c.product_count <= maxRows).slice(0, count);
  console.log(`\nlisting indexes of one process (LISTING_INDEX_MAX_ROWS ${maxRows})`);
  if (above.length) {
    const sizes = above.slice(0, 5).map((c) => c.product_count);
    console.log(`  ${above.length} categories above the threshold, listed in SQL (largest ${sizes.join(', ')})`);
  }
  collectGarbage();
  const before = process.memoryUsage();
  const cache = createCatalogCache(db, { listingIndexMaxRows: maxRows });
  let rows = 0;
  for (const category of indexed) {
    const started = performance.now();
    await cache.listingIndex(category.id);
    await cache.listingOrder(category.id, 'name-asc:de-DE', sql`l.name_de, l.product_id`);
    rows += category.product_count;
    console.log(
      `  index of ${String(category.product_count).padStart(7)} rows loaded in ${(performance.now() - started).toFixed(0).padStart(5)} ms`,
    );
  }
  collectGarbage();
  const after = process.memoryUsage();
  const usage = cache.listingIndexUsage();
  console.log(
    `  ${usage.entries} indexes kept, ${rows} rows: own count ${mib(usage.bytes)} (${(usage.bytes / Math.max(1, rows)).toFixed(0)} B/row); ` +
      `measured: heap ${mib(after.heapUsed - before.heapUsed)} + array buffers ${mib(after.arrayBuffers - before.arrayBuffers)} ` +
      `(${((after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / Math.max(1, rows)).toFixed(0)} B/row), ` +
      `rss ${mib(after.rss - before.rss)}`,
  );
  cache.clear();
}

/** What `commitToVisible` measured, in milliseconds. */
export interface CommitToVisible {
  /** The import of one new article: the writer's write and finalize (set-based over the whole catalogue). */
  importMs: number;
  /** From the finalize's return (the commit) to the Store API answering with the article. */
  visibleMs: number;
}

/**
 * Commit → visible: imports one new article (a copy of the generator's first article under the new article number
 * `productNumber`) into an existing leaf category through the catalogue writer, then measures from the commit until
 * the Store API counts it in that category's listing (`total` one higher than before: the listing index or the
 * cached facets) and a search for its article number finds it. `propagate` runs right after the commit and is what
 * lets the Store API see the change: here `clearCatalogCaches()` of this process, as an import in the same process
 * does; a shop with several processes passes what waits for its caches to follow the commit instead.
 * `listingTotal(categoryId)` and `searchFinds(term)` ask the Store API.
 *
 * @throws when the article is not visible within `timeoutMs` (default 60 s).
 */
export async function commitToVisible(options: {
  db: Db;
  productNumber: string;
  listingTotal: (categoryId: string) => Promise<number>;
  searchFinds: (term: string) => Promise<boolean>;
  propagate?: () => void | Promise<void>;
  timeoutMs?: number;
}): Promise<CommitToVisible> {
  const { db, productNumber, listingTotal, searchFinds } = options;
  const propagate: () => void | Promise<void> = options.propagate ?? clearCatalogCaches;
  let template: CatalogProduct | undefined;
  for await (const change of generateCatalog({ articles: 1, seed: 1 })) {
    if (change.kind === 'product') template = change.product;
  }
  if (!template?.categories?.length) throw new Error('The generator gave no article with a category.');
  const leaf = template.categories[0]!;
  const leafId = categoryId(leaf.source, leaf.externalId);
  const product: CatalogProduct = { ...template, productNumber, ean: undefined, references: undefined };
  const before = await listingTotal(leafId);

  const started = performance.now();
  const writer = createCatalogWriter(db);
  await writer.write({ kind: 'product', product, mode: 'new' });
  await writer.finalize();
  const committed = performance.now();
  await propagate();
  const deadline = committed + (options.timeoutMs ?? 60_000);
  for (;;) {
    if ((await listingTotal(leafId)) === before + 1 && (await searchFinds(productNumber))) break;
    if (performance.now() > deadline) throw new Error(`${productNumber} was not visible within the timeout`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { importMs: committed - started, visibleMs: performance.now() - committed };
}
