/**
 * The media store (docs/decisions/020-media-store.md): original images kept once by the SHA-256 of their bytes in
 * `media_file`, thumbnails rendered by sharp on first request and kept in `media_thumbnail`, and the URLs the Store
 * API sends for them.
 *
 * URLs (root-relative, content-addressed, so they never change meaning and are cached as immutable):
 * - `/media/{hash}/original.{ext}`: the original bytes of a web image (JPEG, PNG, WebP, GIF, AVIF);
 * - `/media/{hash}/{width}x{height}.{avif|webp|jpg}`: a thumbnail; only the sizes `thumbnailSizes` gives are served.
 *
 * Thumbnail boxes are the sizes the storefront shows (pixels, fit inside, never enlarged): 96x96 for cart, checkout
 * and order lines (48 CSS px at 2x), 192x192 for small cards, 400x545 for listing cards and the quick search (the
 * specification's cover size) and 800x800 for the product page (about 400 CSS px at 2x). Formats: AVIF, WebP and
 * JPEG (the one every browser reads, listed as Shopware's `thumbnails`).
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { queryRows, type Db } from '../db/client.ts';
import { mediaFileTable, mediaThumbnailTable } from '../db/schema/index.ts';

/** A stored original: its hash (64 hex), MIME type, pixel size and length in bytes. */
export interface StoredMediaFile {
  hash: string;
  mimeType: string;
  width: number;
  height: number;
  size: number;
}

/** Thumbnail boxes in pixels (see the module comment for where each is shown). */
export const THUMBNAIL_BOXES: readonly { width: number; height: number }[] = [
  { width: 96, height: 96 },
  { width: 192, height: 192 },
  { width: 400, height: 545 },
  { width: 800, height: 800 },
];

export type ThumbnailFormat = 'avif' | 'webp' | 'jpeg';

const FORMAT_EXTENSION: Record<ThumbnailFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
export const FORMAT_MIME: Record<ThumbnailFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/**
 * Encoder settings. AVIF effort 2 of 9: about 0.1 s for a 400 px thumbnail on one core, at a few per cent more
 * bytes than the default effort 4 (measured with `sharp(svg).resize(400,400).avif({effort})`).
 */
const ENCODERS: Record<ThumbnailFormat, (img: Sharp) => Sharp> = {
  avif: (img) => img.avif({ quality: 55, effort: 2 }),
  webp: (img) => img.webp({ quality: 78 }),
  jpeg: (img) => img.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }),
};

/** sharp's format names of the originals browsers show as they are, with their MIME type and file extension. */
const WEB_ORIGINALS: Record<string, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
  heif: { mime: 'image/avif', ext: 'avif' },
};
/** Originals that are stored and rendered to thumbnails, but not served as they are. */
const OTHER_ORIGINALS: Record<string, string> = { svg: 'image/svg+xml', tiff: 'image/tiff' };

/** Raised for bytes that are no image sharp can read (or an image of a format the store does not keep). */
export class UnsupportedMediaError extends Error {}

/** Largest pixel count of an original sharp is asked to decode (sharp's own default, 0x3FFF * 0x3FFF). */
const LIMIT_INPUT_PIXELS = 268_402_689;

/**
 * Reads the format and pixel size of an image from its header (no full decode).
 * @throws UnsupportedMediaError when sharp cannot read it or the format is none of the kept ones.
 */
export async function readImageInfo(bytes: Buffer): Promise<{ mimeType: string; width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: LIMIT_INPUT_PIXELS }).metadata();
  } catch (err) {
    throw new UnsupportedMediaError(`not a readable image: ${(err as Error).message}`);
  }
  const format = meta.format === 'heif' && meta.compression !== 'av1' ? 'heic' : meta.format;
  const mimeType = WEB_ORIGINALS[format]?.mime ?? OTHER_ORIGINALS[format];
  if (!mimeType || !meta.width || !meta.height) throw new UnsupportedMediaError(`unsupported image format ${format}`);
  // EXIF orientations 5–8 turn the picture by 90°: thumbnails are rendered upright, so the size is swapped.
  const turned = (meta.orientation ?? 1) >= 5;
  return { mimeType, width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
}

/** SHA-256 of `bytes` as 64 lower-case hex characters. */
export function contentHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Stores an original image once: the same bytes give the same hash and one row, however often they are put.
 * @throws UnsupportedMediaError for bytes that are no kept image format; database errors.
 */
export async function putMediaFile(db: Db, bytes: Buffer): Promise<StoredMediaFile> {
  const info = await readImageInfo(bytes);
  const file: StoredMediaFile = { hash: contentHash(bytes), ...info, size: bytes.length };
  await db
    .insert(mediaFileTable)
    .values({ ...file, data: bytes })
    .onConflictDoNothing();
  return file;
}

/**
 * Stores originals whose format and size the caller knows (the generated catalogue's SVG drawings) in batched inserts,
 * without reading them with sharp: the 245 drawings of the generated catalogue take about 0.25 s on PGlite instead of
 * 3.3 s one by one through `putMediaFile` (median of 3, `withGeneratedImages` over a 5,000-article generation on the
 * 2-core machine under load). Returns the stored files in input order.
 * @throws database errors.
 */
export async function putKnownMediaFiles(
  db: Db,
  files: { bytes: Buffer; mimeType: string; width: number; height: number }[],
): Promise<StoredMediaFile[]> {
  const stored = files.map((f) => ({
    hash: contentHash(f.bytes),
    mimeType: f.mimeType,
    width: f.width,
    height: f.height,
    size: f.bytes.length,
  }));
  for (let i = 0; i < files.length; i += 100) {
    const rows = stored.slice(i, i + 100).map((file, j) => ({ ...file, data: files[i + j]!.bytes }));
    await db.insert(mediaFileTable).values(rows).onConflictDoNothing();
  }
  return stored;
}

/**
 * Pixel sizes of the thumbnails of an original of `width` x `height`: each box of `THUMBNAIL_BOXES`, fitted inside
 * with the aspect ratio kept and never larger than the original, without duplicates, smallest first.
 */
export function thumbnailSizes(width: number, height: number): { width: number; height: number }[] {
  const out = new Map<string, { width: number; height: number }>();
  for (const box of THUMBNAIL_BOXES) {
    const scale = Math.min(box.width / width, box.height / height, 1);
    const size = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
    out.set(`${size.width}x${size.height}`, size);
  }
  return [...out.values()].sort((a, b) => a.width - b.width);
}

/** URL of a thumbnail of the original `hash`. */
export function thumbnailUrl(hash: string, width: number, height: number, format: ThumbnailFormat): string {
  return `/media/${hash}/${width}x${height}.${FORMAT_EXTENSION[format]}`;
}

/** The image a media's `url` names: the original of a web format, else its largest JPEG thumbnail. */
export function originalRendition(file: Pick<StoredMediaFile, 'hash' | 'mimeType' | 'width' | 'height'>): {
  url: string;
  width: number;
  height: number;
} {
  const web = Object.values(WEB_ORIGINALS).find((o) => o.mime === file.mimeType);
  if (web) return { url: `/media/${file.hash}/original.${web.ext}`, width: file.width, height: file.height };
  const largest = thumbnailSizes(file.width, file.height).at(-1)!;
  return { ...largest, url: thumbnailUrl(file.hash, largest.width, largest.height, 'jpeg') };
}

/** What the media route answers: bytes and their MIME type. */
export interface MediaBody {
  body: Buffer;
  contentType: string;
}

/** A request path below `/media/` taken apart; null when it is not one the store serves. */
export type MediaRequest =
  | { kind: 'original'; hash: string; ext: string }
  | { kind: 'thumbnail'; hash: string; width: number; height: number; format: ThumbnailFormat };

/** Parses `{hash}/original.{ext}` or `{hash}/{w}x{h}.{avif|webp|jpg}`; null for anything else. */
export function parseMediaPath(hash: string, file: string): MediaRequest | null {
  if (!/^[0-9a-f]{64}$/.test(hash)) return null;
  const original = /^original\.([a-z]+)$/.exec(file);
  if (original) return { kind: 'original', hash, ext: original[1]! };
  const thumb = /^([1-9]\d{0,4})x([1-9]\d{0,4})\.(avif|webp|jpg)$/.exec(file);
  if (!thumb) return null;
  const format = thumb[3] === 'jpg' ? 'jpeg' : (thumb[3] as ThumbnailFormat);
  return { kind: 'thumbnail', hash, width: Number(thumb[1]), height: Number(thumb[2]), format };
}

/** Renders one thumbnail of `original` at exactly `width` x `height` pixels. */
export async function renderThumbnail(
  original: Buffer,
  width: number,
  height: number,
  format: ThumbnailFormat,
): Promise<Buffer> {
  const img = sharp(original, { limitInputPixels: LIMIT_INPUT_PIXELS })
    .autoOrient()
    .resize(width, height, { fit: 'fill' });
  return ENCODERS[format](img).toBuffer();
}

/**
 * Serves media requests from one database, rendering a missing thumbnail once (one render at a time per process,
 * so a cold listing cannot take both cores; concurrent requests for the same thumbnail wait for the same render)
 * and storing it.
 */
export function createMediaStore(db: Db) {
  const inFlight = new Map<string, Promise<Buffer>>();
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job, job);
    queue = run.catch(() => undefined);
    return run;
  };

  async function loadOriginal(hash: string) {
    const [row] = await queryRows<{ mime_type: string; width: number; height: number; data: Uint8Array }>(
      db,
      sql`SELECT mime_type, width, height, data FROM media_file WHERE hash = ${hash}`,
    );
    return row;
  }

  return {
    /** Bytes for a parsed request, or null when the file or that size of it does not exist. */
    async read(request: MediaRequest): Promise<MediaBody | null> {
      if (request.kind === 'original') {
        const row = await loadOriginal(request.hash);
        const web = Object.values(WEB_ORIGINALS).find((o) => o.mime === row?.mime_type);
        if (!row || !web || web.ext !== request.ext) return null;
        return { body: Buffer.from(row.data), contentType: web.mime };
      }
      const { hash, width, height, format } = request;
      const [stored] = await queryRows<{ data: Uint8Array }>(
        db,
        sql`SELECT data FROM media_thumbnail
             WHERE hash = ${hash} AND width = ${width} AND height = ${height} AND format = ${format}`,
      );
      if (stored) return { body: Buffer.from(stored.data), contentType: FORMAT_MIME[format] };
      const key = `${hash}/${width}x${height}.${format}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = (async () => {
          const row = await loadOriginal(hash);
          if (!row) throw new MediaNotFound();
          const allowed = thumbnailSizes(Number(row.width), Number(row.height));
          if (!allowed.some((s) => s.width === width && s.height === height)) throw new MediaNotFound();
          const body = await serially(() => renderThumbnail(Buffer.from(row.data), width, height, format));
          await db
            .insert(mediaThumbnailTable)
            .values({ hash, width, height, format, data: body })
            .onConflictDoNothing();
          return body;
        })();
        inFlight.set(key, pending);
        pending.then(
          () => inFlight.delete(key),
          () => inFlight.delete(key),
        );
      }
      try {
        return { body: await pending, contentType: FORMAT_MIME[format] };
      } catch (err) {
        if (err instanceof MediaNotFound) return null;
        throw err;
      }
    },
  };
}

class MediaNotFound extends Error {}
