/**
 * The image files that come with a catalogue: a folder beside the BMEcat file or spreadsheet whose files are named
 * as the catalogue's media references (BMEcat MIME_SOURCE, the sheets' image columns). A sink in front of the
 * writer puts each referenced image into the media store (backend/media/media-store.ts) and hands its content hash
 * on with the media entry (`CatalogMedia.file`), so the writer links the media row to the stored file.
 *
 * A reference is looked up as its relative path below the folder, then by its last path segment (a MIME_ROOT or
 * base URL in front of the name is ignored). Missing and unreadable files are counted and reported as warnings of
 * the file's import report, never fatal; documents (PDF and other non-images) are not looked up.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client.ts';
import { putMediaFile, UnsupportedMediaError } from '../media/media-store.ts';
import type { CatalogChange, CatalogMedia, CatalogSink, ImportReport } from './model.ts';

/** Name of the media folder looked for beside a catalogue file when none is given. */
export const MEDIA_FOLDER_NAME = 'media';

/** Warnings listed one by one per kind before the rest is only counted. */
const LISTED_PER_KIND = 20;

/** The media folder of a catalogue file: `explicit` when given, else `media/` beside the file when it exists. */
export function mediaFolderOf(catalogFile: string, explicit?: string): string | undefined {
  if (explicit) return explicit;
  const beside = path.join(path.dirname(catalogFile), MEDIA_FOLDER_NAME);
  return existsSync(beside) && statSync(beside).isDirectory() ? beside : undefined;
}

/** True for an entry that names an image (by MIME type, else by file extension). */
function isImageReference(m: CatalogMedia): boolean {
  if (m.mimeType) return m.mimeType.startsWith('image/');
  return /\.(jpe?g|png|gif|webp|avif|tiff?|svg)(?:[?#].*)?$/i.test(m.source);
}

/** Candidate paths of a reference below `folder`; never outside it. */
function candidates(folder: string, source: string): string[] {
  const root = path.resolve(folder);
  const name = /^[a-z][a-z0-9+.-]*:\/\//i.test(source) ? new URL(source).pathname : source;
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // A stray '%' is part of the file name.
  }
  const relative = decoded.replace(/^\.?\/+/, '');
  const out = [path.resolve(root, relative), path.resolve(root, path.basename(relative))];
  return [...new Set(out)].filter((p) => p.startsWith(root + path.sep));
}

/**
 * A sink that resolves the image references of product changes against `folder` before passing them on to `sink`.
 * `finish(report)` adds the warnings (missing or unreadable files, listed up to 20 per kind, then counted) and
 * returns how many distinct references were found and stored.
 *
 * @throws database errors of the media store (file read errors become warnings).
 */
export function withMediaFiles(sink: CatalogSink, db: Db, folder: string) {
  const resolved = new Map<string, Promise<{ hash: string } | undefined>>();
  const missing: string[] = [];
  const unreadable: { source: string; reason: string }[] = [];
  let stored = 0;

  const resolve = (source: string) => {
    let pending = resolved.get(source);
    if (!pending) {
      pending = (async () => {
        const file = candidates(folder, source).find((p) => existsSync(p) && statSync(p).isFile());
        if (!file) {
          missing.push(source);
          return undefined;
        }
        try {
          const { hash } = await putMediaFile(db, await readFile(file));
          stored++;
          return { hash };
        } catch (err) {
          if (!(err instanceof UnsupportedMediaError)) throw err;
          unreadable.push({ source, reason: err.message });
          return undefined;
        }
      })();
      resolved.set(source, pending);
    }
    return pending;
  };

  return {
    async write(change: CatalogChange): Promise<void> {
      if (change.kind === 'product' && change.product.media?.some(isImageReference)) {
        const media = await Promise.all(
          change.product.media.map(async (m) => {
            if (!isImageReference(m)) return m;
            const file = await resolve(m.source);
            return file ? { ...m, file } : m;
          }),
        );
        change = { ...change, product: { ...change.product, media } };
      }
      await sink.write(change);
    },
    /** Adds this folder's warnings to `report`; returns the number of stored files. */
    finish(report: ImportReport): number {
      missing.slice(0, LISTED_PER_KIND).forEach((source) => {
        report.warnings.push({ item: source, message: `media file not found in ${folder}` });
      });
      if (missing.length > LISTED_PER_KIND) {
        report.warnings.push({
          item: folder,
          message: `${missing.length - LISTED_PER_KIND} more media files not found (${missing.length} in all)`,
        });
      }
      unreadable.slice(0, LISTED_PER_KIND).forEach(({ source, reason }) => {
        report.warnings.push({ item: source, message: `media file not stored: ${reason}` });
      });
      if (unreadable.length > LISTED_PER_KIND) {
        report.warnings.push({
          item: folder,
          message: `${unreadable.length - LISTED_PER_KIND} more media files not stored (${unreadable.length} in all)`,
        });
      }
      return stored;
    },
  };
}
