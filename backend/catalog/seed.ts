/**
 * First-start catalogue seed, run by the runtime on every start after `seedSalesChannel`.
 *
 * Always (re)writes the static content (navigations follow the configured domains). When the catalogue has no
 * products yet, it fills it: with the real supplier files of the shared catalogue folder when that folder exists
 * (each source under its own readable top-level category), plus a clearly separate generated part under the
 * generator's own top-level categories; without the folder, the generated catalogue alone. The project ships no
 * third-party data: the real files are only read from outside the repository.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import type { BackendConfig } from '../config.ts';
import type { CatalogChange, CatalogProduct, CatalogSink, LocalizedText } from './model.ts';
import { stableId } from '../lib/ids.ts';
import { createCatalogWriter, type FinalizeReport } from './writer.ts';
import { categoryId } from './writer/ids.ts';
import { writeStaticContent } from './static-content.ts';
import { generateCatalog, GENERATED_SOURCE } from './generate/generate-catalog.ts';
import { withGeneratedImages } from './generate/product-images.ts';
import { importCatalogDirectory } from './import.ts';

export interface CatalogSeedOptions {
  /** Folder of the real catalogue files (default `../shared/catalog` from the working directory). */
  sharedCatalogDir?: string | undefined;
  /** Generated articles (default 3,000 next to real data, 5,000 alone). */
  generatedArticles?: number | undefined;
  /** Progress lines (default console.log). */
  log?: ((line: string) => void) | undefined;
}

/** Source of the top-level categories the real sources are mounted under. */
export const SEED_SOURCE = 'seed';

interface Mount {
  key: string;
  name: LocalizedText;
  position: number;
  /** Generated top-level category (its externalId) the mount hangs below; absent for a top-level mount. */
  below?: string;
}

/** Top-level category of each real source; sources not listed share the last one. */
const MOUNTS: Record<string, Mount> = {
  'tabular:guenzburger': {
    key: 'access-equipment',
    name: {
      'de-DE': 'Steigtechnik',
      'en-GB': 'Ladders & access',
      'fr-FR': 'Échelles et plateformes',
      'nl-NL': 'Klimmaterieel',
    },
    position: 20,
  },
  'bmecat:fischer': {
    key: 'anchors',
    name: {
      'de-DE': 'Dübel & Anker',
      'en-GB': 'Anchors & fixings',
      'fr-FR': 'Chevilles et ancrages',
      'nl-NL': 'Pluggen en ankers',
    },
    position: 21,
    below: 'fasteners',
  },
  'bmecat:kstools': {
    key: 'tool-systems',
    name: {
      'de-DE': 'Werkzeugsysteme',
      'en-GB': 'Tool systems',
      'fr-FR': 'Systèmes d’outillage',
      'nl-NL': 'Gereedschapssystemen',
    },
    position: 22,
    below: 'hand-tools',
  },
  'bmecat:weidmueller': {
    key: 'terminal-blocks',
    name: {
      'de-DE': 'Reihenklemmen & Relais',
      'en-GB': 'Terminal blocks & relays',
      'fr-FR': 'Borniers et relais',
      'nl-NL': 'Rijgklemmen en relais',
    },
    position: 23,
    below: 'electrical',
  },
};
MOUNTS['tabular:fixings'] = MOUNTS['bmecat:fischer']!;
const OTHER_MOUNT: Mount = {
  key: 'other-ranges',
  name: {
    'de-DE': 'Weitere Sortimente',
    'en-GB': 'More ranges',
    'fr-FR': 'Autres gammes',
    'nl-NL': 'Overige assortimenten',
  },
  position: 29,
};

/**
 * Real catalogue files carry no stock (BMEcat has no stock element), so the demo seed gives each real article a
 * stock level derived from its article number: about three in four in stock with 1 to 499 pieces (rounded to the
 * purchase step), the rest out of stock, with a restock time of 3 to 20 days when the source gives none. Marked in
 * `customFields.demoStock`. Deterministic: the same article always gets the same figures.
 */
export function withDemoStock(product: CatalogProduct): CatalogProduct {
  const hash = parseInt(stableId('demo-stock', product.productNumber).slice(0, 8), 16);
  const step = Math.max(1, product.purchaseSteps ?? 1);
  const min = Math.max(1, product.minPurchase ?? 1);
  const inStock = hash % 4 !== 0;
  const pieces = inStock ? Math.max(min, Math.ceil((1 + ((hash >>> 3) % 499)) / step) * step) : 0;
  return {
    ...product,
    stock: pieces,
    restockTime: product.restockTime ?? 3 + ((hash >>> 12) % 18),
    customFields: { ...product.customFields, demoStock: true },
  };
}

/**
 * The real price lists ended years ago (Günzburger 2018-12-31, fischer 2019-01-08), which would leave every real
 * article without a price for logged-in buyers. The demo seed keeps such prices open-ended and records the original
 * end in `customFields.demoPriceValidTo`; prices still in force, and imports through `npm run catalog:import`, keep
 * their dates as the supplier sent them.
 */
export function withDemoPriceValidity(product: CatalogProduct, now: Date): CatalogProduct {
  const ended = product.prices?.find((p) => p.validTo && p.validTo < now)?.validTo;
  if (!ended) return product;
  return {
    ...product,
    prices: product.prices!.map((p) => (p.validTo && p.validTo < now ? { ...p, validTo: undefined } : p)),
    customFields: { ...product.customFields, demoPriceValidTo: ended.toISOString().slice(0, 10) },
  };
}

/**
 * A sink in front of the writer that hangs each real source below its mount category (written on first use) and
 * assigns products without any category to that mount, so every imported article is reachable in the navigation.
 * Counts categories and products per source.
 */
function mountingSink(
  writer: CatalogSink,
  mounts: Record<string, string>,
  now: Date,
): { sink: CatalogSink; counts: Map<string, { categories: number; products: number }> } {
  const counts = new Map<string, { categories: number; products: number }>();
  const written = new Set<string>();
  const mountOf = async (source: string): Promise<Mount> => {
    const mount = MOUNTS[source] ?? OTHER_MOUNT;
    if (!written.has(mount.key)) {
      written.add(mount.key);
      await writer.write({
        kind: 'category',
        category: {
          source: SEED_SOURCE,
          externalId: mount.key,
          name: mount.name,
          position: mount.position,
          parent: mount.below ? { source: GENERATED_SOURCE, externalId: mount.below } : undefined,
        },
      });
    }
    mounts[source] ??= categoryId(SEED_SOURCE, mount.key);
    return mount;
  };
  const sink: CatalogSink = {
    async write(change: CatalogChange) {
      if (change.kind === 'category') {
        await mountOf(change.category.source);
        count(change.category.source).categories++;
      } else if (change.kind === 'product') {
        const p = change.product;
        const mount = await mountOf(p.source);
        count(p.source).products++;
        if (!p.parentProductNumber && !p.categories?.length) {
          change = { ...change, product: { ...p, categories: [{ source: SEED_SOURCE, externalId: mount.key }] } };
        }
        if (change.product.stock === undefined) change = { ...change, product: withDemoStock(change.product) };
        change = { ...change, product: withDemoPriceValidity(change.product, now) };
      }
      await writer.write(change);
    },
  };
  function count(source: string) {
    let c = counts.get(source);
    if (!c) counts.set(source, (c = { categories: 0, products: 0 }));
    return c;
  }
  return { sink, counts };
}

/**
 * Writes static content, then seeds the catalogue when it has no products. Logs one line per source with counts
 * and one with the finalize totals and duration.
 *
 * @returns the writer's report when the catalogue was seeded, undefined when it already had products.
 * @throws database errors; unreadable or broken catalogue files are skipped and counted, never thrown.
 */
export async function ensureCatalogSeeded(
  db: Db,
  config: BackendConfig,
  options: CatalogSeedOptions = {},
): Promise<FinalizeReport | undefined> {
  const log = options.log ?? ((line: string) => console.log(line));
  await writeStaticContent(db, config);
  if ((await queryRows(db, sql`SELECT 1 FROM product LIMIT 1`)).length > 0) return undefined;

  const started = Date.now();
  const dir = options.sharedCatalogDir ?? path.resolve('../shared/catalog');
  const withRealData = existsSync(dir);
  const mounts: Record<string, string> = {};
  const writer = createCatalogWriter(db, { mounts });

  // The generated part first: real sources mount below some of its top-level categories.
  const articles = options.generatedArticles ?? (withRealData ? 3_000 : 5_000);
  let generated = 0;
  const generatedSink = withGeneratedImages(writer, db);
  for await (const change of generateCatalog({ articles, seed: 1 })) {
    if (change.kind === 'product') generated++;
    await generatedSink.write(change);
  }
  log(`catalogue seed: ${GENERATED_SOURCE}: ${generated} articles (deterministic, seed 1)`);

  if (withRealData) {
    const { sink, counts } = mountingSink(writer, mounts, new Date());
    const reports = await importCatalogDirectory(dir, sink, {
      mediaBaseUrl: config.mediaBaseUrl || undefined,
      media: { db },
    });
    for (const [source, c] of counts)
      log(`catalogue seed: ${source}: ${c.categories} categories, ${c.products} articles`);
    const skipped = reports.reduce((n, r) => n + r.skipped.length, 0);
    log(
      `catalogue seed: ${reports.length} files read from ${dir}, ${skipped} items skipped (see npm run catalog:import for details)`,
    );
  }

  const report = await writer.finalize();
  log(
    `catalogue seed: ${report.totals.products} products, ${report.totals.variants} variants, ${report.totals.categories} categories, ` +
      `${report.totals.seoUrls} category SEO URLs in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return report;
}
