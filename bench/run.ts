/**
 * `npm run bench`: prints p50 and p95 latency (milliseconds) of the backend's quick search, search page, filtered
 * listing and product page data, of the cart and the order placement (in-process `app.request()`, no socket), and of
 * rendering a category and a product page through the built storefront (HTTP on loopback, HTML cache bypassed), on
 * two catalogues:
 * - "real": the seeded demo catalogue (real supplier files + generated part) in a fresh PGlite database;
 * - "generated": a generated catalogue of `--articles N` articles (default 400,000) in PostgreSQL (BENCH_DATABASE_URL,
 *   default postgres://postgres@127.0.0.1:5432/werkbank_bench for 400,000, werkbank_bench_2m for 2,000,000,
 *   werkbank_bench_<N> otherwise), generated on first use and reused afterwards (bench/scale.ts: memory of the
 *   listing indexes and commit → visible are measured on it too).
 *
 * Cart and order figures are taken for a logged-in customer with every right (a new company with a main address,
 * created per run; the checkout settings of backend/seed/seed-checkout.ts), on real articles of the catalogue that can
 * be ordered one at a time (active, without variants, with a list price, not a closeout short of stock):
 * - add to cart: `POST /store-api/checkout/cart/line-item` of one product line; the cart is emptied (not timed)
 *   every 10 additions, so a line is added to a cart of 0 to 9 lines;
 * - cart read: `GET /store-api/checkout/cart` of a cart of 20 lines;
 * - order placement: `POST /store-api/checkout/order` of a cart of 5 lines with a new `Idempotency-Key` per submit;
 *   the cart is refilled (not timed) before each submit. Every submit writes an order, so the generated database
 *   keeps the orders and stock reservations of the runs, and one article `BENCH-VIS-…` per run (commit → visible).
 *
 * - cXML setup request: `POST /store-api/cxml/setup` of a PunchOutSetupRequest (create) of a buyer configured for the
 *   customer's company, answered with a PunchOutSetupResponse (docs/decisions/025-punch-out.md).
 *
 * Product page data: the Store API calls a product page makes, as src/features/catalog/load-route.ts makes them (the
 * detail with configurator, then side by side the variant family when the detail does not embed it, cross-selling
 * and breadcrumb; path resolution, navigation and language alternates are not included), for 20 main products.
 *
 * Input bounds (docs/decisions/022-input-bounds.md), on both catalogues: how long the Store API takes to refuse a
 * 30,000-word search and a criteria body of 100 `contains` filters of 9,000 characters (both 400), how long a normal
 * search sent at the same moment waits for its answer, and the time of the search itself (backend/search, uncached, candidate cap 1,000) for the largest terms allowed (300
 * characters, 20 words: common words of the catalogue, random letters, one 300-letter word, 10 words joined by `or`).
 *
 * Each figure with a target is printed with it and `within` or `OVER` (p95, the response budgets of
 * docs/decisions/007-search-and-listing.md): on 400,000 articles quick search ≤ 10 ms, search page ≤ 25 ms, filtered
 * listings ≤ 10 ms, product page data ≤ 10 ms, add to cart and cart read ≤ 15 ms; on the real catalogue in PGlite
 * quick search ≤ 15 ms.
 * Options: `--only real|generated|throughput` (`400k` names the generated catalogue too), `--articles N` (default
 * 400000), `--iterations N` (default 200), `--skip-render`, `--bounds-only` (of the backend figures only the input
 * bounds, no rendering); throughput of cached pages against a bare server and of uncached pages, on PGlite and
 * PostgreSQL: bench/throughput.ts (its options `--port`, `--seconds`, `--connections`, `--rounds`, `--postgres` are
 * passed on).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb, queryRows, type Db } from '../backend/db/client.ts';
import { loadBackendConfig } from '../backend/config.ts';
import { seedSalesChannel, languageId } from '../backend/db/seed-channel.ts';
import { ensureCatalogSeeded } from '../backend/catalog/seed.ts';
import { createCatalogWriter } from '../backend/catalog/writer.ts';
import { seedCheckout } from '../backend/seed/seed-checkout.ts';
import { randomId } from '../backend/lib/ids.ts';
import { insertCompany, insertCustomer } from '../backend/testing/company-test-support.ts';
import { insertAddress } from '../backend/testing/order-test-support.ts';
import { addCxmlConfig } from '../backend/commerce/punchout/config.ts';
import type { StoreCart } from '../backend/commerce/cart/cart-schemas.ts';
import { createStoreApi } from '../backend/app.ts';
import { clearCatalogCaches } from '../backend/commerce/catalog/catalog-cache.ts';
import { productSeoPath } from '../backend/lib/slug.ts';
import { quickSearchCriteria } from '../src/features/search/quick-search-api.ts';
import { benchThroughput, throughputOptions } from './throughput.ts';
import { DETAIL_ASSOCIATIONS } from '../src/features/catalog/load-route.ts';
import { SEARCH_TERM_MAX_LENGTH, SEARCH_TERM_MAX_WORDS, searchTermExcess } from '../contract/search.ts';
import { planSearch } from '../backend/search/route-query.ts';
import { searchProductIds } from '../backend/search/product-search.ts';
import { benchListingIndexMemory, commitToVisible } from './scale.ts';

const args = process.argv.slice(2);
const argValue = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = argValue('--only') === '400k' ? 'generated' : argValue('--only');
const iterations = Number(argValue('--iterations') ?? 200);
const boundsOnly = args.includes('--bounds-only');
const skipRender = args.includes('--skip-render') || boundsOnly;
const ARTICLES = Number(argValue('--articles') ?? 400_000);
if (!Number.isInteger(ARTICLES) || ARTICLES < 1) throw new Error('--articles takes a whole number from 1');
/** The generated database's name: werkbank_bench for 400,000 articles, werkbank_bench_2m, werkbank_bench_150k, … */
const benchDatabaseName =
  ARTICLES === 400_000
    ? 'werkbank_bench'
    : `werkbank_bench_${ARTICLES % 1_000_000 === 0 ? `${ARTICLES / 1_000_000}m` : ARTICLES % 1000 === 0 ? `${ARTICLES / 1000}k` : ARTICLES}`;
const BENCH_DB = process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${benchDatabaseName}`;

/** p95 targets of the backend figures in ms (docs/decisions/007-search-and-listing.md); a figure without one has none. */
interface BackendTargets {
  quickSearch?: number;
  searchPage?: number;
  /** Both filtered listings. */
  listing?: number;
  productPage?: number;
  addToCart?: number;
  cartRead?: number;
}
const TARGETS: Record<'real' | 'generated', BackendTargets> = {
  real: { quickSearch: 15 },
  generated: { quickSearch: 10, searchPage: 25, listing: 10, productPage: 10, addToCart: 15, cartRead: 15 },
};

/** p50 and p95 of a list of durations in ms. */
function percentiles(samples: number[]): { p50: number; p95: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95) };
}

/**
 * Runs `run` up to 20 times to warm up, then `n` times measured, and prints p50/p95 in ms. `prepare`, when given,
 * runs before every call of `run` (warm-up and measured) and is not timed.
 */
async function measure(
  label: string,
  run: (i: number) => Promise<void>,
  n = iterations,
  prepare?: (i: number) => Promise<void>,
  targetP95?: number,
): Promise<void> {
  for (let i = 0; i < Math.min(20, n); i++) {
    await prepare?.(i);
    await run(i);
  }
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    await prepare?.(i);
    const t = performance.now();
    await run(i);
    samples.push(performance.now() - t);
  }
  const { p50, p95 } = percentiles(samples);
  const verdict =
    targetP95 === undefined
      ? ''
      : `   target p95 ≤ ${String(targetP95).padStart(3)} ms: ${p95 <= targetP95 ? 'within' : 'OVER'}`;
  console.log(
    `  ${label.padEnd(34)} p50 ${p50.toFixed(2).padStart(8)} ms   p95 ${p95.toFixed(2).padStart(8)} ms   (n=${n})${verdict}`,
  );
}

interface Probe {
  terms: string[];
  /** Main products (some with variants) whose product page data is measured. */
  productIds: string[];
  listingCategoryId: string;
  listingFilter: Record<string, unknown>;
  /** Two options of different property groups plus in-stock: the general case of the in-memory filter. */
  listingFilter2: Record<string, unknown>;
  categoryPath: string;
  productPath: string;
  /**
   * When the big category is above LISTING_INDEX_MAX_ROWS (listed in SQL): the largest category that still gets a
   * listing index, with a filter of its most common option plus in-stock.
   */
  indexed?: { categoryId: string; size: number; filter: Record<string, unknown> };
}

/** The most common property option of the main products of a category, if any. */
async function commonOption(db: Db, categoryId: string): Promise<string | undefined> {
  const [opt] = await queryRows<{ option_id: string }>(
    db,
    sql`
    SELECT unnest(property_ids) AS option_id, count(*) AS n FROM product
    WHERE category_tree @> ARRAY[${categoryId}]::text[] AND parent_id IS NULL
    GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  );
  return opt?.option_id;
}

/**
 * Picks realistic queries from the catalogue itself: numbers, EANs, words, brands, a big category and a filter, and
 * the largest category with a listing index when the big one has none (`maxRows`, LISTING_INDEX_MAX_ROWS).
 */
async function probe(db: Db, maxRows: number): Promise<Probe> {
  const rows = (q: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(db, q);
  const products = await rows(
    sql`SELECT id, product_number, ean, name_de FROM product WHERE parent_id IS NULL AND active ORDER BY id LIMIT 50`,
  );
  const brands = await rows(sql`SELECT name FROM product_manufacturer ORDER BY id LIMIT 10`);
  const terms: string[] = [];
  for (const p of products.slice(0, 20)) {
    terms.push(String(p.product_number));
    if (p.ean) terms.push(String(p.ean));
    const word = String(p.name_de)
      .split(/\s+/)
      .find((w) => w.length > 4);
    if (word) terms.push(word);
  }
  terms.push(...products.slice(0, 10).map((p) => String(p.product_number).slice(0, 4)));
  terms.push(...brands.map((b) => String(b.name)));
  const [cat] = await rows(
    sql`SELECT id, product_count FROM category WHERE type = 'page' AND product_count > 0 ORDER BY level ASC, product_count DESC LIMIT 1`,
  );
  if (!cat) throw new Error('The catalogue has no listed category.');
  const categoryId = String(cat.id);
  const optionId = await commonOption(db, categoryId);
  const opt = optionId ? { option_id: optionId } : undefined;
  let indexed: Probe['indexed'];
  if (Number(cat.product_count) > maxRows) {
    const [small] = await rows(
      sql`SELECT id, product_count FROM category WHERE type = 'page' AND product_count BETWEEN 1 AND ${maxRows}
           ORDER BY product_count DESC LIMIT 1`,
    );
    if (small) {
      const option = await commonOption(db, String(small.id));
      indexed = {
        categoryId: String(small.id),
        size: Number(small.product_count),
        filter: { ...(option ? { properties: option } : {}), 'in-stock': true },
      };
    }
  }
  const [opt2] = opt
    ? await rows(sql`
    SELECT u AS option_id, count(*) AS n FROM product, unnest(property_ids) AS u
    WHERE category_tree @> ARRAY[${categoryId}]::text[] AND parent_id IS NULL AND property_ids @> ARRAY[${String(opt.option_id)}]::text[]
      AND u IN (SELECT o.id FROM property_group_option o
                 WHERE o.group_id <> (SELECT group_id FROM property_group_option WHERE id = ${String(opt.option_id)}))
    GROUP BY 1 ORDER BY 2 DESC LIMIT 1`)
    : [];
  const [seoCat] = await rows(
    sql`SELECT seo_path_info FROM seo_url WHERE foreign_key = ${categoryId} AND language_id = ${languageId('de-DE')} AND is_canonical LIMIT 1`,
  );
  const first = products[0];
  return {
    terms,
    productIds: products.slice(0, 20).map((p) => String(p.id)),
    listingCategoryId: categoryId,
    listingFilter: opt ? { properties: String(opt.option_id) } : { manufacturer: '' },
    listingFilter2:
      opt && opt2
        ? { properties: `${String(opt.option_id)}|${String(opt2.option_id)}`, 'in-stock': true }
        : { 'in-stock': true },
    categoryPath: seoCat ? `/${String(seoCat.seo_path_info)}` : `/navigation/${categoryId}`,
    productPath: first ? `/${productSeoPath(String(first.name_de), String(first.product_number))}` : '/',
    indexed,
  };
}

async function benchBackend(
  name: string,
  db: Db,
  env: Record<string, string | undefined>,
  targets: BackendTargets,
): Promise<Probe> {
  const config = loadBackendConfig(env);
  const { app } = createStoreApi({ db, config });
  const p = await probe(db, config.listingIndexMaxRows);
  const headers = {
    'sw-access-key': config.accessKey,
    'content-type': 'application/json',
    'sw-language-id': languageId('de-DE'),
  };
  const request = async (method: string, path: string, body?: unknown) => {
    const res = await app.request(`/store-api/${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  const post = async (path: string, body: unknown) => {
    await (await request('POST', path, body)).arrayBuffer();
  };
  console.log(`\n${name}: backend (in-process)`);
  await benchInputBounds(app, headers, p, db);
  if (boundsOnly) return p;
  // Exactly what the quick-search island sends.
  await measure(
    'quick search (limit 10)',
    (i) => post('search', quickSearchCriteria(p.terms[i % p.terms.length]!)),
    iterations,
    undefined,
    targets.quickSearch,
  );
  await measure(
    'search page (limit 24)',
    (i) => post('search', { search: p.terms[i % p.terms.length], limit: 24, p: 1 }),
    iterations,
    undefined,
    targets.searchPage,
  );
  await measure(
    'filtered listing (limit 24)',
    (i) => post(`product-listing/${p.listingCategoryId}`, { ...p.listingFilter, limit: 24, p: 1 + (i % 3) }),
    iterations,
    undefined,
    targets.listing,
  );
  await measure(
    'filtered listing, 2 groups + stock',
    (i) => post(`product-listing/${p.listingCategoryId}`, { ...p.listingFilter2, limit: 24, p: 1 + (i % 3) }),
    iterations,
    undefined,
    targets.listing,
  );
  if (p.indexed) {
    const { categoryId, size, filter } = p.indexed;
    console.log(`  (the big category is listed in SQL; the largest with a listing index has ${size} products)`);
    await measure(
      'filtered listing, indexed category',
      (i) => post(`product-listing/${categoryId}`, { ...filter, limit: 24, p: 1 + (i % 3) }),
      iterations,
      undefined,
      targets.listing,
    );
  }
  // The Store API calls of a product page as src/features/catalog/load-route.ts makes them: the detail with its
  // associations (configurator included), then side by side the variant family when the detail does not embed it
  // (a variant's page), the cross-selling and the breadcrumb.
  await measure(
    'product page data',
    async (i) => {
      const id = p.productIds[i % p.productIds.length]!;
      const detail = (await (await request('POST', `product/${id}`, { associations: DETAIL_ASSOCIATIONS })).json()) as {
        product: { id: string; parentId?: string | null; childCount?: number; children?: unknown[] };
      };
      const { product } = detail;
      const familyId = product.parentId ?? ((product.childCount ?? 0) > 0 ? product.id : null);
      await Promise.all([
        familyId && !product.children?.length
          ? post('product', {
              limit: 100,
              filter: [{ type: 'equals', field: 'parentId', value: familyId }],
              associations: { options: { associations: { group: {} } } },
            })
          : undefined,
        request('POST', `product/${id}/cross-selling`).then((r) => r.arrayBuffer()),
        request('GET', `breadcrumb/${id}?type=product`).then((r) => r.arrayBuffer()),
      ]);
    },
    iterations,
    undefined,
    targets.productPage,
  );
  // After an import (caches cleared) the first request of a category builds its listing index and facets.
  await measure(
    'listing, cold caches',
    async () => {
      clearCatalogCaches();
      await post(`product-listing/${p.listingCategoryId}`, { ...p.listingFilter, limit: 24, p: 1 });
    },
    Math.min(iterations, 20),
  );
  await benchCheckout(db, app, headers, targets);
  return p;
}

/**
 * Commit → visible on the generated catalogue (bench/scale.ts `commitToVisible`), asking a Store API of this process
 * for the listing's total and the search.
 */
async function benchCommitToVisible(db: Db, env: Record<string, string | undefined>): Promise<void> {
  const config = loadBackendConfig(env);
  const { app } = createStoreApi({ db, config });
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await app.request(`/store-api/${path}`, {
      method: 'POST',
      headers: { 'sw-access-key': config.accessKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const productNumber = `BENCH-VIS-${randomId().slice(0, 10)}`;
  const { importMs, visibleMs } = await commitToVisible({
    db,
    productNumber,
    listingTotal: async (id) => (await post<{ total: number }>(`product-listing/${id}`, { limit: 1 })).total,
    searchFinds: async (term) =>
      (await post<{ elements: { productNumber: string }[] }>('search', { search: term, limit: 5 })).elements.some(
        (e) => e.productNumber === term,
      ),
  });
  console.log(
    `
  import of one article (write + finalize)  ${(importMs / 1000).toFixed(1)} s
` + `  commit → visible (caches cleared in this process)  ${visibleMs.toFixed(0)} ms`,
  );
}

/** `words` words of `length` random lower-case letters each, from a fixed seed. */
function randomWords(words: number, length: number): string {
  let seed = 20261128;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length: words }, () =>
    Array.from({ length }, () => String.fromCharCode(97 + (next() % 26))).join(''),
  ).join(' ');
}

/** Input bounds: refusing oversized searches and filters, and the largest allowed terms (see the module comment). */
async function benchInputBounds(
  app: ReturnType<typeof createStoreApi>['app'],
  headers: Record<string, string>,
  p: Probe,
  db: Db,
): Promise<void> {
  const send = async (path: string, body: unknown, status: number) => {
    const res = await app.request(`/store-api/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    await res.arrayBuffer();
    if (res.status !== status) throw new Error(`${path} answered ${res.status}, expected ${status}`);
  };
  const n = Math.min(iterations, 20);
  const hugeSearch = { search: Array.from({ length: 30_000 }, () => 'ab').join(' ') };
  const hugeFilter = {
    filter: Array.from({ length: 100 }, () => ({ type: 'contains', field: 'name', value: 'x'.repeat(9000) })),
  };
  await measure('refuse 30,000-word search (400)', () => send('search', hugeSearch, 400), n);
  await measure('refuse 100×9,000-char contains (400)', () => send('product', hugeFilter, 400), n);
  // A normal search sent together with an oversized one: the time until its answer (PGlite serves one at a time).
  await measure(
    'search beside a refused one',
    async (i) => {
      await Promise.all([
        send('search', hugeSearch, 400),
        send('search', { search: p.terms[i % p.terms.length], limit: 24 }, 200),
      ]);
    },
    n,
  );
  // Common words of the catalogue's names, for terms of many real words.
  const names = await queryRows<{ name_de: string }>(
    db,
    sql`SELECT name_de FROM product WHERE parent_id IS NULL AND active ORDER BY id LIMIT 200`,
  );
  const counts = new Map<string, number>();
  for (const row of names) {
    for (const word of String(row.name_de)
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)) {
      if (word.length >= 3) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const common = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([word]) => word);
  const within = (words: string[], joiner = ' ') => {
    let term = '';
    for (const word of words) {
      const next = term ? `${term}${joiner}${word}` : word;
      if (next.length > SEARCH_TERM_MAX_LENGTH) break;
      term = next;
    }
    return term;
  };
  const largest: [string, string][] = [
    ['common words', within(common.slice(0, SEARCH_TERM_MAX_WORDS))],
    [
      'random letters',
      randomWords(SEARCH_TERM_MAX_WORDS, Math.floor((SEARCH_TERM_MAX_LENGTH + 1) / SEARCH_TERM_MAX_WORDS) - 1),
    ],
    ['one long word', randomWords(1, SEARCH_TERM_MAX_LENGTH)],
    // `or` counts as a word of the term.
    ['words joined by or', within(common.slice(0, Math.ceil(SEARCH_TERM_MAX_WORDS / 2)), ' or ')],
  ];
  // The search itself (backend/search), uncached, with the search page's candidate cap: the Store API's candidate
  // cache would answer a repeated term.
  const brands = await queryRows<{ id: string; name: string }>(db, sql`SELECT id, name FROM product_manufacturer`);
  for (const [label, term] of largest) {
    if (searchTermExcess(term)) throw new Error(`the ${label} term is outside the bounds`);
    await measure(
      `largest term: ${label} (${term.length} ch.)`,
      async () => {
        await searchProductIds(db, planSearch(term), {
          locale: 'de-DE',
          cap: 1000,
          brands,
          statementTimeoutMs: 60_000,
        });
      },
      n,
    );
  }
}

/**
 * Ids of `n` articles of the catalogue a customer can put in the cart with quantity 1 and order: active, without
 * variants, with a list price (`product_price`), no minimum, step or maximum above 1, and not a closeout article
 * short of stock (a closeout never goes into backorder).
 */
async function orderableArticles(db: Db, n: number): Promise<string[]> {
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`SELECT p.id FROM product p
        WHERE p.active AND p.child_count = 0 AND p.min_purchase = 1 AND p.purchase_steps = 1
          AND (p.max_purchase IS NULL OR p.max_purchase >= 1)
          AND (NOT p.is_closeout OR p.available_stock >= 1000)
          AND EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = p.id)
        ORDER BY p.id LIMIT ${n}`,
  );
  return rows.map((r) => String(r.id));
}

/** Cart and order figures for a new logged-in customer (see the module comment). */
async function benchCheckout(
  db: Db,
  app: ReturnType<typeof createStoreApi>['app'],
  headers: Record<string, string>,
  targets: BackendTargets,
): Promise<void> {
  await seedCheckout(db);
  const run = randomId().slice(0, 10);
  const company = await insertCompany(db, { name: `Bench ${run}`, companyNumber: `BENCH-${run}` });
  await insertAddress(db, company.id, { isMain: true });
  const customer = await insertCustomer(db, company.id, { username: `bench-${run}` });
  const articles = await orderableArticles(db, 20);
  if (articles.length < 20) throw new Error(`The catalogue has only ${articles.length} orderable articles.`);
  const lines = (from: number, count: number) =>
    articles.slice(from, from + count).map((id) => ({ type: 'product', id, referencedId: id, quantity: 1 }));
  const call = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
    const res = await app.request(`/store-api/${path}`, {
      method,
      headers: { ...headers, 'sw-context-token': customer.token, ...extra },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.status !== 200 && res.status !== 204)
      throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  const send = async (method: string, path: string, body?: unknown, extra?: Record<string, string>) => {
    await (await call(method, path, body, extra)).arrayBuffer();
  };

  let adds = 0;
  await measure(
    'add to cart (1 line, cart ≤ 10)',
    () => send('POST', 'checkout/cart/line-item', { items: lines(adds++ % articles.length, 1) }),
    iterations,
    async () => {
      if (adds % 10 === 0) await send('DELETE', 'checkout/cart');
    },
    targets.addToCart,
  );

  await send('DELETE', 'checkout/cart');
  const filled = (await (await call('POST', 'checkout/cart/line-item', { items: lines(0, 20) })).json()) as StoreCart;
  const blocking = Object.values(filled.errors).filter((e) => e.level === 20);
  if (filled.lineItems.length !== 20 || blocking.length) {
    throw new Error(
      `The 20-line cart has ${filled.lineItems.length} lines: ${blocking.map((e) => e.message).join('; ')}`,
    );
  }
  await measure('cart read (20 lines)', () => send('GET', 'checkout/cart'), iterations, undefined, targets.cartRead);

  await send('DELETE', 'checkout/cart');
  let submits = 0;
  await measure(
    'order placement (5 lines)',
    () => send('POST', 'checkout/order', {}, { 'idempotency-key': `bench-${run}-${submits++}` }),
    iterations,
    () => send('POST', 'checkout/cart/line-item', { items: lines((submits * 5) % 20, 5) }),
  );

  // cXML PunchOutSetupRequest → PunchOutSetupResponse (server to server): parse, authenticate the shared secret,
  // open a session with its own customer, answer the StartPage.
  const identity = `AN-BENCH-${run}`;
  const secret = `bench-secret-${run}`;
  await addCxmlConfig(db, {
    companyNumber: company.companyNumber,
    domain: 'NetworkID',
    identity,
    secret,
    formPostOrigins: ['https://buyer.example.com'],
    user: customer.username,
  });
  let setups = 0;
  await measure('cXML setup request → response', async () => {
    const res = await app.request(`/store-api/cxml/setup`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/xml' },
      body: benchSetupRequest(`${run}.${setups++}@bench`, identity, secret),
    });
    const text = await res.text();
    if (!text.includes('<Status code="200"')) throw new Error(`cXML setup answered ${text.slice(0, 300)}`);
  });
}

/** A PunchOutSetupRequest (operation create) of the bench's buyer. */
function benchSetupRequest(payloadId: string, identity: string, secret: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${payloadId}" timestamp="2026-11-28T10:00:00+01:00" xml:lang="en-US">
  <Header>
    <From><Credential domain="NetworkID"><Identity>${identity}</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>123456789</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>${identity}</Identity><SharedSecret>${secret}</SharedSecret></Credential><UserAgent>bench</UserAgent></Sender>
  </Header>
  <Request><PunchOutSetupRequest operation="create">
    <BuyerCookie>bench</BuyerCookie>
    <Extrinsic name="UserEmail">buyer@example.com</Extrinsic>
    <BrowserFormPost><URL>https://buyer.example.com/punchout/return</URL></BrowserFormPost>
  </PunchOutSetupRequest></Request>
</cXML>`;
}

async function benchRender(name: string, env: Record<string, string | undefined>, p: Probe): Promise<void> {
  if (skipRender) return;
  const port = 4455;
  const server = spawn(process.execPath, ['dist/server/entry.mjs'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  try {
    const base = `http://localhost:${port}`;
    for (let i = 0; i < 600; i++) {
      try {
        if ((await fetch(`${base}/de/`)).status < 500) break;
      } catch {
        /* not yet listening */
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    // A query parameter the page ignores makes each request a cache miss, so rendering is measured, not the cache.
    const get = async (path: string, i: number) => {
      const res = await fetch(`${base}/de${path}?bench=${i}-${Math.random()}`, { redirect: 'follow' });
      await res.arrayBuffer();
      if (res.status >= 400) throw new Error(`${path} answered ${res.status}`);
    };
    console.log(`${name}: storefront rendering (HTTP, uncached)`);
    await measure('category page', (i) => get(p.categoryPath, i), Math.min(iterations, 100));
    await measure('product page', (i) => get(p.productPath, i), Math.min(iterations, 100));
  } finally {
    // Wait for the server to exit: a PGlite server still closing its database would share the cores with the next
    // figures (in one run the 400k search page's p95 went from 15 to 64 ms while the real catalogue's server closed).
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 60_000))]);
  }
}

if (!skipRender) {
  const build = spawnSync('npx', ['astro', 'build'], { stdio: 'ignore' });
  if (build.status !== 0) throw new Error('astro build failed');
}

if (!only || only === 'real') {
  const dataDir = mkdtempSync(join(tmpdir(), 'werkbank-bench-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: undefined };
  const handle = await createDb({ dataDir });
  const config = loadBackendConfig(env);
  await seedSalesChannel(handle.db, config);
  await ensureCatalogSeeded(handle.db, config, { sharedCatalogDir: process.env.SHARED_CATALOG_DIR });
  const p = await benchBackend('real catalogue (PGlite)', handle.db, env, TARGETS.real);
  await handle.close();
  await benchRender('real catalogue (PGlite)', env, p);
}

if (!only || only === 'generated') {
  const adminUrl = new URL(BENCH_DB);
  const dbName = adminUrl.pathname.slice(1);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE "${dbName.replace(/"/g, '')}"`);
  await admin.end();
  const handle = await createDb({ databaseUrl: BENCH_DB });
  const config = loadBackendConfig({ ...process.env, DATABASE_URL: BENCH_DB });
  await seedSalesChannel(handle.db, config);
  const countProducts = async () =>
    Number((await queryRows<{ n: unknown }>(handle.db, sql`SELECT count(*) AS n FROM product`))[0]?.n ?? 0);
  const count = await countProducts();
  if (count < ARTICLES) {
    console.log(`\nGenerating ${ARTICLES} articles into ${BENCH_DB} (once)…`);
    const t = Date.now();
    const gen = spawnSync('npx', ['tsx', 'backend/catalog/cli-generate.ts', '--articles', String(ARTICLES)], {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: BENCH_DB },
    });
    if (gen.status !== 0) throw new Error('catalogue generation failed');
    // As routine maintenance would: visibility map and statistics after the bulk write.
    await handle.db.execute(sql`VACUUM ANALYZE`);
    console.log(`Generated in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  }
  // A generation stopped after its writes but before its finalize leaves products without SEO URLs and counts:
  // finalize them (the writer's set-based step) instead of measuring a half-built catalogue.
  const seoUrls = Number(
    (await queryRows<{ n: unknown }>(handle.db, sql`SELECT count(*) AS n FROM seo_url`))[0]?.n ?? 0,
  );
  if (seoUrls === 0) {
    console.log(`\nFinalizing the catalogue in ${BENCH_DB} (its generation stopped before the finalize)…`);
    const t = Date.now();
    await createCatalogWriter(handle.db).finalize();
    await handle.db.execute(sql`VACUUM ANALYZE`);
    console.log(`Finalized in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  }
  const total = await countProducts();
  const env = { ...process.env, DATABASE_URL: BENCH_DB };
  // First, while the process holds little else: what the listing indexes of the largest categories take.
  if (!boundsOnly) await benchListingIndexMemory(handle.db, loadBackendConfig(env).listingIndexMaxRows);
  const p = await benchBackend(
    `generated catalogue, ${total} products incl. variants (PostgreSQL)`,
    handle.db,
    env,
    TARGETS.generated,
  );
  if (!boundsOnly) await benchCommitToVisible(handle.db, env);
  await handle.close();
  await benchRender('generated catalogue (PostgreSQL)', env, p);
}

if ((!only || only === 'throughput') && !boundsOnly)
  await benchThroughput({ dist: 'dist', ...throughputOptions(args) });
