/**
 * Content codings of storefront responses (RFC 9110 §8.4.1, §12.5.3): which coding a request accepts, and the one
 * way bodies are encoded ahead of time (cached pages at store time, `/_astro/` assets at build time).
 *
 * Brotli is preferred over gzip when the client accepts both with the same weight, as the `compression` middleware
 * does for dynamic responses (src/server/delivery.ts): browsers send `gzip, deflate, br, zstd` and brotli bodies of
 * the catalogue's HTML are about a fifth smaller than gzip's.
 */
import Negotiator from 'negotiator';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The codings a body is kept in, by their `Content-Encoding` token (`identity`: unencoded). */
export type ContentCoding = 'br' | 'gzip' | 'identity';

/** The same body in every coding the storefront sends. */
export type EncodedBodies = Record<ContentCoding, Buffer<ArrayBuffer>>;

/** A body unencoded and in the codings made so far (a cached page gets each coding when first asked for it). */
export type PageBodies = { identity: Buffer<ArrayBuffer> } & Partial<Record<'br' | 'gzip', Buffer<ArrayBuffer>>>;

const AVAILABLE: ContentCoding[] = ['br', 'gzip', 'identity'];
const PREFERRED: ContentCoding[] = ['br', 'gzip'];

/** negotiator 1.x takes the server's preference as `{ preferred }` (its typings describe 0.6). */
type EncodingNegotiator = { encoding(available: string[], options: { preferred: string[] }): string | undefined };

/**
 * The coding to send for an `Accept-Encoding` value: brotli, else gzip, by the client's weights (`q=0` refuses);
 * `identity` without the header or when neither is acceptable.
 */
export function preferredCoding(acceptEncoding: string | null | undefined): ContentCoding {
  if (!acceptEncoding) return 'identity';
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  const coding = (negotiator as unknown as EncodingNegotiator).encoding(AVAILABLE, { preferred: PREFERRED });
  return coding === 'br' || coding === 'gzip' ? coding : 'identity';
}

/**
 * Brotli quality (0–11) of pages encoded when they are stored in the page cache. Measured on a 625 KB category
 * listing of the demo catalogue (`zlib.brotliCompressSync`, Node 24, this project's machines): quality 6 gives 55.7 KB
 * in about 26 ms, quality 11 gives 48.7 KB but takes about 2 s, paid again for every page and filter combination
 * each time its cache entry expires. Build-time assets, encoded once per build, use `MAX_BROTLI_QUALITY`.
 */
export const PAGE_BROTLI_QUALITY = 6;

/** The densest brotli quality, for files encoded once at build time. */
export const MAX_BROTLI_QUALITY = 11;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `identity` in one coding: brotli at `brotliQuality` (0–11) or gzip at level 9. Runs on libuv's thread pool, so
 * the event loop keeps serving while a large page is encoded.
 */
export function encodeAs(
  identity: Buffer<ArrayBuffer>,
  coding: 'br' | 'gzip',
  brotliQuality: number = PAGE_BROTLI_QUALITY,
): Promise<Buffer<ArrayBuffer>> {
  if (coding === 'gzip') return gzipAsync(identity, { level: 9 }) as Promise<Buffer<ArrayBuffer>>;
  return brotli(identity, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  }) as Promise<Buffer<ArrayBuffer>>;
}

/** `body` (a string as UTF-8) in every coding (`encodeAs`), for files encoded once at build time. */
export async function encodeBody(
  body: string | Uint8Array,
  brotliQuality: number = PAGE_BROTLI_QUALITY,
): Promise<EncodedBodies> {
  const identity = toBuffer(body);
  const [br, gz] = await Promise.all([encodeAs(identity, 'br', brotliQuality), encodeAs(identity, 'gzip')]);
  return { identity, br, gzip: gz };
}

/** A body as bytes (a string as UTF-8). */
export function toBuffer(body: string | Uint8Array): Buffer<ArrayBuffer> {
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
}
