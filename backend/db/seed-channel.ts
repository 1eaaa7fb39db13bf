/**
 * Seeds and synchronises the sales channel: languages, the currency, the channel, its domains (from configuration,
 * on every start of the shop, so a changed PORT or SHOP_URL_* takes effect) and the root categories of the four
 * navigations (`seedSalesChannel`); tools that are not the shop only make sure the channel exists
 * (`ensureSalesChannel`). Idempotent: ids are stable, rows are upserted.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from './client.ts';
import { bumpCacheVersion } from './cache-version.ts';
import {
  categoryTable,
  currencyTable,
  languageTable,
  salesChannelDomainTable,
  salesChannelTable,
} from './schema/index.ts';
import type { BackendConfig } from '../config.ts';
import { stableId } from '../lib/ids.ts';
import { LANGUAGE_NAMES, LOCALE_CODES, type LocaleCode } from '../../contract/locales.ts';

/** The shop's languages (contract/locales.ts), each with its name in itself. */
export const LANGUAGES: { locale: LocaleCode; name: string }[] = LOCALE_CODES.map((locale) => ({
  locale,
  name: LANGUAGE_NAMES[locale],
}));

/** Stable id of a language by locale code. */
export const languageId = (locale: string): string => stableId('language', locale);
export const SNIPPET_SET_ID = (locale: string): string => stableId('snippet-set', locale);
export const CURRENCY_EUR_ID = stableId('currency', 'EUR');
export const SALES_CHANNEL_ID = stableId('sales-channel', 'werkbank');
/** Root categories of the main, service, footer and countries navigation. */
export const ROOT_CATEGORY_IDS = {
  main: stableId('category', 'root:main'),
  service: stableId('category', 'root:service'),
  footer: stableId('category', 'root:footer'),
  countries: stableId('category', 'root:countries'),
} as const;

const ROOT_NAMES: Record<keyof typeof ROOT_CATEGORY_IDS, Record<LocaleCode, string>> = {
  main: { 'de-DE': 'Katalog', 'en-GB': 'Catalogue', 'fr-FR': 'Catalogue', 'nl-NL': 'Catalogus' },
  service: { 'de-DE': 'Service', 'en-GB': 'Service', 'fr-FR': 'Service', 'nl-NL': 'Service' },
  footer: { 'de-DE': 'Fußzeile', 'en-GB': 'Footer', 'fr-FR': 'Pied de page', 'nl-NL': 'Voettekst' },
  countries: { 'de-DE': 'Länder', 'en-GB': 'Countries', 'fr-FR': 'Pays', 'nl-NL': 'Landen' },
};

/**
 * Synchronises the sales channel with the configuration, as every start of the shop does: upserts the languages, the
 * currency, the navigation roots and the channel (its access key from `config.accessKey`), and makes the channel's
 * domains those of `config.domains`. All in one transaction, so another process reads the old or the new set, never
 * a partial one. Domains are upserted by their stable id (locale and position): a domain whose URL is unchanged is
 * updated in place, never deleted and re-inserted; only rows that are no longer configured, or whose URL moved to
 * another id, are deleted first (the URL is unique, `sales_channel_domain_url_idx`). Bumps the `channel` cache
 * version in the same transaction (backend/db/cache-version.ts), so running processes load the channel again once
 * it commits.
 *
 * With `keepStoredDomains` (cluster mode, `WERKBANK_CLUSTER=1`: several processes, each with its own `PORT` and maybe
 * an outdated `SHOP_URL_*`), stored domains are left as they are: when they differ from `config.domains`, the
 * difference is logged and nothing is overwritten; only a channel without domains gets the configured ones.
 *
 * @throws the database error when a write fails (the transaction is rolled back then).
 */
export async function seedSalesChannel(
  db: Db,
  config: BackendConfig,
  options: { keepStoredDomains?: boolean; log?: (line: string) => void } = {},
): Promise<void> {
  const log = options.log ?? ((line: string) => console.warn(line));
  await db.transaction(async (tx) => {
    await writeChannel(tx, config, 'sync');
    const wanted = config.domains.map((d, position) => ({
      id: stableId('domain', `${d.locale}:${position}`),
      salesChannelId: SALES_CHANNEL_ID,
      url: d.url,
      languageId: languageId(d.locale),
      currencyId: CURRENCY_EUR_ID,
      snippetSetId: SNIPPET_SET_ID(d.locale),
      languageLabel: d.label,
      position,
    }));
    const urlById = new Map(wanted.map((d) => [d.id, d.url]));
    const stored = await tx
      .select({ id: salesChannelDomainTable.id, url: salesChannelDomainTable.url })
      .from(salesChannelDomainTable)
      .where(eq(salesChannelDomainTable.salesChannelId, SALES_CHANNEL_ID))
      .for('update');
    const stale = stored.filter((row) => urlById.get(row.id) !== row.url).map((row) => row.id);
    if (options.keepStoredDomains && stored.length) {
      const configured = new Set(wanted.map((d) => d.url));
      const differ = stale.length > 0 || stored.length !== wanted.length || stored.some((r) => !configured.has(r.url));
      if (differ) {
        log(
          `[werkbank] cluster mode: the stored domains (${stored.map((r) => r.url).join(', ')}) differ from this ` +
            `process's configuration (${wanted.map((d) => d.url).join(', ')}); the stored ones are kept.`,
        );
      }
      await bumpCacheVersion(tx, 'channel');
      return;
    }
    if (stale.length) await tx.delete(salesChannelDomainTable).where(inArray(salesChannelDomainTable.id, stale));
    for (const d of wanted) {
      await tx
        .insert(salesChannelDomainTable)
        .values(d)
        .onConflictDoUpdate({
          target: salesChannelDomainTable.id,
          set: {
            url: d.url,
            languageId: d.languageId,
            snippetSetId: d.snippetSetId,
            languageLabel: d.languageLabel,
            position: d.position,
          },
        });
    }
    await bumpCacheVersion(tx, 'channel');
  });
}

/**
 * Makes sure the sales channel exists, for tools that write into the shop's database without being the shop (the
 * catalogue import and generator): inserts the languages, the currency, the navigation roots and the channel when
 * they are missing, and changes nothing that exists. Never writes the channel's domains or access key, which belong
 * to the running shop's configuration (`seedSalesChannel` on its start). Bumps the `channel` cache version only when
 * it created the channel.
 *
 * @throws the database error when a write fails (the transaction is rolled back then).
 */
export async function ensureSalesChannel(db: Db, config: BackendConfig): Promise<void> {
  await db.transaction(async (tx) => {
    if (await writeChannel(tx, config, 'ensure')) await bumpCacheVersion(tx, 'channel');
  });
}

/**
 * Switches the shop's maintenance mode (every sales channel): while it is on, the storefront answers its pages with
 * the maintenance page (503) and the Store API keeps serving. Writes the flag and bumps the `channel` cache version in
 * one transaction, so every running process of the shop follows within the cache poll interval.
 *
 * @returns how many sales channels were switched.
 * @throws the database error when the write fails (nothing changes then).
 */
export async function setMaintenance(db: Db, on: boolean): Promise<number> {
  return db.transaction(async (tx) => {
    const switched = await tx
      .update(salesChannelTable)
      .set({ maintenance: on, updatedAt: new Date() })
      .returning({ id: salesChannelTable.id });
    await bumpCacheVersion(tx, 'channel');
    return switched.length;
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The rows besides the domains: 'sync' updates the language names and the access key, 'ensure' only inserts.
 *
 * @returns whether the channel row was inserted or updated.
 */
async function writeChannel(tx: Tx, config: BackendConfig, mode: 'sync' | 'ensure'): Promise<boolean> {
  for (const l of LANGUAGES) {
    const insert = tx.insert(languageTable).values({ id: languageId(l.locale), name: l.name, localeCode: l.locale });
    await (mode === 'sync'
      ? insert.onConflictDoUpdate({ target: languageTable.id, set: { name: l.name } })
      : insert.onConflictDoNothing());
  }
  await tx
    .insert(currencyTable)
    .values({ id: CURRENCY_EUR_ID, isoCode: 'EUR', symbol: '€', name: 'Euro', decimalPrecision: 2, factor: '1' })
    .onConflictDoNothing();
  for (const [key, id] of Object.entries(ROOT_CATEGORY_IDS) as [keyof typeof ROOT_CATEGORY_IDS, string][]) {
    const names = ROOT_NAMES[key];
    await tx
      .insert(categoryTable)
      .values({
        id,
        parentId: null,
        path: null,
        level: 1,
        type: 'folder',
        source: 'static',
        externalId: `root:${key}`,
        translated: Object.fromEntries(Object.entries(names).map(([loc, name]) => [loc, { name }])),
      })
      .onConflictDoNothing();
  }
  const channel = tx.insert(salesChannelTable).values({
    id: SALES_CHANNEL_ID,
    name: 'Werkbank',
    accessKey: config.accessKey,
    languageId: languageId('nl-NL'),
    currencyId: CURRENCY_EUR_ID,
    navigationCategoryId: ROOT_CATEGORY_IDS.main,
    navigationCategoryDepth: 3,
    serviceCategoryId: ROOT_CATEGORY_IDS.service,
    footerCategoryId: ROOT_CATEGORY_IDS.footer,
    countriesCategoryId: ROOT_CATEGORY_IDS.countries,
    config: { robots: 'index, follow', shopName: 'Werkbank' },
  });
  const written = await (
    mode === 'sync'
      ? channel.onConflictDoUpdate({ target: salesChannelTable.id, set: { accessKey: config.accessKey } })
      : channel.onConflictDoNothing()
  ).returning({ id: salesChannelTable.id });
  return written.length > 0;
}
