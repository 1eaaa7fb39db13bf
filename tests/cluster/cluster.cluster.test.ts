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
import { readFileSync } from 'node:fs';
import { queryRows, type Db } from '../../backend/db/client.ts';
import { cartTable, orderTable, productTable } from '../../backend/db/schema/index.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../../backend/testing/pg-test-database.ts';
import { insertCompany, insertCustomer } from '../../backend/testing/company-test-support.ts';
import { fillCart, insertAddress, insertArticle } from '../../backend/testing/order-test-support.ts';
import { insertTestReference, ledgerAndUsage } from '../../backend/testing/budget-test-support.ts';
import { DEMO_PASSWORD } from '../../backend/seed/seed-customers.ts';
import { SALES_CHANNEL_ID } from '../../backend/db/seed-channel.ts';
import {
  PORTS,
  SHOP_ORIGIN,
  ensureBuild,
  figure,
  http,
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

beforeAll(async () => {
  ensureBuild();
  database = await createPgTestDatabase({ migrate: false });
  db = database.handle.db;
  env = sharedEnv(database.url);
});

afterAll(async () => {
  await Promise.all(running.map((proc) => stop(proc, 15_000)));
  if (balancer) {
    balancer.child.kill('SIGTERM');
    await balancer.exited;
    balancer.cleanup();
  }
  await database?.drop();
});

describe('start-up', () => {
  test('two Store API processes started together on an empty database both become ready; each migration and the catalogue happen once', async () => {
    const first = startBackend('bootstrap-1', PORTS.backends[0], env, 'all');
    const second = startBackend('bootstrap-2', PORTS.backends[1], env, 'all');
    running.push(first, second);
    const [a, b] = await Promise.all([waitReady(first, 120_000), waitReady(second, 120_000)]);
    figure('concurrent bootstrap', `ready after ${a} ms and ${b} ms`);

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

    const stops = await Promise.all([stop(first), stop(second)]);
    expect(stops.map((s) => s.code)).toEqual([0, 0]);
    running.splice(0);
  });

  test('the cluster starts: storefronts and web Store APIs behind the balancer, one worker', async () => {
    backends = PORTS.backends.map((port, i) => startBackend(`B${i + 1}`, port, env, 'web'));
    const worker = startBackend('W', PORTS.worker, env, 'worker');
    storefronts = PORTS.storefronts.map((port, i) => startStorefront(`S${i + 1}`, port, env));
    running.push(...backends, worker, ...storefronts);
    balancer = startBalancer();
    const times = await Promise.all([...backends, worker, ...storefronts].map((proc) => waitReady(proc)));
    figure('cluster start', `ready after ${Math.max(...times)} ms`);
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
