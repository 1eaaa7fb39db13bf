/**
 * `npm run catalog:generate -- --articles N [--seed S]`: writes the generated catalogue (backend/catalog/generate)
 * through the catalogue writer into the database named by DATABASE_URL, or else the PGlite folder DATA_DIR
 * (default .data/pglite; the sales channel is created when missing, its domains and access key are left alone), with
 * the drawings of its product images in the media store, then finalizes and prints counts and duration. Re-running
 * with the same arguments updates the same rows. Exit code 1 on bad arguments or a failed write.
 */
import { parseArgs } from 'node:util';
import { createDb, databaseOptionsFromEnv } from '../db/client.ts';
import { ensureSalesChannel } from '../db/seed-channel.ts';
import { loadBackendConfig } from '../config.ts';
import { createCatalogWriter } from './writer.ts';
import { generateCatalog } from './generate/generate-catalog.ts';
import { withGeneratedImages } from './generate/product-images.ts';

const USAGE = 'usage: npm run catalog:generate -- --articles N [--seed S]';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { articles: { type: 'string' }, seed: { type: 'string' } } });
  const articles = Number(values.articles);
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!values.articles || !Number.isInteger(articles) || articles < 0 || !Number.isInteger(seed)) {
    console.error(USAGE);
    process.exitCode = 1;
    return;
  }
  const started = Date.now();
  const handle = await createDb(databaseOptionsFromEnv(process.env));
  try {
    await ensureSalesChannel(handle.db, loadBackendConfig(process.env));
    const writer = createCatalogWriter(handle.db);
    const sink = withGeneratedImages(writer, handle.db);
    let count = 0;
    for await (const change of generateCatalog({ articles, seed })) {
      await sink.write(change);
      if (change.kind === 'product' && ++count % 50_000 === 0) {
        console.log(`${count} articles written (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      }
    }
    const writtenAt = Date.now();
    const report = await writer.finalize();
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `generated ${report.written.products} articles and ${report.written.categories} categories into ${handle.kind}; ` +
        `catalogue now has ${report.totals.products} products, ${report.totals.variants} variants, ` +
        `${report.totals.categories} categories, ${report.totals.seoUrls} category SEO URLs; ` +
        `write ${seconds(writtenAt - started)}, finalize ${seconds(Date.now() - writtenAt)}, total ${seconds(Date.now() - started)}`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
