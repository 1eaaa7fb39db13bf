/**
 * Entry point of the catalogue importers: detects a file's format (BMEcat by its root element, the supplier sheets by
 * their header line), names its source ('bmecat:kstools', 'bmecat:fischer', 'bmecat:weidmueller',
 * 'tabular:guenzburger', 'tabular:fixings', else 'bmecat:' + supplier name) and runs the matching importer into a
 * CatalogSink. `importCatalogDirectory` does the same for every catalogue file below a folder (the shared
 * `../shared/catalog`), turning unreadable or unsupported files into report entries instead of failures.
 *
 * With `media.db`, the image files beside a catalogue (its `media/` folder, or `media.folder`) go into the media
 * store as the products referencing them are imported (backend/catalog/media-files.ts).
 */
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client.ts';
import type { CatalogSink, ImportReport } from './model.ts';
import { mediaFolderOf, withMediaFiles } from './media-files.ts';
import { importBmecat, type BmecatImportOptions } from './bmecat/importer.ts';
import { ReportBuilder } from './bmecat/report-builder.ts';
import { readCsvHeader } from './tabular/csv-rows.ts';
import { FIXINGS_COLUMNS, importFixingsSheet } from './tabular/fixings.ts';
import { GUENZBURGER_COLUMNS, importGuenzburgerSheet } from './tabular/guenzburger.ts';

/** Formats `detectCatalogFormat` recognises. */
export type CatalogFormat =
  | { kind: 'bmecat' }
  | { kind: 'tabular:guenzburger' }
  | { kind: 'tabular:fixings' }
  | { kind: 'unsupported'; reason: string };

/** Options of `importCatalogFile` / `importCatalogDirectory`. */
export interface CatalogImportOptions {
  /** Overrides the derived source namespace. */
  source?: string | undefined;
  /** Base URL for relative media file names when a file names none (BMEcat MIME_ROOT wins). */
  mediaBaseUrl?: string | undefined;
  /** Limits of the XML reader. */
  limits?: BmecatImportOptions['limits'];
  /** Reference date for expiry warnings (default now). */
  now?: Date | undefined;
  /**
   * Where image files are stored: without it, media stay file names only. `folder` overrides the `media/` folder
   * looked for beside each catalogue file.
   */
  media?: { db: Db; folder?: string | undefined } | undefined;
}

/** Folders of the shared catalogue that hold reference data, not catalogues. */
const REFERENCE_FOLDERS = new Set(['classification', 'units', 'schemas', 'etim-xchange']);
/** Hand-made parser samples (BMEcat 1.01 … 2005.2, updates): test input, not shop content. */
const SAMPLE_FOLDERS = new Set(['synthetic']);

/**
 * Detects the format from the file's start: XML whose root element's local name is BMECAT, or a CSV whose header has
 * the Günzburger or fixings columns. Reads at most 8 KiB (plus the CSV header line).
 * @throws read errors (ENOENT, EACCES, EISDIR).
 */
export async function detectCatalogFormat(filePath: string): Promise<CatalogFormat> {
  const handle = await open(filePath, 'r');
  let head: string;
  try {
    const buffer = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer
      .subarray(0, bytesRead)
      .toString('latin1')
      .replace(/^\uFEFF|^\xEF\xBB\xBF/, '');
  } finally {
    await handle.close();
  }
  const trimmed = head.trimStart();
  if (trimmed === '') return { kind: 'unsupported', reason: 'empty file' };
  if (trimmed.startsWith('<')) {
    const withoutProlog = trimmed.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/g, '');
    const root = /<([A-Za-z_][\w.:-]*)/.exec(withoutProlog)?.[1];
    const local = root?.split(':').pop();
    if (local === 'BMECAT') return { kind: 'bmecat' };
    return {
      kind: 'unsupported',
      reason: root ? `XML with root element <${root}> is not a BMEcat catalogue` : 'no root element found',
    };
  }
  const header = await readCsvHeader(filePath);
  if (GUENZBURGER_COLUMNS.every((c) => header.includes(c))) return { kind: 'tabular:guenzburger' };
  if (FIXINGS_COLUMNS.every((c) => header.includes(c))) return { kind: 'tabular:fixings' };
  if (header.includes('categoryTree')) {
    return { kind: 'unsupported', reason: 'category mapping sheet (hints for the category tree), not an article list' };
  }
  return { kind: 'unsupported', reason: 'neither BMEcat XML nor a known supplier sheet (unknown CSV header)' };
}

/** Source namespace of a BMEcat file from its name: KS Tools, fischer, Weidmüller; else derived from SUPPLIER_NAME. */
function bmecatSourceFromFileName(filePath: string): string | undefined {
  const name = path.basename(filePath).toLowerCase();
  if (/ks[_-]?tools/.test(name)) return 'bmecat:kstools';
  if (/fischer/.test(name)) return 'bmecat:fischer';
  if (/weidm|^wei_/.test(name)) return 'bmecat:weidmueller';
  return undefined;
}

/**
 * Imports one catalogue file into `sink` and returns its report. Problems of the content (malformed XML, broken
 * BMEcat structure, unsupported format) end up in `report.skipped`; the promise rejects only when the file cannot be
 * read at all (missing, a directory, no permission) or the sink fails.
 */
export async function importCatalogFile(
  filePath: string,
  sink: CatalogSink,
  options: CatalogImportOptions = {},
): Promise<ImportReport> {
  const folder = options.media ? mediaFolderOf(filePath, options.media.folder) : undefined;
  if (!options.media || !folder) return importFormat(filePath, sink, options);
  const withFiles = withMediaFiles(sink, options.media.db, folder);
  const report = await importFormat(filePath, withFiles, options);
  withFiles.finish(report);
  return report;
}

async function importFormat(filePath: string, sink: CatalogSink, options: CatalogImportOptions): Promise<ImportReport> {
  const format = await detectCatalogFormat(filePath);
  const fileLabel = filePath;
  switch (format.kind) {
    case 'bmecat':
      return importBmecat(filePath, sink, {
        source: options.source ?? bmecatSourceFromFileName(filePath),
        fileLabel,
        mediaBaseUrl: options.mediaBaseUrl,
        limits: options.limits,
        now: options.now,
      });
    case 'tabular:guenzburger':
    case 'tabular:fixings': {
      const sheetOptions = { source: options.source, fileLabel, mediaBaseUrl: options.mediaBaseUrl, now: options.now };
      try {
        return format.kind === 'tabular:fixings'
          ? await importFixingsSheet(filePath, sink, sheetOptions)
          : await importGuenzburgerSheet(filePath, sink, sheetOptions);
      } catch (err) {
        // csv-parse errors carry codes such as CSV_QUOTE_NOT_CLOSED: a broken file, reported like broken XML.
        const code = (err as { code?: unknown }).code;
        if (typeof code !== 'string' || !code.startsWith('CSV_')) throw err;
        const report = new ReportBuilder(fileLabel, format.kind);
        report.skip(fileLabel, `not valid CSV: ${(err as Error).message}; rows before the error may have been written`);
        return report.finish();
      }
    }
    case 'unsupported': {
      const report = new ReportBuilder(fileLabel, 'unsupported');
      report.skip(fileLabel, format.reason);
      return report.finish();
    }
  }
}

async function listCatalogFiles(
  dir: string,
  includeSamples: boolean,
  skipped: { file: string; reason: string }[],
): Promise<string[]> {
  const out: string[] = [];
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (REFERENCE_FOLDERS.has(entry.name)) continue;
      if (SAMPLE_FOLDERS.has(entry.name) && !includeSamples) {
        skipped.push({
          file: full,
          reason:
            'parser samples (synthetic BMEcat test documents), not shop content; import them one by one if wanted',
        });
        continue;
      }
      out.push(...(await listCatalogFiles(full, includeSamples, skipped)));
    } else if (/\.(xml|csv)$/i.test(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

/**
 * Imports every catalogue file (.xml, .csv) below `dir`, in name order, skipping reference-data folders
 * (classification, units, schemas) and, unless `includeSamples`, the synthetic parser samples. Returns one report per
 * file; a file that cannot be read or is broken (the deliberately INVALID KS Tools files) yields a report with a
 * skipped entry and never stops the run. Rejects only when `dir` itself cannot be read or the sink fails.
 */
export async function importCatalogDirectory(
  dir: string,
  sink: CatalogSink,
  options: CatalogImportOptions & { includeSamples?: boolean | undefined } = {},
): Promise<ImportReport[]> {
  const info = await stat(dir);
  if (!info.isDirectory()) throw new Error(`${dir} is not a directory`);
  const skippedFolders: { file: string; reason: string }[] = [];
  const files = await listCatalogFiles(dir, options.includeSamples ?? false, skippedFolders);
  const reports: ImportReport[] = [];
  for (const folder of skippedFolders) {
    const report = new ReportBuilder(folder.file, 'folder');
    report.skip(folder.file, folder.reason);
    reports.push(report.finish());
  }
  for (const file of files) {
    try {
      reports.push(await importCatalogFile(file, sink, { ...options, source: undefined }));
    } catch (err) {
      if (!isReadError(err)) throw err;
      const report = new ReportBuilder(file, 'unreadable');
      report.skip(file, `cannot be read: ${(err as Error).message}`);
      reports.push(report.finish());
    }
  }
  return reports;
}

/** True for file-system errors (the file, not the sink, is the problem). */
export function isReadError(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && /^(ENOENT|EACCES|EISDIR|EPERM|ENOTDIR|EMFILE)$/.test(code);
}
