/**
 * How the storefront's Node server delivers bytes (docs/decisions/018-response-delivery.md), as one Node request
 * listener in front of Astro's request handler:
 *
 * 1. A request target that is not a valid URI answers 400 (as Astro's standalone server did).
 * 2. Files of the client build (`dist/client`) are served by `sirv` for GET and HEAD: a `.br` or `.gz` file written
 *    beside a file at build time (src/server/precompress.ts) is sent instead when `Accept-Encoding` allows it, with
 *    `Vary: Accept-Encoding` and a weak ETag per file (so per coding); hashed files under `/_astro/` are sent with
 *    `Cache-Control: public, max-age=31536000, immutable`, every other file with `public, max-age=0, must-revalidate`.
 *    A hashed asset the build lacks is served the same way from the asset archive of a rolling deploy when one is
 *    configured (`archiveDir`, src/server/asset-archive.ts): the files of the other builds running beside this one.
 * 3. A GET or HEAD that the page cache can answer (`findCachedPage`) is written from memory: the stored bytes of the
 *    coding the request accepts, their ETag (304 on `If-None-Match`), and the headers stored with the page — the
 *    same answer the middleware gives (`cachedAnswer` in src/lib/html-cache.ts), without Astro's pipeline.
 * 4. Everything else goes to Astro behind the `compression` middleware: bodies of compressible types (HTML, JSON,
 *    JavaScript, CSS, SVG…) of at least `COMPRESSION_THRESHOLD` bytes are sent with brotli or gzip, whichever the
 *    request prefers (brotli on a tie), at brotli quality 4 (the middleware's default); smaller bodies, images,
 *    HEAD, 304 and bodies Astro already encoded (pages answered from the cache) pass unchanged. Every write is
 *    flushed through the encoder, so a streamed page still reaches the browser chunk by chunk.
 */
import compression from 'compression';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import sirv from 'sirv';
import { cachedAnswer, hasCodingFor, type CachedPage } from '#src/lib/html-cache.ts';

/** URL path of Astro's hashed build assets (Astro's `build.assets`, default `_astro`). */
export const ASSETS_PATH = '/_astro/';

/** `Cache-Control` of hashed build assets: their name changes with their content (RFC 8246). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Smallest body, in bytes, worth compressing: below one TCP segment the saving is lost in the headers. */
export const COMPRESSION_THRESHOLD = 1024;

export interface DeliveryOptions {
  /** Absolute path of the client build (`dist/client`). */
  clientDir: string;
  /** Astro's request handler (`handler` of `@astrojs/node/server.js` in middleware mode). */
  app: (req: IncomingMessage, res: ServerResponse) => unknown;
  /** The cached page that answers a request, or undefined (src/server/cached-pages.ts). */
  findCachedPage: (req: IncomingMessage) => Promise<CachedPage | undefined>;
  /** The asset archive of a rolling deploy (`ASSET_ARCHIVE_DIR`), read for `/_astro/*` files the build lacks. */
  archiveDir?: string | undefined;
}

/**
 * The server's request listener (see the module comment).
 *
 * @throws nothing: errors of the cache lookup fall through to Astro, errors of Astro are answered by its handler.
 */
export function createDeliveryHandler(options: DeliveryOptions): RequestListener {
  const serveFrom = (dir: string, dev: boolean) =>
    sirv(dir, {
      dev,
      etag: true,
      brotli: true,
      gzip: true,
      extensions: [],
      maxAge: 0,
      setHeaders(res, pathname) {
        if (pathname.startsWith(ASSETS_PATH)) res.setHeader('Cache-Control', IMMUTABLE_CACHE_CONTROL);
      },
    });
  const files = serveFrom(options.clientDir, false);
  // sirv indexes a folder once at start unless `dev`, which looks each file up on disk (the archive grows while the
  // process runs: files of a newer build arrive). Only `/_astro/*` misses of the build reach it.
  const archived = options.archiveDir ? serveFrom(options.archiveDir, true) : undefined;
  const compress = compression({
    // A 304 or 204 has no body to encode, and a Content-Encoding on a 304 would update the stored response's headers
    // (RFC 9111 §4.3.4).
    filter: (req, res) => res.statusCode !== 304 && res.statusCode !== 204 && compression.filter(req, res),
    threshold: COMPRESSION_THRESHOLD,
    flush: constants.Z_SYNC_FLUSH,
    brotli: { flush: constants.BROTLI_OPERATION_FLUSH },
  });

  const render = (req: IncomingMessage, res: ServerResponse): void => {
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {
      measureSmallBodies(res, COMPRESSION_THRESHOLD);
      void options.app(req, res);
    });
  };

  const fromCache = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let page: CachedPage | undefined;
    try {
      page = await options.findCachedPage(req);
    } catch {
      page = undefined;
    }
    // A page not yet encoded in the coding this request accepts goes through the middleware, which adds it.
    if (!page || !hasCodingFor(page, req.headers['accept-encoding'])) return render(req, res);
    const answer = cachedAnswer(
      page,
      {
        method: req.method ?? 'GET',
        acceptEncoding: req.headers['accept-encoding'],
        ifNoneMatch: req.headers['if-none-match'],
      },
      'HIT',
    );
    res.writeHead(answer.status, answer.headers.flat());
    if (answer.body) res.end(answer.body);
    else res.end();
  };

  return (req, res) => {
    try {
      decodeURI(req.url ?? '/');
    } catch {
      res.writeHead(400);
      res.end('Bad request.');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return render(req, res);
    files(req, res, () => {
      if (archived && req.url?.startsWith(ASSETS_PATH)) archived(req, res, () => void fromCache(req, res));
      else void fromCache(req, res);
    });
  };
}

/**
 * Astro writes every response as a stream (`writeHead`, `write`…, `end`) without `Content-Length`, and `compression`
 * decides when the headers are written, so without a length it would compress even a 100-byte JSON error. This holds
 * back the headers of such a response until its body reaches `threshold` bytes (then everything goes on as it
 * comes) or ends below it (then it is sent with its `Content-Length`, which `compression` leaves alone).
 * Responses that declare their length, and those without a body (HEAD, 204, 304), pass at once.
 */
export function measureSmallBodies(res: ServerResponse, threshold: number): void {
  // Node's overloads of writeHead/write/end take optional encodings and callbacks; they are passed on as given.
  type Method = (this: ServerResponse, ...args: unknown[]) => unknown;
  // The originals are kept unbound on purpose: they are called with `res` as `this` (apply/call below).
  /* eslint-disable @typescript-eslint/unbound-method */
  const writeHead = res.writeHead as unknown as Method;
  const write = res.write as unknown as Method;
  const end = res.end as unknown as Method;
  /* eslint-enable @typescript-eslint/unbound-method */
  let head: unknown[] | null = null;
  let chunks: Buffer[] = [];
  let size = 0;
  const restore = () => {
    res.writeHead = writeHead as unknown as typeof res.writeHead;
    res.write = write as unknown as typeof res.write;
    res.end = end as unknown as typeof res.end;
  };
  const release = () => {
    restore();
    writeHead.apply(res, head ?? []);
    for (const chunk of chunks) write.call(res, chunk);
    chunks = [];
  };
  const toBuffer = (chunk: unknown, encoding: unknown): Buffer =>
    Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);

  const holdHead: Method = function (...args) {
    const status = Number(args[0]);
    const declared = args.find((a) => typeof a === 'object' && a !== null && !Array.isArray(a));
    const hasLength =
      res.hasHeader('content-length') ||
      Object.keys(declared ?? {}).some((name) => name.toLowerCase() === 'content-length');
    if (hasLength || status === 204 || status === 304 || res.req.method === 'HEAD') {
      restore();
      return writeHead.apply(res, args);
    }
    head = args;
    return res;
  };

  const holdWrite: Method = function (...args) {
    if (!head) {
      restore();
      return write.apply(res, args);
    }
    const [chunk, encoding] = args;
    const buffer = toBuffer(chunk, encoding);
    chunks.push(buffer);
    size += buffer.length;
    if (size >= threshold) release();
    const done = args.find((a) => typeof a === 'function') as (() => void) | undefined;
    if (done) process.nextTick(done);
    return true;
  };

  const holdEnd: Method = function (...args) {
    if (!head) {
      restore();
      return end.apply(res, args);
    }
    const [chunk, encoding] = args;
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
    const body = Buffer.concat(chunks);
    chunks = [];
    restore();
    res.setHeader('content-length', body.length);
    writeHead.apply(res, head);
    const done = args.find((a) => typeof a === 'function');
    return done ? end.call(res, body, done) : end.call(res, body);
  };

  res.writeHead = holdHead as unknown as typeof res.writeHead;
  res.write = holdWrite as unknown as typeof res.write;
  res.end = holdEnd as unknown as typeof res.end;
}
