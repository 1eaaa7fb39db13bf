/**
 * `npm run catalog:import -- <file|dir> [--media-base-url <url>] [--media <folder>] [--include-samples]`
 *
 * Imports a BMEcat file, a supplier sheet or a whole folder (e.g. ../shared/catalog) into the database the backend
 * uses: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR (default .data/pglite), exactly as
 * backend/runtime.ts opens it; the sales channel is created first when missing (`ensureSalesChannel`: the shop's
 * domains and access key are left as the shop's own start wrote them). Changes go through the catalogue writer,
 * which is finalised at the end. Image files in a `media/` folder beside a catalogue file (or in `--media <folder>`) are
 * stored in the media store and linked by their MIME_SOURCE name. Prints per file: counts, skipped items with reasons and the warnings summarised by kind.
 *
 * Exit codes: 0 done (also when items were skipped), 1 the input cannot be read at all or the import failed,
 * 2 wrong usage.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { loadBackendConfig } from '../config.ts';
import { createDb, databaseOptionsFromEnv } from '../db/client.ts';
import { ensureSalesChannel } from '../db/seed-channel.ts';
import type { ImportReport } from './model.ts';
import { importCatalogDirectory, importCatalogFile, isReadError } from './import.ts';
import { createCatalogWriter } from './writer.ts';

/** Renders one report for the terminal: counts, every skipped item, warnings grouped by message pattern. */
function formatReport(report: ImportReport): string {
  const lines = [
    `${report.file} [${report.format}]`,
    `  categories ${report.categories}, products ${report.products}, deleted ${report.deleted}, price updates ${report.priceUpdates}`,
  ];
  if (report.skipped.length) {
    lines.push(`  skipped ${report.skipped.length}:`);
    for (const s of report.skipped.slice(0, 20)) lines.push(`    - ${s.item}: ${s.reason}`);
    if (report.skipped.length > 20) lines.push(`    … and ${report.skipped.length - 20} more`);
  }
  if (report.warnings.length) {
    // Group by the message with numbers and quoted values blanked, so "EAN 123: …" lines collapse into one.
    const groups = new Map<string, { count: number; example: string }>();
    const summaries: string[] = [];
    for (const w of report.warnings) {
      if (/^\(\d+ more\)$/.test(w.item)) {
        summaries.push(`    ${w.item} ${w.message}`);
        continue;
      }
      const key = w.message.replace(/\d+/g, '#').replace(/"[^"]*"/g, '"…"');
      const g = groups.get(key) ?? { count: 0, example: `${w.item}: ${w.message}` };
      g.count += 1;
      groups.set(key, g);
    }
    lines.push(`  warnings:`);
    for (const g of groups.values()) lines.push(`    ${String(g.count).padStart(5)} × ${g.example}`);
    lines.push(...summaries);
  }
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const args = argv.filter((a) => !a.startsWith('--'));
  const flag = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const target = args.find((a) => a !== flag('--media-base-url') && a !== flag('--media'));
  if (!target) {
    console.error(
      'usage: npm run catalog:import -- <file|dir> [--media-base-url <url>] [--media <folder>] [--include-samples]',
    );
    return 2;
  }
  const input = path.resolve(target);
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(input)).isDirectory();
  } catch (err) {
    console.error(`cannot read ${input}: ${(err as Error).message}`);
    return 1;
  }

  const env = process.env;
  const config = loadBackendConfig(env);
  const handle = await createDb(databaseOptionsFromEnv(env));
  try {
    await ensureSalesChannel(handle.db, config);
    const writer = createCatalogWriter(handle.db);
    const mediaFolder = flag('--media');
    const options = {
      mediaBaseUrl: flag('--media-base-url'),
      media: { db: handle.db, folder: mediaFolder ? path.resolve(mediaFolder) : undefined },
    };
    let reports: ImportReport[];
    try {
      reports = isDirectory
        ? await importCatalogDirectory(input, writer, {
            ...options,
            includeSamples: argv.includes('--include-samples'),
          })
        : [await importCatalogFile(input, writer, options)];
    } catch (err) {
      console.error(isReadError(err) ? `cannot read ${input}: ${(err as Error).message}` : err);
      return 1;
    }
    const finalized = await writer.finalize();
    for (const report of reports) console.log(formatReport(report));
    const sum = (key: 'categories' | 'products' | 'deleted' | 'priceUpdates'): number =>
      reports.reduce((n, r) => n + r[key], 0);
    console.log(
      `\n${reports.length} file(s): categories ${sum('categories')}, products ${sum('products')}, deleted ${sum('deleted')}, price updates ${sum('priceUpdates')}`,
    );
    console.log(
      `database: ${finalized.totals.categories} categories, ${finalized.totals.products} products, ${finalized.totals.seoUrls} SEO URLs; ` +
        `${finalized.unresolvedReferences} references to articles not in the catalogue; ${finalized.durationMs} ms`,
    );
    if (finalized.skippedPriceUpdates.length)
      console.log(`price updates for unknown articles: ${finalized.skippedPriceUpdates.join(', ')}`);
    const readable =
      reports.some((r) => r.products + r.categories + r.deleted + r.priceUpdates > 0) || reports.length > 1;
    return !isDirectory && !readable && reports[0]?.skipped.some((s) => s.item === reports[0]?.file) ? 1 : 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
