/**
 * Seeds and synchronises the sales channel: languages, the currency, the channel, its domains (from configuration,
 * on every start, so a changed PORT or SHOP_URL_* takes effect) and the root categories of the four navigations.
 * Idempotent: ids are stable, rows are upserted.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
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

/** Upserts languages, currency, channel, domains and navigation roots. */
export async function seedSalesChannel(db: Db, config: BackendConfig): Promise<void> {
  for (const l of LANGUAGES) {
    await db
      .insert(languageTable)
      .values({ id: languageId(l.locale), name: l.name, localeCode: l.locale })
      .onConflictDoUpdate({ target: languageTable.id, set: { name: l.name } });
  }
  await db
    .insert(currencyTable)
    .values({ id: CURRENCY_EUR_ID, isoCode: 'EUR', symbol: '€', name: 'Euro', decimalPrecision: 2, factor: '1' })
    .onConflictDoNothing();
  for (const [key, id] of Object.entries(ROOT_CATEGORY_IDS) as [keyof typeof ROOT_CATEGORY_IDS, string][]) {
    const names = ROOT_NAMES[key];
    await db
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
  await db
    .insert(salesChannelTable)
    .values({
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
    })
    .onConflictDoUpdate({ target: salesChannelTable.id, set: { accessKey: config.accessKey } });

  // Domains follow the configuration: replace the set in one statement batch.
  await db.execute(sql`DELETE FROM sales_channel_domain WHERE sales_channel_id = ${SALES_CHANNEL_ID}`);
  for (const [position, d] of config.domains.entries()) {
    await db.insert(salesChannelDomainTable).values({
      id: stableId('domain', `${d.locale}:${position}`),
      salesChannelId: SALES_CHANNEL_ID,
      url: d.url,
      languageId: languageId(d.locale),
      currencyId: CURRENCY_EUR_ID,
      snippetSetId: SNIPPET_SET_ID(d.locale),
      languageLabel: d.label,
      position,
    });
  }
}
