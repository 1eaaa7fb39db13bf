import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  ARTICLE_LINK_IMPORT_MAX_BYTES,
  ARTICLE_LINK_IMPORT_MAX_ROWS,
  ArticleLinkImportResponseSchema,
  type ArticleLinkImportResponse,
} from '../../../contract/provider/article-link.ts';
import { StoreApiErrorEnvelopeSchema } from '../../../contract/errors.ts';
import { createStoreApi } from '../../app.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { articleLinkTable, productTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { randomId } from '../../lib/ids.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';

const config = loadBackendConfig({});
const P = `/store-api/${config.provider}/article-links`;
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];
let companyA: string;
let manager: TestCustomer;
let other: TestCustomer;
/** Product ids by supplier article number. */
const ids = new Map<string, string>();

function headers(token: string, extra: Record<string, string> = {}) {
  return { 'sw-access-key': config.accessKey, 'sw-context-token': token, ...extra };
}

/** Sends a CSV file to the import. */
async function importCsv(body: string | ReadableStream<Uint8Array>, token = manager.token) {
  const res = await app.request(`${P}/import`, {
    method: 'POST',
    headers: headers(token, { 'content-type': 'text/csv' }),
    body,
    ...(typeof body === 'string' ? {} : { duplex: 'half' }),
  } as RequestInit);
  return { status: res.status, json: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

/** A successful import's report, checked against the contract. */
async function report(body: string, token = manager.token): Promise<ArticleLinkImportResponse> {
  const res = await importCsv(body, token);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  const parsed = v.safeParse(ArticleLinkImportResponseSchema, res.json);
  expect(parsed.success, JSON.stringify(parsed.issues?.map((i) => [v.getDotPath(i), i.message]))).toBe(true);
  expect(parsed.output).toEqual(res.json);
  const out = parsed.output as ArticleLinkImportResponse;
  expect(out.created + out.updated + out.unchanged + out.errors).toBe(out.rows.length);
  return out;
}

/** An error answer's items (code, pointer), checked against the envelope schema. */
function errorsOf(json: unknown) {
  const envelope = v.parse(StoreApiErrorEnvelopeSchema, json);
  return envelope.errors.map((e) => ({ code: e.code, pointer: e.source?.pointer }));
}

/** The links of company A as number → customer number. */
async function linksOf(companyId = companyA): Promise<Record<string, string>> {
  const rows = await handle.db
    .select({ number: productTable.productNumber, sku: articleLinkTable.customerSku })
    .from(articleLinkTable)
    .innerJoin(productTable, eq(productTable.id, articleLinkTable.productId))
    .where(eq(articleLinkTable.companyId, companyId));
  return Object.fromEntries(rows.map((r) => [r.number, r.sku]).sort());
}

async function link(number: string, sku: string, companyId = companyA) {
  await handle.db
    .insert(articleLinkTable)
    .values({ id: randomId(), companyId, productId: ids.get(number)!, customerSku: sku });
}

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  app = createStoreApi({ db: handle.db, config }).app;
  companyA = (await insertCompany(handle.db)).id;
  const companyB = (await insertCompany(handle.db)).id;
  manager = await insertCustomer(handle.db, companyA, { leadBuyer: true });
  other = await insertCustomer(handle.db, companyB, { leadBuyer: true });
  for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const id = randomId();
    ids.set(`P${n}`, id);
    await handle.db.insert(productTable).values({ id, productNumber: `P${n}`, nameEn: `Article ${n}` });
  }
  // Supplier article numbers a spreadsheet would read as formulas.
  for (const number of ['-9', '@10', '+11']) {
    const id = randomId();
    ids.set(number, id);
    await handle.db.insert(productTable).values({ id, productNumber: number, nameEn: `Article ${number}` });
  }
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(articleLinkTable);
});

describe('CSV import', () => {
  test('reports every row: created, updated, unchanged and each error; only rows without error are written', async () => {
    await link('P1', 'E-1');
    await link('P2', 'E-2');
    await link('P3', 'E-3');
    await link('P8', 'THEIRS', (await insertCompany(handle.db)).id);
    const file = [
      '\uFEFFproductId;customerSku;note',
      'P1;E-1;same', // 2 unchanged
      'P2;NEW-2', // 3 updated, frees E-2
      'P4;E-2', // 4 created with the number row 3 freed
      'P5;E-3', // 5 E-3 still belongs to P3 (renumbered only later)
      'P3;E-3b', // 6 updated
      '', // 7 empty, skipped
      'NOPE;X-1', // 8 unknown article
      'P1;E-1', // 9 article named by row 2
      'P6;new-2', // 10 customer number named by row 3, case ignored
      'P6;', // 11 blank customer number
      ' ;Z', // 12 blank article number
      'P6;a\u0007b', // 13 control character
      `P6;${'x'.repeat(65)}`, // 14 too long
      'P6;"two', // 15 a quoted cell over two lines
      'lines"',
      'P7;"Q;1"', // 17 a quoted separator
      'P8;theirs', // 18 another company's number is free here
    ].join('\n');
    const out = await report(file);
    const ok = (line: number, productId: string, customerSku: string, result: string) => ({
      line,
      productId,
      customerSku,
      result,
      error: null,
    });
    const error = (line: number, productId: string, customerSku: string, code: string, field: string) => ({
      line,
      productId,
      customerSku,
      result: 'error',
      error: { code, field },
    });
    expect(out.rows).toEqual([
      ok(2, 'P1', 'E-1', 'unchanged'),
      ok(3, 'P2', 'NEW-2', 'updated'),
      ok(4, 'P4', 'E-2', 'created'),
      error(5, 'P5', 'E-3', 'CUSTOMER_SKU_NOT_UNIQUE', 'customerSku'),
      ok(6, 'P3', 'E-3b', 'updated'),
      error(8, 'NOPE', 'X-1', 'PRODUCT_ID_NOT_FOUND', 'productId'),
      error(9, 'P1', 'E-1', 'PRODUCT_ID_NOT_UNIQUE', 'productId'),
      error(10, 'P6', 'new-2', 'CUSTOMER_SKU_NOT_UNIQUE', 'customerSku'),
      error(11, 'P6', '', 'IS_BLANK_ERROR', 'customerSku'),
      error(12, ' ', 'Z', 'IS_BLANK_ERROR', 'productId'),
      error(13, 'P6', 'a\u0007b', 'REGEX_FAILED_ERROR', 'customerSku'),
      error(14, 'P6', 'x'.repeat(65), 'TOO_LONG_ERROR', 'customerSku'),
      error(15, 'P6', 'two\nlines', 'REGEX_FAILED_ERROR', 'customerSku'),
      ok(17, 'P7', 'Q;1', 'created'),
      ok(18, 'P8', 'theirs', 'created'),
    ]);
    expect(out).toMatchObject({ created: 3, updated: 2, unchanged: 1, errors: 9 });
    expect(await linksOf()).toEqual({ P1: 'E-1', P2: 'NEW-2', P3: 'E-3b', P4: 'E-2', P7: 'Q;1', P8: 'theirs' });
  });

  test('a comma file with CRLF and columns in any order and case; a renumbering in another case', async () => {
    await link('P1', 'abc');
    const out = await report('CustomerSku,ProductId,extra\r\nABC,P1,\r\n"d,1",P2,x\r\n');
    expect(out.rows.map((r) => [r.line, r.result])).toEqual([
      [2, 'updated'],
      [3, 'created'],
    ]);
    expect(await linksOf()).toEqual({ P1: 'ABC', P2: 'd,1' });
  });

  test('export then import of the same file changes nothing', async () => {
    await link('P1', 'Zeta');
    await link('P2', 'alpha;1');
    await link('P3', 'He said "B"');
    await link('P4', 'MÜnze');
    await link('P5', 'other', (await insertCompany(handle.db)).id);
    const res = await app.request(`${P}/export`, { headers: headers(manager.token) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="article-links-[\d-]+\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, '').trim(), { delimiter: ';' });
    expect(parsed.data).toEqual([
      ['productId', 'customerSku'],
      ['P2', 'alpha;1'],
      ['P3', 'He said "B"'],
      ['P4', 'MÜnze'],
      ['P1', 'Zeta'],
    ]);
    expect(text.split('\r\n')[0]).toBe('\uFEFFproductId;customerSku');
    const before = await linksOf();
    const out = await report(text);
    expect(out).toMatchObject({ created: 0, updated: 0, unchanged: 4, errors: 0 });
    expect(await linksOf()).toEqual(before);
  });

  test('the export guards cells a spreadsheet would run as formulas; the import takes the guard off again', async () => {
    await link('-9', "'=quoted");
    await link('@10', "'plain");
    await link('+11', 'SKU-11');
    // Stored before customer numbers were checked: the export must guard it too.
    await link('P1', '=HYPERLINK("http://evil.example","x")');
    const res = await app.request(`${P}/export`, { headers: headers(manager.token) });
    const text = new TextDecoder().decode(await res.arrayBuffer());
    expect(text.split('\r\n')).toEqual([
      'productId;customerSku',
      `"'-9";"''=quoted"`,
      `"'@10";'plain`,
      `P1;"'=HYPERLINK(""http://evil.example"",""x"")"`,
      `"'+11";SKU-11`,
      '',
    ]);
    // No cell of the file begins with a formula character.
    const cells = Papa.parse<string[]>(text.trim(), { delimiter: ';' }).data.flat();
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    // Re-imported, every row the shop accepts today is unchanged; the old formula number is refused.
    const out = await report(text);
    expect(out.rows.map((r) => [r.productId, r.customerSku, r.result, r.error?.code ?? null])).toEqual([
      ['-9', "'=quoted", 'unchanged', null],
      ['@10', "'plain", 'unchanged', null],
      ['P1', '=HYPERLINK("http://evil.example","x")', 'error', 'FORMULA_ERROR'],
      ['+11', 'SKU-11', 'unchanged', null],
    ]);
  });

  test('the import refuses customer numbers a spreadsheet would run as formulas, row by row', async () => {
    const file = [
      'productId;customerSku',
      "P1;=cmd|' /C calc'!A0",
      'P2;+31',
      'P3;-5',
      'P4;@SUM(A1)',
      'P5;"\t=1+1"',
      "P6;'=guarded",
      'P8;A-1',
    ].join('\r\n');
    const out = await report(file);
    expect(out.rows.map((r) => [r.line, r.result, r.error?.code ?? null, r.error?.field ?? null])).toEqual([
      [2, 'error', 'FORMULA_ERROR', 'customerSku'],
      [3, 'error', 'FORMULA_ERROR', 'customerSku'],
      [4, 'error', 'FORMULA_ERROR', 'customerSku'],
      [5, 'error', 'FORMULA_ERROR', 'customerSku'],
      [6, 'error', 'FORMULA_ERROR', 'customerSku'],
      [7, 'error', 'FORMULA_ERROR', 'customerSku'],
      [8, 'created', null, null],
    ]);
    expect(await linksOf()).toEqual({ P8: 'A-1' });
  });

  test('files the import cannot read answer 400 and write nothing', async () => {
    expect(errorsOf((await importCsv('')).json)).toEqual([{ code: 'VIOLATION::IS_BLANK_ERROR', pointer: '/' }]);
    expect(errorsOf((await importCsv('productId;sku\nP1;x\n')).json)).toEqual([
      { code: 'VIOLATION::IS_BLANK_ERROR', pointer: '/customerSku' },
    ]);
    const broken = await importCsv('productId;customerSku\nP1;"open\n');
    expect(broken.status).toBe(400);
    expect(errorsOf(broken.json)).toEqual([{ code: 'VIOLATION::INVALID_VALUE', pointer: '/' }]);
    const rows = Array.from({ length: ARTICLE_LINK_IMPORT_MAX_ROWS + 1 }, (_, i) => `N${i};C${i}`);
    const many = await importCsv(['productId;customerSku', ...rows].join('\n'));
    expect(errorsOf(many.json)).toEqual([{ code: 'VIOLATION::TOO_MANY_ERROR', pointer: '/' }]);
    expect(await linksOf()).toEqual({});
  });

  test('a body over 2 MiB answers 413 in the error envelope, declared or streamed', async () => {
    const declared = await importCsv(`productId;customerSku\n${'x'.repeat(ARTICLE_LINK_IMPORT_MAX_BYTES)}`);
    expect(declared.status).toBe(413);
    expect(errorsOf(declared.json)).toEqual([{ code: 'FRAMEWORK__PAYLOAD_TOO_LARGE', pointer: undefined }]);

    const chunk = new TextEncoder().encode('P1;abc\n'.repeat(10_000));
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled > 8 * ARTICLE_LINK_IMPORT_MAX_BYTES) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const streamed = await importCsv(stream);
    expect(streamed.status).toBe(413);
    expect(errorsOf(streamed.json)[0]?.code).toBe('FRAMEWORK__PAYLOAD_TOO_LARGE');
    expect(pulled).toBeLessThan(ARTICLE_LINK_IMPORT_MAX_BYTES + 2 * chunk.byteLength);
    expect(await linksOf()).toEqual({});
  });

  test("an import writes only the caller's company; another company's numbers stay apart", async () => {
    await link('P1', 'A-1');
    const out = await report('productId;customerSku\nP1;A-1\nP2;A-2\n', other.token);
    expect(out).toMatchObject({ created: 2, errors: 0 });
    expect(await linksOf()).toEqual({ P1: 'A-1' });
  });
});
