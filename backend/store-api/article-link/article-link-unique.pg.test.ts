/**
 * The article link uniqueness rules under real concurrency, on PostgreSQL (PGlite serialises every query, which hides
 * the race between the checks and the insert): concurrent creates of one customer number for different articles, and
 * of different numbers for one article, give exactly one link and answer the others with the specification's
 * `CUSTOMER_SKU_NOT_UNIQUE` or `PRODUCT_ID_NOT_UNIQUE`, never a server error; two companies may use the same number.
 * Needs the PostgreSQL server of the project's machines (127.0.0.1:5432, user postgres, trust; `WERKBANK_TEST_PG_URL`
 * points elsewhere); a throwaway database is created and dropped.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { loadBackendConfig } from '../../config.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../../testing/pg-test-database.ts';
import { articleLinkTable, productTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { randomId } from '../../lib/ids.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';

const config = loadBackendConfig({});
let database: PgTestDatabase | undefined;
let app: ReturnType<typeof createStoreApi>['app'];
let companyId: string;
let buyers: TestCustomer[];
let otherBuyer: TestCustomer;
const productNumbers = Array.from({ length: 10 }, (_, i) => `PG-LINK-${i}`);

beforeAll(async () => {
  database = await createPgTestDatabase();
  const db = database.handle.db;
  await seedSalesChannel(db, config);
  app = createStoreApi({ db, config }).app;
  companyId = (await insertCompany(db)).id;
  buyers = await Promise.all(Array.from({ length: 5 }, () => insertCustomer(db, companyId, { leadBuyer: true })));
  otherBuyer = await insertCustomer(db, (await insertCompany(db)).id, { leadBuyer: true });
  for (const productNumber of productNumbers) {
    const name = `Article ${productNumber}`;
    await db.insert(productTable).values({
      id: randomId(),
      productNumber,
      translated: { 'en-GB': { name } },
      nameEn: name,
      nameDe: name,
      nameNl: name,
      nameFr: name,
    });
  }
});
afterAll(async () => {
  await database?.drop();
});

/** POSTs a link as `buyer`; answers the status and the first error code. */
async function link(buyer: TestCustomer, productId: string, customerSku: string) {
  const res = await app.request(`/store-api/${config.provider}/article-links`, {
    method: 'POST',
    headers: {
      'sw-access-key': config.accessKey,
      'content-type': 'application/json',
      'sw-context-token': buyer.token,
    },
    body: JSON.stringify({ productId, customerSku }),
  });
  const body = (await res.json()) as { errors?: { code: string }[] };
  return { status: res.status, code: body.errors?.[0]?.code ?? null };
}

test('users of one company giving one number (in different cases) to nine articles at once: one link', async () => {
  const cases = ['KAST-7', 'kast-7', 'Kast-7', 'KaSt-7', 'kAST-7'];
  const answers = await Promise.all(
    productNumbers.slice(0, 9).map((number, i) => link(buyers[i % buyers.length]!, number, cases[i % cases.length]!)),
  );
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  expect(answers.filter((a) => a.status !== 200)).toEqual(
    Array.from({ length: 8 }, () => ({ status: 400, code: 'CUSTOMER_SKU_NOT_UNIQUE' })),
  );
  const rows = await database!.handle.db
    .select()
    .from(articleLinkTable)
    .where(eq(articleLinkTable.companyId, companyId));
  expect(rows.filter((r) => r.customerSku.toLowerCase() === 'kast-7')).toHaveLength(1);
});

test('ten numbers for one article at once: one link, nine PRODUCT_ID_NOT_UNIQUE; another company is not affected', async () => {
  // The tenth article is linked by nobody yet (the first test used the other nine).
  const article = productNumbers[9]!;
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) => link(buyers[i % buyers.length]!, article, `SHELF-${i}`)),
  );
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  expect(answers.filter((a) => a.status !== 200)).toEqual(
    Array.from({ length: 9 }, () => ({ status: 400, code: 'PRODUCT_ID_NOT_UNIQUE' })),
  );
  // The other company uses the same numbers freely.
  expect(await link(otherBuyer, article, 'KAST-7')).toEqual({ status: 200, code: null });
});
