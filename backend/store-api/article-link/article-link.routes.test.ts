import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ArticleLinkInfoResponseSchema,
  ArticleLinkListResponseSchema,
  ArticleLinkSchema,
  CUSTOMER_SKU_MAX_LENGTH,
} from '../../../contract/provider/article-link.ts';
import { StoreApiErrorEnvelopeSchema } from '../../../contract/errors.ts';
import { createStoreApi } from '../../app.ts';
import { RIGHT_CODES } from '../../auth/rights.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { articleLinkTable, mediaTable, productTable } from '../../db/schema/index.ts';
import { putMediaFile } from '../../media/media-store.ts';
import { languageId, seedSalesChannel } from '../../db/seed-channel.ts';
import { randomId } from '../../lib/ids.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';
import { uniqueLinks } from '../../commerce/article-links/article-link.service.ts';
import { providerErrorPrefix } from '../../../contract/provider.ts';

const config = loadBackendConfig({});
const P = `/store-api/${config.provider}/article-links`;
const PREFIX = providerErrorPrefix(config.provider);
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];

let companyA: string;
let companyB: string;
let manager: TestCustomer;
let noRight: TestCustomer;
let other: TestCustomer;
/** Articles by key: product id and supplier article number. */
const articles: Record<string, { id: string; productNumber: string }> = {};

type Json = Record<string, unknown> & {
  errors?: { code: string; status: string; source?: { pointer: string } }[];
};

async function call(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await app.request(path, {
    method,
    headers: {
      'sw-access-key': config.accessKey,
      'content-type': 'application/json',
      ...(token ? { 'sw-context-token': token } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  const json = (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {}) as Json;
  return { status: res.status, json, text, headers: res.headers };
}

/** The body parsed with `schema`, which must accept it and hold every key of it. */
function conforms<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, body);
  expect(parsed.success, JSON.stringify(parsed.issues?.map((i) => [v.getDotPath(i), i.message]))).toBe(true);
  expect(parsed.output).toEqual(body);
  return parsed.output as v.InferOutput<S>;
}

/** The error codes and pointers of an envelope, which must match the contract's envelope schema. */
function errorsOf(json: Json) {
  conforms(StoreApiErrorEnvelopeSchema, json);
  return (json.errors ?? []).map((e) => ({ code: e.code, pointer: e.source?.pointer }));
}

/** Inserts an article with a name per language. */
async function insertProduct(key: string, productNumber: string, names: { en: string; de: string }, active = true) {
  const id = randomId();
  await handle.db.insert(productTable).values({
    id,
    productNumber,
    active,
    translated: { 'en-GB': { name: names.en }, 'de-DE': { name: names.de } },
    nameEn: names.en,
    nameDe: names.de,
    nameNl: names.en,
    nameFr: names.en,
  });
  articles[key] = { id, productNumber };
}

/** Creates a link as `manager` and returns the answer. */
async function create(productId: string, customerSku: string, token = manager.token) {
  const res = await call('POST', P, token, { productId, customerSku });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return conforms(ArticleLinkSchema, res.json);
}

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  app = createStoreApi({ db: handle.db, config }).app;
  companyA = (await insertCompany(handle.db, { name: 'Alpha' })).id;
  companyB = (await insertCompany(handle.db, { name: 'Beta' })).id;
  manager = await insertCustomer(handle.db, companyA, { leadBuyer: true });
  noRight = await insertCustomer(handle.db, companyA, {
    rights: RIGHT_CODES.filter((c) => c !== 'ROLE_MANAGE_ARTICLE_LINKS'),
  });
  other = await insertCustomer(handle.db, companyB, { leadBuyer: true });
  await insertProduct('hammer', 'AL-100', { en: 'Claw hammer', de: 'Klauenhammer' });
  await insertProduct('saw', 'AL-200', { en: 'Hand saw', de: 'Handsäge' });
  await insertProduct('drill', 'AL-300', { en: 'Drill bit', de: 'Bohrer' });
  await insertProduct('glue', 'AL-400', { en: 'Wood glue', de: 'Holzleim' }, false);
});
afterAll(() => handle.close());

describe('managing article links', () => {
  test('create, list, search, sort, change and delete; private answers in the contract shape', async () => {
    const created = await call('POST', P, manager.token, { productId: ' AL-100 ', customerSku: '  K-7 ' });
    expect(created.status).toBe(200);
    expect(created.headers.get('cache-control')).toBe('private, no-store');
    const link = conforms(ArticleLinkSchema, created.json);
    expect(link).toMatchObject({
      productId: 'AL-100',
      customerSku: 'K-7',
      product: { id: articles.hammer!.id, name: 'Claw hammer', url: '/Claw-hammer/AL-100', cover: null },
      updatedAt: null,
      apiAlias: 'article_link',
    });
    const saw = await create('AL-200', 'b-2');
    const glue = await create('AL-400', 'Z-9');
    expect(glue.product.url).toBeNull();

    const list = await call('GET', P, manager.token);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    const page = conforms(ArticleLinkListResponseSchema, list.json);
    expect(page).toMatchObject({ total: 3, page: 1, limit: 25 });
    expect(page.elements.map((e) => e.customerSku)).toEqual(['b-2', 'K-7', 'Z-9']);

    const byName = conforms(
      ArticleLinkListResponseSchema,
      (await call('GET', `${P}?sort=name&order=desc`, manager.token)).json,
    );
    expect(byName.elements.map((e) => e.product.name)).toEqual(['Wood glue', 'Hand saw', 'Claw hammer']);
    const byNumber = (await call('GET', `${P}?sort=productNumber&limit=2&page=2`, manager.token)).json;
    expect(conforms(ArticleLinkListResponseSchema, byNumber)).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect((byNumber.elements as { productId: string }[]).map((e) => e.productId)).toEqual(['AL-400']);

    const search = async (term: string, headers: Record<string, string> = {}) =>
      conforms(
        ArticleLinkListResponseSchema,
        (await call('GET', `${P}?term=${encodeURIComponent(term)}`, manager.token, undefined, headers)).json,
      ).elements.map((e) => e.productId);
    expect(await search('k-')).toEqual(['AL-100']);
    expect(await search('al-2')).toEqual(['AL-200']);
    expect(await search('SAW')).toEqual(['AL-200']);
    expect(await search('säge')).toEqual([]);
    const de = { 'sw-language-id': languageId('de-DE') };
    expect(await search('säge', de)).toEqual(['AL-200']);
    const german = (await call('GET', `${P}?term=AL-200`, manager.token, undefined, de)).json;
    expect(conforms(ArticleLinkListResponseSchema, german).elements[0]?.product).toMatchObject({
      name: 'Handsäge',
      url: '/Handsaege/AL-200',
    });

    const changed = await call('PUT', `${P}/${saw.id.toUpperCase()}`, manager.token, {
      productId: 'AL-300',
      customerSku: 'B-2',
    });
    expect(changed.status).toBe(200);
    expect(conforms(ArticleLinkSchema, changed.json)).toMatchObject({
      id: saw.id,
      productId: 'AL-300',
      customerSku: 'B-2',
      product: { id: articles.drill!.id },
      updatedAt: expect.any(String),
    });

    for (const id of [link.id, saw.id, glue.id]) {
      const deleted = await call('DELETE', `${P}/${id}`, manager.token);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
    }
    expect(conforms(ArticleLinkListResponseSchema, (await call('GET', P, manager.token)).json).total).toBe(0);
  });

  test('a customer number names one article and an article has one number, case ignored', async () => {
    const hammer = await create('AL-100', 'Abc-1');
    const sameNumber = await call('POST', P, manager.token, { productId: 'AL-200', customerSku: 'aBC-1' });
    expect(sameNumber.status).toBe(400);
    expect(errorsOf(sameNumber.json)).toEqual([{ code: 'CUSTOMER_SKU_NOT_UNIQUE', pointer: '/customerSku' }]);
    const sameArticle = await call('POST', P, manager.token, { productId: 'AL-100', customerSku: 'other' });
    expect(errorsOf(sameArticle.json)).toEqual([{ code: 'PRODUCT_ID_NOT_UNIQUE', pointer: '/productId' }]);
    const unknown = await call('POST', P, manager.token, { productId: 'NO-SUCH', customerSku: 'x' });
    expect(unknown.status).toBe(400);
    expect(errorsOf(unknown.json)).toEqual([{ code: 'PRODUCT_ID_NOT_FOUND', pointer: '/productId' }]);

    const saw = await create('AL-200', 'saw');
    const taken = await call('PUT', `${P}/${saw.id}`, manager.token, { productId: 'AL-200', customerSku: 'ABC-1' });
    expect(errorsOf(taken.json)).toEqual([{ code: 'CUSTOMER_SKU_NOT_UNIQUE', pointer: '/customerSku' }]);
    const moved = await call('PUT', `${P}/${saw.id}`, manager.token, { productId: 'AL-100', customerSku: 'saw' });
    expect(errorsOf(moved.json)).toEqual([{ code: 'PRODUCT_ID_NOT_UNIQUE', pointer: '/productId' }]);
    // A link keeps its own number in another case.
    const recased = await call('PUT', `${P}/${hammer.id}`, manager.token, {
      productId: 'AL-100',
      customerSku: 'ABC-1',
    });
    expect(recased.status).toBe(200);

    // Another company uses the same numbers freely.
    await create('AL-100', 'abc-1', other.token);

    // A write that skips the checks meets the unique indexes, which answer the same errors.
    const insert = (productId: string, customerSku: string) => () =>
      handle.db.insert(articleLinkTable).values({ id: randomId(), companyId: companyA, productId, customerSku });
    await expect(uniqueLinks(insert(articles.drill!.id, 'abc-1'))).rejects.toMatchObject({
      status: 400,
      code: 'CUSTOMER_SKU_NOT_UNIQUE',
    });
    await expect(uniqueLinks(insert(articles.hammer!.id, 'fresh'))).rejects.toMatchObject({
      status: 400,
      code: 'PRODUCT_ID_NOT_UNIQUE',
    });

    await handle.db.delete(articleLinkTable);
  });

  test('blank, too long or control characters answer violations at the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ productId: 'AL-100', customerSku: '   ' }, 'VIOLATION::IS_BLANK_ERROR', '/customerSku'],
      [{ productId: 'AL-100' }, 'VIOLATION::IS_BLANK_ERROR', '/customerSku'],
      [{ productId: '', customerSku: 'x' }, 'VIOLATION::IS_BLANK_ERROR', '/productId'],
      [
        { productId: 'AL-100', customerSku: 'x'.repeat(CUSTOMER_SKU_MAX_LENGTH + 1) },
        'VIOLATION::TOO_LONG_ERROR',
        '/customerSku',
      ],
      [{ productId: 'AL-100', customerSku: 'a\u0007b' }, 'VIOLATION::REGEX_FAILED_ERROR', '/customerSku'],
      [{ productId: 'AL-100', customerSku: 'a\u200bb' }, 'VIOLATION::REGEX_FAILED_ERROR', '/customerSku'],
      [{ productId: 'AL\n100', customerSku: 'x' }, 'VIOLATION::REGEX_FAILED_ERROR', '/productId'],
      ...['=1+1', '+31', '-5', '@SUM(A1)', ' =HYPERLINK("x")'].map((customerSku): [unknown, string, string] => [
        { productId: 'AL-100', customerSku },
        'VIOLATION::FORMULA_ERROR',
        '/customerSku',
      ]),
    ];
    for (const [body, code, pointer] of cases) {
      const res = await call('POST', P, manager.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorsOf(res.json)).toEqual([{ code, pointer }]);
    }
    const link = await create('AL-100', 'ok');
    const res = await call('PUT', `${P}/${link.id}`, manager.token, { productId: 'AL-100', customerSku: '' });
    expect(errorsOf(res.json)).toEqual([{ code: 'VIOLATION::IS_BLANK_ERROR', pointer: '/customerSku' }]);
    const query = await call('GET', `${P}?sort=price&limit=101`, manager.token);
    expect(errorsOf(query.json).map((e) => e.pointer)).toEqual(['/limit', '/sort']);
    await handle.db.delete(articleLinkTable);
  });
});

describe('the article’s cover', () => {
  test('an article with a stored image comes with its thumbnails, one without an image with none', async () => {
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#c8102e' } })
      .png()
      .toBuffer();
    const file = await putMediaFile(handle.db, png);
    const mediaId = randomId();
    await handle.db
      .insert(mediaTable)
      .values({ id: mediaId, fileName: 'hammer.png', mimeType: 'image/png', fileHash: file.hash });
    await handle.db.update(productTable).set({ coverMediaId: mediaId }).where(eq(productTable.id, articles.hammer!.id));

    const hammer = await create(articles.hammer!.productNumber, 'COVER-1');
    const saw = await create(articles.saw!.productNumber, 'COVER-2');
    try {
      expect(hammer.product.cover?.url).toBe(`/media/${file.hash}/original.png`);
      expect(hammer.product.cover?.metaData).toEqual({ width: 600, height: 600 });
      expect(hammer.product.cover?.thumbnails.map((t) => t.width)).toEqual([96, 192, 400, 600]);
      expect(hammer.product.cover?.thumbnails[0]?.extensions.formats.avif).toBe(`/media/${file.hash}/96x96.avif`);
      expect(saw.product.cover).toBeNull();
    } finally {
      for (const link of [hammer, saw])
        expect((await call('DELETE', `${P}/${link.id}`, manager.token)).status).toBe(204);
    }
  });
});

describe('rights and companies', () => {
  test('every endpoint needs ROLE_MANAGE_ARTICLE_LINKS and a login', async () => {
    const link = await create('AL-100', 'R-1');
    const calls: [string, string, unknown?][] = [
      ['GET', P],
      ['POST', P, { productId: 'AL-200', customerSku: 'R-2' }],
      ['POST', `${P}/info`, { productIds: ['AL-100'] }],
      ['GET', `${P}/export`],
      ['POST', `${P}/import`],
      ['PUT', `${P}/${link.id}`, { productId: 'AL-100', customerSku: 'R-3' }],
      ['DELETE', `${P}/${link.id}`],
    ];
    for (const [method, path, body] of calls) {
      const denied = await call(method, path, noRight.token, body);
      expect(denied.status, `${method} ${path}`).toBe(403);
      expect(denied.headers.get('cache-control')).toBe('private, no-store');
      expect(errorsOf(denied.json)).toEqual([{ code: `${PREFIX}__MISSING_RIGHT`, pointer: undefined }]);
      const anonymous = await call(method, path, undefined, body);
      expect(anonymous.status, `${method} ${path}`).toBe(403);
      expect(errorsOf(anonymous.json)[0]?.code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
    }
    expect((await call('GET', P, manager.token)).json.total).toBe(1);
    await handle.db.delete(articleLinkTable);
  });

  test("another company's link answers 404 like an unknown one and is never seen", async () => {
    const mine = await create('AL-100', 'MINE-1');
    const theirs = await create('AL-200', 'THEIRS-1', other.token);
    const notFound = `${PREFIX}__ARTICLE_LINK_NOT_FOUND`;
    for (const [token, id] of [
      [manager.token, theirs.id],
      [other.token, mine.id],
      [manager.token, randomId()],
    ] as const) {
      const put = await call('PUT', `${P}/${id}`, token, { productId: 'AL-300', customerSku: 'NEW' });
      expect(put.status).toBe(404);
      expect(errorsOf(put.json)).toEqual([{ code: notFound, pointer: undefined }]);
      const del = await call('DELETE', `${P}/${id}`, token);
      expect(del.status).toBe(404);
      expect(errorsOf(del.json)).toEqual([{ code: notFound, pointer: undefined }]);
    }
    expect(errorsOf((await call('DELETE', `${P}/not-an-id`, manager.token)).json)).toEqual([
      { code: 'VIOLATION::INVALID_UUID', pointer: '/id' },
    ]);

    const list = conforms(ArticleLinkListResponseSchema, (await call('GET', P, manager.token)).json);
    expect(list.elements.map((e) => e.customerSku)).toEqual(['MINE-1']);
    expect((await call('GET', `${P}?term=THEIRS`, manager.token)).json.total).toBe(0);
    const info = await call('POST', `${P}/info`, manager.token, {
      productIds: ['AL-100', 'AL-200'],
      customerSkus: ['mine-1', 'theirs-1'],
    });
    expect(conforms(ArticleLinkInfoResponseSchema, info.json)).toEqual({
      customerSkus: { 'AL-100': 'MINE-1' },
      productNumbers: { 'mine-1': 'AL-100' },
    });
    const exported = await call('GET', `${P}/export`, manager.token);
    expect(exported.text).toContain('MINE-1');
    expect(exported.text).not.toContain('THEIRS');
    // The other company's link is untouched by all of it.
    const theirList = conforms(ArticleLinkListResponseSchema, (await call('GET', P, other.token)).json);
    expect(theirList.elements.map((e) => [e.id, e.customerSku])).toEqual([[theirs.id, 'THEIRS-1']]);
    await handle.db.delete(articleLinkTable);
  });
});

describe('info', () => {
  test('resolves supplier numbers to customer numbers and back; unlinked numbers are left out', async () => {
    await create('AL-100', 'Hx-1');
    await create('AL-300', 'Dx-3');
    const res = await call('POST', `${P}/info`, manager.token, {
      productIds: ['AL-100', 'AL-200', 'NO-SUCH', 'AL-300'],
      customerSkus: ['hx-1', 'DX-3', 'unknown'],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(conforms(ArticleLinkInfoResponseSchema, res.json)).toEqual({
      customerSkus: { 'AL-100': 'Hx-1', 'AL-300': 'Dx-3' },
      productNumbers: { 'hx-1': 'AL-100', 'DX-3': 'AL-300' },
    });
    const onlySkus = await call('POST', `${P}/info`, manager.token, { customerSkus: ['HX-1'] });
    expect(onlySkus.json).toEqual({ customerSkus: {}, productNumbers: { 'HX-1': 'AL-100' } });
    const empty = await call('POST', `${P}/info`, manager.token, {});
    expect(errorsOf(empty.json)).toEqual([{ code: 'VIOLATION::TOO_FEW_ERROR', pointer: '/productIds' }]);
    const tooMany = await call('POST', `${P}/info`, manager.token, {
      productIds: Array.from({ length: 300 }, (_, i) => `N-${i}`),
      customerSkus: Array.from({ length: 201 }, (_, i) => `C-${i}`),
    });
    expect(errorsOf(tooMany.json)).toEqual([{ code: 'VIOLATION::TOO_MANY_ERROR', pointer: '/productIds' }]);
    await handle.db.delete(articleLinkTable);
  });
});
