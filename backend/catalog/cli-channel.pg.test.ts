/**
 * The catalogue commands against a shop's PostgreSQL database: `npm run catalog:generate` and `npm run catalog:import`
 * run as their own processes without the shop's SHOP_URL_* or access key in their environment, and leave the domains
 * and access key the shop's start wrote as they were. Needs the PostgreSQL server of the project's machines
 * (127.0.0.1:5432, user postgres, trust; `WERKBANK_TEST_PG_URL` points elsewhere) and ../shared/catalog; a throwaway
 * database is created and dropped.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadBackendConfig } from '../config.ts';
import { queryRows } from '../db/client.ts';
import { SALES_CHANNEL_ID, seedSalesChannel } from '../db/seed-channel.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../testing/pg-test-database.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
const SAMPLE = path.resolve(
  process.cwd(),
  '../shared/catalog/bmecat/synthetic/olivere_bmecat12_testdata_new_catalog.golden.xml',
);
const SHOP = loadBackendConfig({
  SHOP_URL_BE: 'https://werkbank.be',
  SHOP_URL_AT: 'https://werkbank.at',
  STORE_API_ACCESS_KEY: 'SWSCLIVESHOPKEY',
});

let database: PgTestDatabase;

beforeAll(async () => {
  database = await createPgTestDatabase();
  await seedSalesChannel(database.handle.db, SHOP);
});

afterAll(async () => {
  await database?.drop();
});

/** Runs a catalogue command with an environment that names the database and nothing of the shop's configuration. */
async function runCli(script: string, args: string[]): Promise<void> {
  const env: Record<string, string | undefined> = { ...process.env, ...database.env };
  for (const key of ['SHOP_URL_BE', 'SHOP_URL_AT', 'PORT', 'STORE_API_ACCESS_KEY']) delete env[key];
  await promisify(execFile)(process.execPath, [TSX, script, ...args], { cwd: ROOT, env, timeout: 120_000 });
}

async function stored(): Promise<{ urls: string[]; accessKey: string | undefined }> {
  const rows = await queryRows<{ url: string }>(
    database.handle.db,
    sql`SELECT url FROM sales_channel_domain WHERE sales_channel_id = ${SALES_CHANNEL_ID} ORDER BY position`,
  );
  const [channel] = await queryRows<{ access_key: string }>(
    database.handle.db,
    sql`SELECT access_key FROM sales_channel WHERE id = ${SALES_CHANNEL_ID}`,
  );
  return { urls: rows.map((r) => r.url), accessKey: channel?.access_key };
}

describe('catalogue commands on a running shop database', () => {
  test('catalog:generate leaves the shop domains and access key unchanged', { timeout: 150_000 }, async () => {
    await runCli('backend/catalog/cli-generate.ts', ['--articles', '3']);
    expect(await stored()).toEqual({ urls: SHOP.domains.map((d) => d.url), accessKey: 'SWSCLIVESHOPKEY' });
    const [products] = await queryRows<{ count: number }>(
      database.handle.db,
      sql`SELECT count(*)::int AS count FROM product`,
    );
    expect(products?.count).toBeGreaterThan(0);
  });

  test('catalog:import leaves the shop domains and access key unchanged', { timeout: 150_000 }, async () => {
    await runCli('backend/catalog/cli-import.ts', [SAMPLE]);
    expect(await stored()).toEqual({ urls: SHOP.domains.map((d) => d.url), accessKey: 'SWSCLIVESHOPKEY' });
  });
});
