import { writeResponse } from 'astro/app/node';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { encodeBody } from '#src/lib/content-coding.ts';
import { etagOf, type CachedPage } from '#src/lib/html-cache.ts';
import { createDeliveryHandler, IMMUTABLE_CACHE_CONTROL } from './delivery.ts';
import { precompressDirectory } from './precompress.ts';
import { archiveBuildAssets } from './asset-archive.ts';

const listing = `<!doctype html><html lang="de"><title>Leitern</title>${Array.from(
  { length: 400 },
  (_, i) => `<li class="card"><a href="/de/Leiter-${i}/">Stufenleiter ${i} Stufen, Aluminium</a></li>`,
).join('')}</html>`;
const searchResult = JSON.stringify({
  elements: Array.from({ length: 30 }, (_, i) => ({ productNumber: `KS-${1000 + i}`, name: `Bohrer ${i} mm` })),
});
const asset = `export const labels = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `label ${i}`))};`;
const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4096, 7)]);

let server: Server;
let base: string;
let clientDir: string;
let astroRequests: string[] = [];
/** Released by the streaming test: the streamed page's second part waits for it. */
let releaseStream: () => void = () => {};

/** Answers as Astro's Node adapter does: a Web Response written with Astro's own `writeResponse`. */
async function astro(req: IncomingMessage, res: Parameters<typeof writeResponse>[1]): Promise<unknown> {
  astroRequests.push(req.url ?? '');
  const html = { 'content-type': 'text/html' };
  const json = { 'content-type': 'application/json' };
  switch (req.url) {
    case '/de/Steigtechnik/Leitern/':
      return writeResponse(new Response(req.method === 'HEAD' ? null : listing, { headers: html }), res);
    case '/store-api/search':
      return writeResponse(new Response(searchResult, { headers: json }), res);
    case '/store-api/account/login':
      return writeResponse(new Response('{"errors":[{"status":"401"}]}', { status: 401, headers: json }), res);
    case '/de/Steigtechnik/':
      // As the middleware answers a revalidation after rendering: the stored headers with the ETag, no body.
      return writeResponse(
        new Response(null, { status: 304, headers: { ...html, vary: 'Accept-Encoding', etag: '"k2x-br"' } }),
        res,
      );
    case '/media/photo.png':
      return writeResponse(new Response(png, { headers: { 'content-type': 'image/png' } }), res);
    case '/de/streamed/': {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(
            encoder.encode(`<!doctype html><head><title>Werkbank</title></head>${'<p>a</p>'.repeat(300)}`),
          );
          await new Promise<void>((resolve) => (releaseStream = resolve));
          controller.enqueue(encoder.encode('<footer>end</footer>'));
          controller.close();
        },
      });
      return writeResponse(new Response(body, { headers: html }), res);
    }
    default:
      return writeResponse(new Response('Not found', { status: 404 }), res);
  }
}

let cached: CachedPage;

beforeAll(async () => {
  clientDir = await mkdtemp(join(tmpdir(), 'werkbank-delivery-'));
  await mkdir(join(clientDir, '_astro'));
  await mkdir(join(clientDir, 'images'));
  await writeFile(join(clientDir, '_astro', 'labels.Bx3kP9aQ.js'), asset);
  await writeFile(
    join(clientDir, 'images', 'logo.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`,
  );
  await writeFile(join(clientDir, 'images', 'photo.png'), png);
  await precompressDirectory(clientDir);

  const home =
    '<!doctype html><title>Werkbank</title>' + '<section>Werkzeug, Befestigung, Arbeitsschutz</section>'.repeat(100);
  cached = {
    bodies: await encodeBody(home),
    etag: etagOf(home),
    headers: [
      ['content-type', 'text/html'],
      ['cache-control', 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600'],
      ['vary', 'Accept-Encoding'],
      ['x-content-type-options', 'nosniff'],
    ],
    expires: Date.now() + 300_000,
  };
  server = createServer(
    createDeliveryHandler({
      clientDir,
      app: astro,
      findCachedPage: async (req) =>
        req.url === '/en'
          ? cached
          : req.url === '/fr'
            ? { ...cached, bodies: { identity: cached.bodies.identity } }
            : undefined,
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(clientDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request with exactly these headers (no client-side decompression), the raw bytes of the answer. */
function send(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('dynamic responses (through Astro)', () => {
  test('HTML goes out with brotli when the browser accepts it, else gzip, else plain; always Vary', async () => {
    const br = await send('/de/Steigtechnik/Leitern/', BROWSER);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(listing);
    expect(br.body.length).toBeLessThan(listing.length / 5);

    const gz = await send('/de/Steigtechnik/Leitern/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(listing);

    const refused = await send('/de/Steigtechnik/Leitern/', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(listing);

    const plain = await send('/de/Steigtechnik/Leitern/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  test('JSON of the Store API proxy is compressed; a body under 1 KB and images are not', async () => {
    const search = await send('/store-api/search', BROWSER, 'POST');
    expect(search.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(search.body).toString())).toEqual(JSON.parse(searchResult));

    const small = await send('/store-api/account/login', BROWSER, 'POST');
    expect(small.status).toBe(401);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['content-length']).toBe(String(small.body.length));
    expect(JSON.parse(small.body.toString())).toEqual({ errors: [{ status: '401' }] });

    const image = await send('/media/photo.png', BROWSER);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.equals(png)).toBe(true);
  });

  test('a 304 of a page Astro revalidated goes out without body or Content-Encoding', async () => {
    const revalidated = await send('/de/Steigtechnik/', { ...BROWSER, 'if-none-match': '"k2x-br"' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
    expect(revalidated.body.length).toBe(0);
  });

  test('HEAD answers headers without a body', async () => {
    const head = await send('/de/Steigtechnik/Leitern/', BROWSER, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  test('a streamed page reaches the browser chunk by chunk, compressed', async () => {
    const firstBytes = await new Promise<string>((resolve, reject) => {
      const req = request(`${base}/de/streamed/`, { headers: BROWSER }, (res) => {
        expect(res.headers['content-encoding']).toBe('br');
        const decoder = createBrotliDecompress();
        let text = '';
        decoder.on('data', (c: Buffer) => {
          text += c.toString();
          if (text.includes('<title>Werkbank</title>')) resolve(text);
        });
        res.pipe(decoder);
      });
      req.on('error', reject);
      req.end();
    });
    // The head arrived while the page was still waiting for the rest of its body.
    expect(firstBytes).not.toContain('<footer>');
    releaseStream();
  });
});

describe('cached pages (before Astro)', () => {
  test('a page not yet encoded in the accepted coding goes to the middleware, which adds it', async () => {
    astroRequests = [];
    await send('/fr', BROWSER);
    expect(astroRequests).toEqual(['/fr']);
    astroRequests = [];
    // Unencoded requests are answered from memory.
    const plain = await send('/fr', { 'accept-encoding': 'identity' });
    expect(plain.headers['x-cache']).toBe('HIT');
    expect(astroRequests).toEqual([]);
  });

  test('are sent from memory in the accepted coding, with a per-coding ETag and 304 on revalidation', async () => {
    astroRequests = [];
    const br = await send('/en', BROWSER);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['x-cache']).toBe('HIT');
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.equals(cached.bodies.br!)).toBe(true);

    const gz = await send('/en', { 'accept-encoding': 'gzip' });
    expect(gz.body.equals(cached.bodies.gzip!)).toBe(true);
    expect(gz.headers.etag).not.toBe(br.headers.etag);

    const revalidated = await send('/en', { ...BROWSER, 'if-none-match': br.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(br.headers.etag);
    expect(astroRequests).toEqual([]);
  });
});

describe('files of the client build', () => {
  test('hashed assets are immutable and sent precompressed when accepted', async () => {
    const br = await send('/_astro/labels.Bx3kP9aQ.js', BROWSER);
    expect(br.status).toBe(200);
    expect(br.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.equals(await readFile(join(clientDir, '_astro', 'labels.Bx3kP9aQ.js.br')))).toBe(true);
    expect(brotliDecompressSync(br.body).toString()).toBe(asset);

    const gz = await send('/_astro/labels.Bx3kP9aQ.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(asset);
    expect(gz.headers.etag).not.toBe(br.headers.etag);

    const plain = await send('/_astro/labels.Bx3kP9aQ.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(asset);

    const revalidated = await send('/_astro/labels.Bx3kP9aQ.js', { ...BROWSER, 'if-none-match': br.headers.etag! });
    expect(revalidated.status).toBe(304);
  });

  test('other public files revalidate; images are not precompressed', async () => {
    const svg = await send('/images/logo.svg', BROWSER);
    expect(svg.headers['cache-control']).toBe('public,max-age=0,must-revalidate');
    expect(svg.headers['content-encoding']).toBe('br');

    const photo = await send('/images/photo.png', BROWSER);
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(photo.body.equals(png)).toBe(true);
  });
});

test('a request target that is not a valid URI answers 400', async () => {
  const answer = await send('/de/%E0%A4%A', BROWSER);
  expect(answer.status).toBe(400);
});

describe('the asset archive of a rolling deploy', () => {
  test("a process of one build serves the other build's hashed assets once that build has archived them", async () => {
    const root = await mkdtemp(join(tmpdir(), 'werkbank-archive-'));
    const archiveDir = join(root, 'archive');
    const builds = { old: join(root, 'old'), next: join(root, 'next') };
    await mkdir(join(builds.old, '_astro'), { recursive: true });
    await mkdir(join(builds.next, '_astro'), { recursive: true });
    await writeFile(join(builds.old, '_astro', 'cart.OLD11111.js'), asset);
    await writeFile(join(builds.next, '_astro', 'cart.NEW22222.js'), `${asset}\nexport const next = true;`);
    await precompressDirectory(builds.next);
    const oldServer = createServer(
      createDeliveryHandler({ clientDir: builds.old, app: astro, findCachedPage: async () => undefined, archiveDir }),
    );
    await new Promise<void>((resolve) => oldServer.listen(0, '127.0.0.1', resolve));
    const oldBase = `http://127.0.0.1:${(oldServer.address() as AddressInfo).port}`;
    const get = (path: string) =>
      new Promise<Answer>((resolve, reject) => {
        request(`${oldBase}${path}`, { headers: BROWSER }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
          .on('error', reject)
          .end();
      });
    try {
      expect(await archiveBuildAssets(builds.old, archiveDir)).toEqual({ copied: 1, present: 0 });
      // The old process started before the new build existed: the new file is not there yet.
      expect((await get('/_astro/cart.NEW22222.js')).status).toBe(404);

      expect(await archiveBuildAssets(builds.next, archiveDir)).toEqual({ copied: 3, present: 0 });
      expect(await archiveBuildAssets(builds.next, archiveDir)).toEqual({ copied: 0, present: 3 });
      const next = await get('/_astro/cart.NEW22222.js');
      expect(next.status).toBe(200);
      expect(next.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
      expect(next.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(next.body).toString()).toContain('export const next = true;');
      // Its own files still come from its build.
      expect((await get('/_astro/cart.OLD11111.js')).status).toBe(200);
      expect((await get('/_astro/..%2Fold%2F_astro%2Fcart.OLD11111.js')).status).toBe(404);
    } finally {
      oldServer.closeAllConnections();
      await new Promise((resolve) => oldServer.close(resolve));
      await rm(root, { recursive: true, force: true });
    }
  });
});
