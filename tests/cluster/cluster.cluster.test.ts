/**
 * The shop on several instances over one PostgreSQL (docs/decisions/026-several-instances.md), checked as a client
 * sees it: two storefronts and two Store API processes (role web) behind HAProxy plus one worker process, all on
 * loopback (./harness.ts). Each check prints its figure (`[cluster] …`); every wait is bounded.
 *
 * Run by `npm run cluster:test` (and by `npm test` after the end-to-end tests); needs PostgreSQL on 127.0.0.1:5432,
 * Debian's haproxy and the production build.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { queryRows, type Db } from '../../backend/db/client.ts';
import { cartTable, mailOutboxTable, orderTable, productTable } from '../../backend/db/schema/index.ts';
import { startSmtpSink, type SmtpSink } from '../../backend/testing/smtp-sink.ts';
import { erpAdvanceRecord } from '../../backend/testing/job-test-support.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../../backend/testing/pg-test-database.ts';
import { insertCompany, insertCustomer } from '../../backend/testing/company-test-support.ts';
import { fillCart, insertAddress, insertArticle } from '../../backend/testing/order-test-support.ts';
import { insertTestReference, ledgerAndUsage } from '../../backend/testing/budget-test-support.ts';
import { DEMO_PASSWORD } from '../../backend/seed/seed-customers.ts';
import { SALES_CHANNEL_ID, languageId } from '../../backend/db/seed-channel.ts';
import {
  ASSET_ARCHIVE_DIR,
  PORTS,
  SHOP_ORIGIN,
  ensureBuild,
  figure,
  http,
  runCommand,
  sharedEnv,
  startBackend,
  startBalancer,
  startStorefront,
  stop,
  storeApi,
  waitFor,
  waitReady,
  type ClusterProcess,
} from './harness.ts';

const JOURNAL = JSON.parse(
  readFileSync(new URL('../../backend/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

let database: PgTestDatabase | undefined;
let db: Db;
let env: Record<string, string>;
const running: ClusterProcess[] = [];
let balancer: ReturnType<typeof startBalancer> | undefined;
let storefronts: ClusterProcess[] = [];
let backends: ClusterProcess[] = [];
let smtp: SmtpSink;
/** When the job processes were ready (ms since the epoch). */
let workersReadyAt = 0;

beforeAll(async () => {
  ensureBuild();
  smtp = await startSmtpSink();
  database = await createPgTestDatabase({ migrate: false });
  db = database.handle.db;
  env = sharedEnv(database.url, smtp.port);
});

afterAll(async () => {
  await Promise.all(running.map((proc) => stop(proc, 15_000)));
  if (balancer) {
    balancer.child.kill('SIGTERM');
    await balancer.exited;
    balancer.cleanup();
  }
  await database?.drop();
  await smtp?.close();
  rmSync(ASSET_ARCHIVE_DIR, { recursive: true, force: true });
});

describe('start-up', () => {
  test('the whole cluster started at once on an empty database: the workers migrate and seed once, the web processes wait for them', async () => {
    const workers = PORTS.workers.map((port, i) => startBackend(`W${i + 1}`, port, env, 'worker'));
    backends = PORTS.backends.map((port, i) => startBackend(`B${i + 1}`, port, env, 'web'));
    storefronts = PORTS.storefronts.map((port, i) => startStorefront(`S${i + 1}`, port, env));
    running.push(...workers, ...backends, ...storefronts);
    balancer = startBalancer();
    // A web process listens at once and answers 503 until the workers have brought the database to its schema.
    const { value: waiting } = await waitFor(
      'a web Store API listening before the database is ready',
      async () => {
        const res = await http({ port: PORTS.backends[0], path: '/readyz', timeoutMs: 2_000 });
        return res.status === 503 ? res.body.trim() : undefined;
      },
      30_000,
      100,
    );
    const [w1 = 0, w2 = 0] = await Promise.all(workers.map((proc) => waitReady(proc, 120_000)));
    const times = await Promise.all([...backends, ...storefronts].map((proc) => waitReady(proc, 60_000)));
    workersReadyAt = Date.now();
    figure(
      'concurrent bootstrap',
      `workers ready after ${w1} and ${w2} ms; web Store APIs answered "${waiting}" until then, everything ready after ${Math.max(w1, w2, ...times)} ms`,
    );

    const applied = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    expect(applied[0]!.n).toBe(JOURNAL.entries.length);
    const domains = await queryRows<{ url: string }>(
      db,
      sql`SELECT url FROM sales_channel_domain WHERE sales_channel_id = ${SALES_CHANNEL_ID} ORDER BY url`,
    );
    expect(domains.map((d) => d.url)).toContain(SHOP_ORIGIN);
    const [products] = await queryRows<{ all: number; numbers: number }>(
      db,
      sql`SELECT count(*)::int AS all, count(DISTINCT product_number)::int AS numbers FROM product`,
    );
    // The generated catalogue of the start-up seed: 5,000 articles and their variants, written once.
    expect(products!.all).toBeGreaterThanOrEqual(5_000);
    expect(products!.numbers).toBe(products!.all);
    await waitFor(
      'the shop through the balancer',
      async () => ((await http({ port: PORTS.shopBalancer, path: '/' })).status === 200 ? true : undefined),
      20_000,
    );
  });
});

describe('pages and sessions', () => {
  test('the same build gives the same ETag on both storefronts, and a 304 works across them', async () => {
    const headers = { 'accept-encoding': 'br' };
    const answer = async (port: number) =>
      waitFor(
        `cached home page on ${port}`,
        async () => {
          const res = await http({ port, path: '/', headers });
          return res.headers['x-cache'] === 'HIT' ? res : undefined;
        },
        20_000,
      );
    const [one, two] = await Promise.all(PORTS.storefronts.map(async (port) => (await answer(port)).value));
    expect(one!.headers.etag).toBeTruthy();
    expect(two!.headers.etag).toBe(one!.headers.etag);
    const revalidated = await http({
      port: PORTS.storefronts[1],
      path: '/',
      headers: { ...headers, 'if-none-match': String(one!.headers.etag) },
    });
    expect(revalidated.status).toBe(304);
    figure('same ETag', `${String(one!.headers.etag)} on S1 and S2, 304 across`);
  });

  test('during a rolling deploy every hashed asset of either build answers 200 on both storefronts', async () => {
    const home = await http({ port: PORTS.storefronts[0], path: '/de/', headers: { 'accept-encoding': 'identity' } });
    const own = [...new Set([...home.body.matchAll(/\/_astro\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0]))];
    expect(own.length).toBeGreaterThan(0);
    // A file of the next build, as its first storefront archives it on start (names are content hashes).
    const next = '/_astro/cart.N3xtBu1d.js';
    writeFileSync(join(ASSET_ARCHIVE_DIR, next), 'export const build = "next";');
    for (const port of PORTS.storefronts) {
      for (const path of [...own, next]) {
        const res = await http({ port, path, headers: { 'accept-encoding': 'br, gzip' } });
        expect(res.status, `${path} on ${port}`).toBe(200);
      }
    }
    figure('rolling deploy', `${own.length} assets of the build and one of the next build answer 200 on S1 and S2`);
  });

  test('a login on one storefront carries to the other: cart and checkout without sticky sessions', async () => {
    const origin = { origin: SHOP_ORIGIN, 'content-type': 'application/json', accept: 'application/json' };
    const login = await http({
      port: PORTS.storefronts[0],
      path: '/store-api/account/login',
      method: 'POST',
      headers: origin,
      body: JSON.stringify({ username: 'anna.peeters', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    expect(cookie).toMatch(/=/);
    const [article] = await db
      .select({ id: productTable.id })
      .from(productTable)
      .where(sql`${productTable.active} AND ${productTable.parentId} IS NULL AND ${productTable.childCount} = 0`)
      .limit(1);
    const added = await http({
      port: PORTS.storefronts[1],
      path: '/store-api/checkout/cart/line-item',
      method: 'POST',
      headers: { ...origin, cookie },
      body: JSON.stringify({ items: [{ id: article!.id, type: 'product', referencedId: article!.id, quantity: 2 }] }),
    });
    expect(added.status, added.body).toBe(200);
    const cart = await http({
      port: PORTS.storefronts[0],
      path: '/store-api/checkout/cart',
      headers: { ...origin, cookie },
    });
    expect(
      (JSON.parse(cart.body) as { lineItems: { referencedId: string }[] }).lineItems.map((l) => l.referencedId),
    ).toContain(article!.id);
    const checkout = await http({ port: PORTS.storefronts[1], path: '/checkout', headers: { cookie } });
    expect(checkout.status).toBe(200);
    figure('no stickiness', 'login on S1, cart line on S2, cart read on S1, checkout page on S2');
  });
});

/** A BMEcat 1.2 file of the supplier "Clusterwerk": one category "Clusterklemmen" with `count` articles. */
function clusterCatalogue(count: number): string {
  const articles = Array.from({ length: count }, (_, i) => {
    const pid = `CLUSTER-${i + 1}`;
    return `<ARTICLE><SUPPLIER_AID>${pid}</SUPPLIER_AID>
<ARTICLE_DETAILS><DESCRIPTION_SHORT>Clusterklemme Zebrafink ${i + 1}</DESCRIPTION_SHORT><MANUFACTURER_NAME>Clusterwerk</MANUFACTURER_NAME></ARTICLE_DETAILS>
<ARTICLE_ORDER_DETAILS><ORDER_UNIT>C62</ORDER_UNIT><CONTENT_UNIT>C62</CONTENT_UNIT></ARTICLE_ORDER_DETAILS>
<ARTICLE_PRICE_DETAILS><ARTICLE_PRICE price_type="net_list"><PRICE_AMOUNT>${(9 + i / 100).toFixed(2)}</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY></ARTICLE_PRICE></ARTICLE_PRICE_DETAILS>
</ARTICLE>
<ARTICLE_TO_CATALOGGROUP_MAP><ART_ID>${pid}</ART_ID><CATALOG_GROUP_ID>10</CATALOG_GROUP_ID></ARTICLE_TO_CATALOGGROUP_MAP>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<BMECAT version="1.2" xmlns="http://www.bmecat.org/bmecat/1.2/bmecat_new_catalog">
<HEADER><CATALOG><LANGUAGE>deu</LANGUAGE><CATALOG_ID>CLUSTER</CATALOG_ID><CATALOG_VERSION>1.0</CATALOG_VERSION><CURRENCY>EUR</CURRENCY></CATALOG>
<SUPPLIER><SUPPLIER_NAME>Clusterwerk</SUPPLIER_NAME></SUPPLIER></HEADER>
<T_NEW_CATALOG>
<CATALOG_GROUP_SYSTEM><GROUP_SYSTEM_ID>CL</GROUP_SYSTEM_ID>
<CATALOG_STRUCTURE type="root"><GROUP_ID>1</GROUP_ID><GROUP_NAME>Clusterwerk</GROUP_NAME><PARENT_ID>0</PARENT_ID></CATALOG_STRUCTURE>
<CATALOG_STRUCTURE type="leaf"><GROUP_ID>10</GROUP_ID><GROUP_NAME>Clusterklemmen</GROUP_NAME><PARENT_ID>1</PARENT_ID></CATALOG_STRUCTURE>
</CATALOG_GROUP_SYSTEM>
${articles}
</T_NEW_CATALOG></BMECAT>`;
}

/** Imports `clusterCatalogue(count)` with `npm run catalog:import` as a process of its own. */
async function importClusterCatalogue(count: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'werkbank-cluster-import-'));
  try {
    const file = join(dir, 'clusterwerk.xml');
    writeFileSync(file, clusterCatalogue(count));
    const run = await runCommand('backend/catalog/cli-import.ts', [file], env);
    expect(run.code, run.output).toBe(0);
    return run.endedAt;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A cached catalogue page the import changes: the German search for the imported article's name. */
const SEARCH_PAGE = '/de/search?query=Zebrafink';

/** Store API requests in German, the language of the imported file. */
const GERMAN = { 'sw-language-id': languageId('de-DE') };

interface ListingAnswer {
  total: number;
  elements: { productNumber: string }[];
  aggregations?: Record<string, { entities?: { name?: string; translated?: { name?: string } }[] }>;
}

const listing = async (port: number, categoryId: string, page: number): Promise<ListingAnswer> =>
  JSON.parse(
    (await storeApi(port, `/product-listing/${categoryId}`, { body: { page, limit: 24 }, headers: GERMAN })).body,
  ) as ListingAnswer;

const catalogVersion = async (port: number): Promise<number> =>
  (JSON.parse((await storeApi(port, '/werkbank/cache-version')).body) as { catalog: number }).catalog;

describe('catalogue and channel versions across processes', () => {
  test('an import by another process reaches both Store APIs (listing, facets, search, SEO URL) and both storefronts (cached pages)', async () => {
    const warm = await Promise.all(
      PORTS.storefronts.map(async (port) => {
        const { value } = await waitFor(
          `cached search page on ${port}`,
          async () => {
            const res = await http({ port, path: SEARCH_PAGE, headers: { 'accept-encoding': 'identity' } });
            return res.headers['x-cache'] === 'HIT' ? res : undefined;
          },
          20_000,
        );
        expect(value.body).not.toContain('CLUSTER-1');
        return value.headers.etag;
      }),
    );
    const committed = await importClusterCatalogue(1);
    const [category] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM category WHERE translated->'de-DE'->>'name' = 'Clusterklemmen'`,
    );
    const backendTimes = await Promise.all(
      PORTS.backends.map(async (port) => {
        const { ms } = await waitFor(
          `the import on ${port}`,
          async () => {
            const found = JSON.parse(
              (await storeApi(port, '/search', { body: { search: 'Zebrafink' }, headers: GERMAN })).body,
            ) as ListingAnswer;
            const listed = await listing(port, category!.id, 1);
            const manufacturers = listed.aggregations?.manufacturer?.entities ?? [];
            const seo = JSON.parse(
              (
                await storeApi(port, '/seo-url', {
                  body: { filter: [{ type: 'equals', field: 'seoPathInfo', value: 'Clusterklemmen/' }] },
                  headers: GERMAN,
                })
              ).body,
            ) as { elements: { foreignKey: string }[] };
            return found.elements.some((e) => e.productNumber === 'CLUSTER-1') &&
              listed.elements.some((e) => e.productNumber === 'CLUSTER-1') &&
              manufacturers.some((m) => (m.translated?.name ?? m.name) === 'Clusterwerk') &&
              seo.elements.some((e) => e.foreignKey === category!.id)
              ? true
              : undefined;
          },
          10_000,
        );
        return ms;
      }),
    );
    figure('import → Store APIs', `B1 ${backendTimes[0]} ms, B2 ${backendTimes[1]} ms after the command's exit`);
    const pageTimes = await Promise.all(
      PORTS.storefronts.map(async (port, i) => {
        const { value } = await waitFor(
          `the import on the page of ${port}`,
          async () => {
            const res = await http({ port, path: SEARCH_PAGE, headers: { 'accept-encoding': 'identity' } });
            return res.status === 200 && res.body.includes('CLUSTER-1') ? res : undefined;
          },
          15_000,
        );
        expect(value.headers.etag).not.toBe(warm[i]);
        return Date.now() - committed;
      }),
    );
    figure('import → cached pages', `S1 ${pageTimes[0]} ms, S2 ${pageTimes[1]} ms after the command's exit`);
  });

  test('after an import, page 1 from one Store API and page 2 from the other neither repeat nor skip a product', async () => {
    await importClusterCatalogue(31);
    const [category] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM category WHERE translated->'de-DE'->>'name' = 'Clusterklemmen'`,
    );
    const { value: version } = await waitFor(
      'one catalogue version on both Store APIs',
      async () => {
        const [a, b] = await Promise.all(PORTS.backends.map(catalogVersion));
        return a === b ? a : undefined;
      },
      10_000,
    );
    const first = await listing(PORTS.backends[0], category!.id, 1);
    const second = await listing(PORTS.backends[1], category!.id, 2);
    const numbers = [...first.elements, ...second.elements].map((e) => e.productNumber);
    expect(first.total).toBe(31);
    expect(new Set(numbers).size).toBe(31);
    expect(numbers.sort()).toEqual(Array.from({ length: 31 }, (_, i) => `CLUSTER-${i + 1}`).sort());
    figure('pagination', `catalogue version ${version}: pages 1 (B1) and 2 (B2) hold 31 distinct articles`);
  });

  test('maintenance switched by the command reaches both storefronts within 10 s, on and off', async () => {
    for (const [mode, status] of [
      ['on', 503],
      ['off', 200],
    ] as const) {
      const run = await runCommand('backend/cli-maintenance.ts', [mode], env);
      expect(run.code, run.output).toBe(0);
      const times = await Promise.all(
        PORTS.storefronts.map(async (port) => {
          const { ms } = await waitFor(
            `maintenance ${mode} on ${port}`,
            async () => ((await http({ port, path: '/de/' })).status === status ? true : undefined),
            10_000,
          );
          return ms;
        }),
      );
      figure(`maintenance ${mode}`, `S1 ${times[0]} ms, S2 ${times[1]} ms after the command's exit`);
    }
  });
});

describe('media across processes', () => {
  test('one never-rendered thumbnail asked of both Store APIs at once: the same bytes from both, one stored row', async () => {
    const [file] = await queryRows<{ hash: string }>(
      db,
      sql`SELECT f.hash FROM media_file f
           WHERE NOT EXISTS (SELECT 1 FROM media_thumbnail t
                              WHERE t.hash = f.hash AND t.width = 192 AND t.height = 192 AND t.format = 'webp')
           LIMIT 1`,
    );
    expect(file).toBeDefined();
    const path = `/media/${file!.hash}/192x192.webp`;
    const answers = await Promise.all(
      PORTS.backends.map(
        (port) =>
          new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
            httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
            })
              .on('error', reject)
              .end();
          }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.body.length).toBeGreaterThan(0);
    expect(answers[1]!.body.equals(answers[0]!.body)).toBe(true);
    const [rows] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM media_thumbnail
           WHERE hash = ${file!.hash} AND width = 192 AND height = 192 AND format = 'webp'`,
    );
    expect(rows!.n).toBe(1);
    figure('thumbnail', `${answers[0]!.body.length} identical bytes from B1 and B2, one stored row`);
  });
});

describe('limits and money across processes', () => {
  test('login limits are shared: the 11th failed login of one username is refused on any instance', async () => {
    const attempt = (localAddress: string, username: string) =>
      storeApi(PORTS.apiBalancer, '/account/login', {
        body: { username, password: 'wrong-password' },
        localAddress,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt('127.0.0.2', 'cluster.nobody')).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const eleventh = await Promise.all([
      attempt('127.0.0.3', 'cluster.nobody'),
      attempt('127.0.0.4', 'cluster.nobody'),
    ]);
    expect(eleventh.map((r) => r.status)).toEqual([429, 429]);
    expect(eleventh[0]!.body).toContain('FRAMEWORK__RATE_LIMIT_EXCEEDED');
    figure('shared login limit', '10 failures spread over B1 and B2, the 11th refused (429) on both');
  });

  test('100 concurrent orders over both Store APIs never overdraw one budget', async () => {
    const companyId = (await insertCompany(db)).id;
    await insertAddress(db, companyId, { isMain: true });
    const article = (await insertArticle(db, { price: '10.00', stock: 100_000 })).id;
    const referenceId = await insertTestReference(db, companyId, { budgetCents: 30_000 });
    const buyers = await Promise.all(Array.from({ length: 100 }, () => insertCustomer(db, companyId)));
    for (const buyer of buyers) {
      await fillCart(db, buyer.id, [{ productId: article, quantity: 2 }]);
      await db.update(cartTable).set({ orderReferenceId: referenceId }).where(eq(cartTable.customerId, buyer.id));
    }
    const started = Date.now();
    const answers = await Promise.all(
      buyers.map((b) => storeApi(PORTS.apiBalancer, '/checkout/order', { token: b.token, body: {} })),
    );
    const placed = await db.select().from(orderTable).where(eq(orderTable.orderReferenceId, referenceId));
    const usage = await ledgerAndUsage(db, 'order_reference', referenceId);
    // Every order books the same amount (goods, shipping and the shop's surcharges): as many fit as the budget allows.
    const perOrder = usage.ledger / placed.length;
    expect(placed.length).toBe(Math.floor(30_000 / perOrder));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(placed.length);
    expect(
      answers
        .filter((a) => a.status !== 200)
        .every((a) => a.body.includes('order-reference-unsufficient-budget-blocked')),
    ).toBe(true);
    expect(new Set(placed.map((o) => o.orderNumber)).size).toBe(placed.length);
    expect(usage.used).toBe(usage.ledger);
    expect(usage.used).toBeLessThanOrEqual(30_000);
    figure(
      'budget',
      `100 submits in ${Date.now() - started} ms: ${placed.length} placed of ${perOrder} cents each, used ${usage.used} of 30000 cents`,
    );
  });

  test('concurrent orders of a closeout article over both Store APIs never sell below zero', async () => {
    const companyId = (await insertCompany(db)).id;
    await insertAddress(db, companyId, { isMain: true });
    const article = await insertArticle(db, { price: '5.00', stock: 25, closeout: true });
    const buyers = await Promise.all(Array.from({ length: 40 }, () => insertCustomer(db, companyId)));
    for (const buyer of buyers) await fillCart(db, buyer.id, [{ productId: article.id, quantity: 1 }]);
    const answers = await Promise.all(
      buyers.map((b) => storeApi(PORTS.apiBalancer, '/checkout/order', { token: b.token, body: {} })),
    );
    const [row] = await db.select().from(productTable).where(eq(productTable.id, article.id));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(25);
    expect(row!.availableStock).toBe(0);
    figure('stock', `40 submits for 25 pieces: 25 placed, available stock ${row!.availableStock}`);
  });

  test('one Idempotency-Key sent to both Store APIs at once places one order, and both answers name it', async () => {
    const companyId = (await insertCompany(db)).id;
    await insertAddress(db, companyId, { isMain: true });
    const article = (await insertArticle(db, { price: '3.00' })).id;
    const buyer = await insertCustomer(db, companyId);
    await fillCart(db, buyer.id, [{ productId: article, quantity: 1 }]);
    const key = `cluster-${Date.now()}`;
    const answers = await Promise.all(
      PORTS.backends.map((port) =>
        storeApi(port, '/checkout/order', { token: buyer.token, body: {}, headers: { 'idempotency-key': key } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const ids = answers.map((a) => (JSON.parse(a.body) as { id: string }).id);
    expect(ids[1]).toBe(ids[0]);
    const orders = await db.select().from(orderTable).where(eq(orderTable.customerId, buyer.id));
    expect(orders).toHaveLength(1);
    figure('idempotency', `one key to B1 and B2 at once: one order ${ids[0]}`);
  });
});

/** Logs in through the Store API balancer and answers the context token. */
async function login(username: string): Promise<string> {
  const res = await storeApi(PORTS.apiBalancer, '/account/login', { body: { username, password: DEMO_PASSWORD } });
  expect(res.status, res.body).toBe(200);
  return String(res.headers['sw-context-token']);
}

describe('jobs across processes', () => {
  test('an order confirmation reaches SMTP exactly once although the placing process died right after the commit', async () => {
    const faulty = startBackend(
      'B-faulty',
      PORTS.faulty,
      { ...env, WERKBANK_FAULT_EXIT_AFTER_ORDER_COMMIT: '1' },
      'web',
    );
    running.push(faulty);
    await waitReady(faulty);
    const companyId = (await insertCompany(db)).id;
    await insertAddress(db, companyId, { isMain: true });
    const article = (await insertArticle(db, { price: '4.00' })).id;
    const buyer = await insertCustomer(db, companyId);
    await fillCart(db, buyer.id, [{ productId: article, quantity: 1 }]);
    const headers = { 'idempotency-key': `crash-${Date.now()}` };
    const died = await storeApi(PORTS.faulty, '/checkout/order', { token: buyer.token, body: {}, headers }).then(
      (res) => `answered ${res.status}`,
      (err: Error) => err.message,
    );
    expect(await faulty.exited).toBe(75);
    const retried = await storeApi(PORTS.apiBalancer, '/checkout/order', { token: buyer.token, body: {}, headers });
    expect(retried.status, retried.body).toBe(200);
    const orderId = (JSON.parse(retried.body) as { id: string }).id;
    expect(await db.select().from(orderTable).where(eq(orderTable.customerId, buyer.id))).toHaveLength(1);
    const [mail] = await db
      .select()
      .from(mailOutboxTable)
      .where(eq(mailOutboxTable.recipient, `${buyer.username}@example.com`));
    const messageId = `<${mail!.id}@werkbank.test>`;
    const deliveryJobs = () =>
      queryRows<{ state: string; retries: number; created: string; started: string | null; completed: string | null }>(
        db,
        sql`SELECT state, retry_count AS retries, created_on::text AS created, started_on::text AS started,
                   completed_on::text AS completed
              FROM pgboss.job WHERE name = 'mail-deliver' AND singleton_key = ${mail!.id}`,
      );
    const { ms } = await waitFor(
      'the confirmation at the SMTP sink',
      async () => (smtp.mails.some((m) => m.messageId === messageId) ? true : undefined),
      70_000,
    );
    figure('mail across a crash', `delivery jobs: ${JSON.stringify(await deliveryJobs())}`);
    expect(ms).toBeLessThan(30_000);
    // A second delivery would follow within the relay's minute at the latest; the claim makes it impossible.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(smtp.mails.filter((m) => m.messageId === messageId)).toHaveLength(1);
    const [order] = await db.select().from(orderTable).where(eq(orderTable.id, orderId));
    expect(order!.erpHandedOverAt).not.toBeNull();
    figure(
      'mail across a crash',
      `first submit: ${died}; one confirmation ${messageId} after ${ms} ms, order handed to the ERP`,
    );
  });

  test('with SMTP refusing, creating a company user answers 200; the invitation arrives once SMTP accepts again', async () => {
    const token = await login('anna.peeters');
    smtp.refusing = true;
    const username = `cluster.invitee.${Date.now()}`;
    const created = await storeApi(PORTS.apiBalancer, '/werkbank/companies/customers/create', {
      token,
      body: { firstName: 'Ines', lastName: 'Invitee', email: `${username}@example.com`, username },
    });
    expect(created.status, created.body).toBe(200);
    await waitFor('a refused delivery', async () => (smtp.refused > 0 ? true : undefined), 20_000);
    smtp.refusing = false;
    const { ms } = await waitFor(
      'the invitation at the SMTP sink',
      async () => (smtp.mails.some((m) => m.to.includes(`${username}@example.com`)) ? true : undefined),
      45_000,
    );
    await new Promise((r) => setTimeout(r, 2_000));
    expect(smtp.mails.filter((m) => m.to.includes(`${username}@example.com`))).toHaveLength(1);
    figure(
      'mail while SMTP is down',
      `user created (200), ${smtp.refused} refused attempt(s), invitation once ${ms} ms after SMTP accepted again`,
    );
  });

  test('the ERP advance runs exactly once per minute occurrence across the two workers', async () => {
    // At least one minute boundary after both workers were ready (pg-boss schedules are minute-granular).
    const nextMinute = Math.ceil(workersReadyAt / 60_000) * 60_000;
    await new Promise((r) => setTimeout(r, Math.max(0, nextMinute + 15_000 - Date.now())));
    const { value: record } = await waitFor(
      'the erp-advance occurrences settled',
      async () => {
        const read = await erpAdvanceRecord(db);
        return read.settled && read.occurrences.length > 0 ? read : undefined;
      },
      30_000,
    );
    expect(record.occurrences.every((o) => o.jobs === 1)).toBe(true);
    expect(record.runs.total).toBe(record.occurrences.length);
    figure(
      'ERP advance',
      `${record.occurrences.length} minute occurrence(s), ${record.runs.total} run(s), one per occurrence`,
    );
  });
});

describe('shutdown', () => {
  test('SIGTERM to a storefront and a Store API under load: no failed request through the balancer', async () => {
    const results: (number | string)[] = [];
    let running = true;
    const paths = ['/', '/en', '/fr', '/de'];
    const loop = (async () => {
      let i = 0;
      while (running) {
        const path = paths[i++ % paths.length]!;
        // A fresh page each time (a query the page cache does not know) reaches a Store API, too.
        await http({ port: PORTS.shopBalancer, path: `${path}?load=${i}` }).then(
          (res) => results.push(res.status),
          (err: Error) => results.push(err.message),
        );
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await new Promise((r) => setTimeout(r, 2_000));
    const [storefrontStop, backendStop] = await Promise.all([stop(storefronts[0]!), stop(backends[0]!)]);
    await new Promise((r) => setTimeout(r, 2_000));
    running = false;
    await loop;
    const failed = results.filter((r) => r !== 200);
    figure(
      'drain',
      `${results.length} requests, ${failed.length} failed; S1 exited ${storefrontStop.code} after ${storefrontStop.ms} ms, B1 exited ${backendStop.code} after ${backendStop.ms} ms`,
    );
    expect(failed).toEqual([]);
    expect([storefrontStop.code, backendStop.code]).toEqual([0, 0]);
  });
});
