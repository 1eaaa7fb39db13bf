/**
 * Build step: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) file beside every compressible file of
 * the client build, so the server sends hashed assets compressed without spending CPU per request (sirv picks the
 * variant by `Accept-Encoding`, src/server/delivery.ts). Run by the `werkbank:precompress` integration in
 * astro.config.mjs after `astro build`.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { encodeBody, MAX_BROTLI_QUALITY } from '#src/lib/content-coding.ts';
import { COMPRESSION_THRESHOLD } from './delivery.ts';

/** Extensions of text files worth compressing; images, fonts (WOFF2 is brotli already) and archives are left alone. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.xml',
  '.txt',
  '.map',
]);

/** What `precompressDirectory` wrote: files encoded, and their bytes before and after brotli. */
export interface PrecompressReport {
  files: number;
  bytes: number;
  brotliBytes: number;
}

/**
 * Encodes every compressible file of at least `COMPRESSION_THRESHOLD` bytes below `dir` (recursively) and writes
 * `<file>.br` and `<file>.gz` when they are smaller than the file.
 *
 * @throws the file system's error when `dir` cannot be read or a variant cannot be written.
 */
export async function precompressDirectory(dir: string): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, bytes: 0, brotliBytes: 0 };
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE_EXTENSIONS.has(extname(entry.name))) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await stat(path)).size < COMPRESSION_THRESHOLD) continue;
    const bodies = await encodeBody(await readFile(path), MAX_BROTLI_QUALITY);
    if (bodies.br.length < bodies.identity.length) await writeFile(`${path}.br`, bodies.br);
    if (bodies.gzip.length < bodies.identity.length) await writeFile(`${path}.gz`, bodies.gzip);
    report.files += 1;
    report.bytes += bodies.identity.length;
    report.brotliBytes += Math.min(bodies.br.length, bodies.identity.length);
  }
  return report;
}
