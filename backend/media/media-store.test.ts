import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../app.ts';
import { generatedImageSvg } from '../catalog/generate/product-images.ts';
import { importCatalogFile } from '../catalog/import.ts';
import { ensureCatalogSeeded } from '../catalog/seed.ts';
import { createCatalogWriter } from '../catalog/writer.ts';
import { loadBackendConfig } from '../config.ts';
import { createDb, queryRows, type DbHandle } from '../db/client.ts';
import { seedSalesChannel } from '../db/seed-channel.ts';
import type { StoreMedia } from '../http/shopware-schemas.ts';
import { putMediaFile, renderThumbnail } from './media-store.ts';

const config = loadBackendConfig({});
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];
let dir: string;

const storeApi = (path: string, body: unknown) =>
  app.request(`/store-api/${path}`, {
    method: 'POST',
    headers: { 'sw-access-key': config.accessKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const count = async (table: string) =>
  Number((await queryRows<{ n: number }>(handle.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n);

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  await ensureCatalogSeeded(handle.db, config, {
    sharedCatalogDir: '/nonexistent',
    generatedArticles: 120,
    log: () => {},
  });
  app = createStoreApi({ db: handle.db, config }).app;
  dir = await mkdtemp(path.join(tmpdir(), 'media-store-'));
});
afterAll(async () => {
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

describe('generated catalogue images', () => {
  test('the same name gives the same drawing and the same thumbnail bytes; other names give none', async () => {
    const a = generatedImageSvg('generated/cordless-drills-2.jpg')!;
    expect(a).toBe(generatedImageSvg('generated/cordless-drills-2.jpg'));
    expect(a).not.toBe(generatedImageSvg('generated/cordless-drills-3.jpg'));
    expect(generatedImageSvg('generated/datasheets/cordless-drills-pro.pdf')).toBeUndefined();
    const first = await renderThumbnail(Buffer.from(a), 400, 400, 'jpeg');
    expect((await renderThumbnail(Buffer.from(a), 400, 400, 'jpeg')).equals(first)).toBe(true);
  });

  test('each distinct drawing is stored once, however many products and names show it', async () => {
    const [used] = await queryRows<{ names: number; files: number }>(
      handle.db,
      sql`SELECT count(DISTINCT file_name)::int AS names, count(DISTINCT file_hash)::int AS files
            FROM media WHERE file_hash IS NOT NULL`,
    );
    // Products share drawings (a family's variants, families of one kind and look): fewer names than products, and
    // never more files than names.
    expect(used!.files).toBeLessThanOrEqual(used!.names);
    expect(used!.names).toBeLessThan(await count('product'));
    // An all-steel drawing (a spanner) looks the same in every colourway: four names, one stored file.
    const spanners = [1, 2, 3, 4].map((n) => generatedImageSvg(`generated/combination-spanners-${n}.jpg`)!);
    expect(new Set(spanners).size).toBe(1);
    const hash = createHash('sha256').update(spanners[0]!).digest('hex');
    const [stored] = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM media_file WHERE hash = ${hash}`,
    );
    expect(stored!.n).toBe(1);
    const [svg] = await queryRows<{ n: number; distinct: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n, count(DISTINCT data)::int AS distinct FROM media_file WHERE mime_type = 'image/svg+xml'`,
    );
    expect(svg!.distinct).toBe(svg!.n);
    expect(svg!.n).toBeGreaterThanOrEqual(used!.files);
    // Nothing is rendered at seed time: thumbnails come on first request.
    expect(await count('media_thumbnail')).toBe(0);
  });
});

describe('product media as Shopware sends them', () => {
  let cover: StoreMedia;
  beforeAll(async () => {
    const res = await storeApi('product', { limit: 1, associations: { media: {}, cover: {} } });
    const body = (await res.json()) as { elements: { cover: { media: StoreMedia } }[] };
    cover = body.elements[0]!.cover.media;
  });

  test('cover: content-addressed URL, pixel size and one thumbnail per size, AVIF and WebP beside the JPEG', () => {
    expect(cover.url).toMatch(/^\/media\/[0-9a-f]{64}\/800x800\.jpg$/);
    expect(cover.metaData).toEqual({ width: 800, height: 800 });
    expect(cover.thumbnails?.map((t) => [t.width, t.height])).toEqual([
      [96, 96],
      [192, 192],
      [400, 400],
      [800, 800],
    ]);
    const t = cover.thumbnails![2]!;
    expect(t.url).toMatch(/\/400x400\.jpg$/);
    expect(t.extensions.formats.avif).toBe(t.url.replace(/\.jpg$/, '.avif'));
    expect(t.extensions.formats.webp).toBe(t.url.replace(/\.jpg$/, '.webp'));
  });

  test.each([
    ['avif', 'image/avif'],
    ['webp', 'image/webp'],
    ['jpg', 'image/jpeg'],
  ])(
    'a %s thumbnail is served at its size with its type, cached as immutable, and rendered once',
    async (ext, type) => {
      const url = cover.thumbnails![2]!.url.replace(/\.jpg$/, `.${ext}`);
      const res = await app.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        ext === 'jpg' ? 'jpeg' : ext === 'avif' ? 'heif' : ext,
        400,
        400,
      ]);
      const again = Buffer.from(await (await app.request(url)).arrayBuffer());
      expect(again.equals(bytes)).toBe(true);
      const stored = await queryRows<{ n: number }>(
        handle.db,
        sql`SELECT count(*)::int AS n FROM media_thumbnail WHERE width = 400 AND format = ${ext === 'jpg' ? 'jpeg' : ext}`,
      );
      expect(stored[0]!.n).toBe(1);
    },
  );

  test('unknown media, a size that is not offered and other paths answer 404', async () => {
    const hash = cover.url.split('/')[2]!;
    for (const url of [
      `/media/${'0'.repeat(64)}/400x400.jpg`,
      `/media/${hash}/123x123.jpg`,
      `/media/${hash}/400x400.png`,
      `/media/${hash}/original.svg`,
      '/media/abc/400x400.jpg',
    ]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      expect(((await res.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('CONTENT__MEDIA_NOT_FOUND');
    }
  });
});

describe('media files beside an imported catalogue', () => {
  const mime = (source: string, type = 'image/jpeg') =>
    `<MIME><MIME_TYPE>${type}</MIME_TYPE><MIME_SOURCE>${source}</MIME_SOURCE><MIME_PURPOSE>normal</MIME_PURPOSE></MIME>`;
  const article = (number: string, media: string[]) =>
    `<ARTICLE mode="new"><SUPPLIER_AID>${number}</SUPPLIER_AID><ARTICLE_DETAILS><DESCRIPTION_SHORT>Artikel ${number}</DESCRIPTION_SHORT></ARTICLE_DETAILS><MIME_INFO>${media.join('')}</MIME_INFO></ARTICLE>`;
  const bmecat = (body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><BMECAT version="1.2"><HEADER><CATALOG><LANGUAGE>deu</LANGUAGE><CATALOG_ID>T</CATALOG_ID><CATALOG_VERSION>1</CATALOG_VERSION><MIME_ROOT>https://cdn.example.com/bilder/</MIME_ROOT></CATALOG><SUPPLIER><SUPPLIER_NAME>Medien GmbH</SUPPLIER_NAME></SUPPLIER></HEADER><T_NEW_CATALOG>${body}</T_NEW_CATALOG></BMECAT>`;

  test('images in media/ are stored by content and linked by MIME_SOURCE; missing files are reported, not fatal', async () => {
    const folder = path.join(dir, 'bmecat');
    await mkdir(path.join(folder, 'media'), { recursive: true });
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#1d5fa8' } })
      .png()
      .toBuffer();
    // The same picture under two names is one stored file.
    await writeFile(path.join(folder, 'media', 'm-1.png'), png);
    await writeFile(path.join(folder, 'media', 'm-1-copy.png'), png);
    await writeFile(path.join(folder, 'media', 'broken.jpg'), 'not an image');
    const file = path.join(folder, 'katalog.xml');
    await writeFile(
      file,
      bmecat(
        article('MED-1', [mime('m-1.png', 'image/png'), mime('datenblatt.pdf', 'application/pdf')]) +
          article('MED-2', [mime('m-1-copy.png', 'image/png')]) +
          article('MED-3', [mime('fehlt.jpg'), mime('broken.jpg')]),
      ),
    );
    const filesBefore = await count('media_file');
    const writer = createCatalogWriter(handle.db);
    const report = await importCatalogFile(file, writer, { media: { db: handle.db } });
    await writer.finalize();

    expect(report.products).toBe(3);
    expect(report.warnings).toEqual(
      expect.arrayContaining([
        {
          item: 'https://cdn.example.com/bilder/fehlt.jpg',
          message: `media file not found in ${path.join(folder, 'media')}`,
        },
        {
          item: 'https://cdn.example.com/bilder/broken.jpg',
          message: expect.stringMatching(/^media file not stored: /),
        },
      ]),
    );
    // The data sheet is a document: not looked up, not reported.
    expect(report.warnings.some((w) => w.item.includes('datenblatt'))).toBe(false);
    expect(await count('media_file')).toBe(filesBefore + 1);

    const res = await storeApi('product', {
      filter: [{ type: 'equalsAny', field: 'productNumber', value: ['MED-1', 'MED-2', 'MED-3'] }],
      associations: { media: {}, cover: {} },
    });
    const body = (await res.json()) as { elements: { productNumber: string; cover?: { media: StoreMedia } }[] };
    const byNumber = new Map(body.elements.map((p) => [p.productNumber, p.cover?.media]));
    const m1 = byNumber.get('MED-1')!;
    expect(m1.url).toMatch(/^\/media\/[0-9a-f]{64}\/original\.png$/);
    expect(byNumber.get('MED-2')!.url).toBe(m1.url);
    expect(m1.metaData).toEqual({ width: 300, height: 200 });
    expect(m1.thumbnails?.map((t) => [t.width, t.height])).toEqual([
      [96, 64],
      [192, 128],
      [300, 200],
    ]);
    // A missing file keeps the catalogue's URL.
    expect(byNumber.get('MED-3')!.url).toBe('https://cdn.example.com/bilder/fehlt.jpg');

    const original = await app.request(m1.url);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await original.arrayBuffer()).equals(png)).toBe(true);
  });

  test('the same bytes put twice are one row', async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toBuffer();
    const before = await count('media_file');
    const a = await putMediaFile(handle.db, jpeg);
    const b = await putMediaFile(handle.db, jpeg);
    expect(b).toEqual(a);
    expect(a).toMatchObject({ mimeType: 'image/jpeg', width: 10, height: 10, size: jpeg.length });
    expect(await count('media_file')).toBe(before + 1);
  });
});
