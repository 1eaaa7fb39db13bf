/**
 * Importer for the fixings article sheet (`fixings_storeserver_1897_articles.csv`: German column names such as
 * Artikelnummer, EAN-Code, Artikelname, Preis3 (EUR), Best.einheit, Mindest.Best., Mengenstaffel, Produktgruppe and
 * `Merkmal "…"` columns holding `value|unit`). Prices are per piece with many decimals (0.0345 EUR); the minimum order
 * equals the order step (10 … 1000 pieces). The file is read twice, streaming both times: the first pass counts
 * product types so that types with fewer than `MIN_CATEGORY_SIZE` articles share a "Weitere …" category.
 */
import { bulletListHtml, sanitizeCatalogHtml } from '../../lib/html.ts';
import { withEtimLabels } from '../etim.ts';
import type {
  CatalogMedia,
  CatalogPrice,
  CatalogProduct,
  CatalogProperty,
  CatalogSink,
  ImportReport,
} from '../model.ts';
import { featureValueText, LOGISTIC_FEATURES, readFeatureUnit } from '../bmecat/features.ts';
import { ReportBuilder } from '../bmecat/report-builder.ts';
import {
  multiplyDecimal,
  normaliseOrderUnit,
  parseDecimal,
  parseQuantity,
  parseSheetDate,
  signOfDecimal,
  trimDecimal,
} from '../bmecat/values.ts';
import { readCsvRows, type SheetRow } from './csv-rows.ts';
import { sheetMedia } from './sheet-media.ts';
import { DerivedCategoryWriter, type SheetImportOptions } from './guenzburger.ts';
import { fixingCategoryPath, fixingType } from './taxonomy.ts';

/** Columns that identify the fixings sheet. */
export const FIXINGS_COLUMNS = ['Artikelnummer', 'Artikelname', 'Mindest.Best.', 'Best.einheit'];

/** Product types with fewer articles than this share their family's "Weitere …" category. */
const MIN_CATEGORY_SIZE = 3;

const PRICE_SUFFIXES = ['', '2', '3'];

function readPrices(row: SheetRow, item: string, report: ReportBuilder, now: Date): CatalogPrice[] {
  const prices: CatalogPrice[] = [];
  const priceQuantity = parseDecimal(row.get('Preis-Menge'));
  for (const s of PRICE_SUFFIXES) {
    const raw = row.get(`Preis${s} (EUR)`);
    if (raw === undefined) continue;
    const amount = parseDecimal(raw);
    if (amount === undefined || signOfDecimal(amount) < 0) {
      report.warn('unreadable-price', item, `Preis${s} "${raw}" is not a decimal; skipped`);
      continue;
    }
    if (signOfDecimal(amount) === 0) {
      report.warn('zero-price', item, 'price of 0 skipped (treated as price on request)');
      continue;
    }
    let tax = parseDecimal(row.get(s === '' ? 'Steuer (%)' : `Steuer${s}`));
    if (tax !== undefined && Number(tax) >= 1) tax = trimDecimal(multiplyDecimal(tax, '0.01'));
    const validTo = parseSheetDate(row.get(`Gültig bis${s}`));
    if (validTo && validTo < now)
      report.warn('expired-price', item, `price valid until ${validTo.toISOString().slice(0, 10)} has expired`);
    prices.push({
      priceType: 'net_list',
      amount,
      currency: (row.get(`Währung${s}`) ?? 'EUR').toUpperCase(),
      lowerBound: 1,
      priceQuantity: priceQuantity && signOfDecimal(priceQuantity) > 0 ? trimDecimal(priceQuantity) : undefined,
      tax,
      validFrom: parseSheetDate(row.get(`Gültig ab${s}`)),
      validTo,
    });
  }
  if (prices.length === 0) report.warn('no-price', item, 'no price in the sheet');
  return prices;
}

function readMedia(
  row: SheetRow,
  mediaBaseUrl: string | undefined,
  item: string,
  report: ReportBuilder,
): CatalogMedia[] {
  const media: CatalogMedia[] = [];
  for (const n of ['', '2', '3', '4', '5', '6', '7', '8', '9', '10']) {
    const source = row.get(`Bild${n}`);
    if (!source) continue;
    const entry = sheetMedia(
      {
        source,
        type: row.get(`Bildtyp${n}`),
        purpose: row.get(`Bildart${n}`),
        description: row.get(`Bildbeschr.${n}`),
        order: row.get(`Bildreihenfolge${n}`),
      },
      media.length + 1,
      mediaBaseUrl,
      item,
      report,
    );
    if (entry) media.push(entry);
  }
  return media;
}

/** `Merkmal "X"` columns: logistics (TariffNo, GrossWeight, …) → customFields, others → properties. */
function readFeatures(row: SheetRow): { properties: CatalogProperty[]; customFields: Record<string, unknown> } {
  const properties: CatalogProperty[] = [];
  const customFields: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (const { name: column, value: cell } of row.cells()) {
    const m = /^Merkmal "(.+)"$/.exec(column);
    const raw = cell.trim();
    if (!m?.[1] || !raw || seen.has(m[1])) continue;
    const name = m[1];
    if (/^nexMart/i.test(name)) continue;
    seen.add(name);
    const bar = raw.lastIndexOf('|');
    const value = bar >= 0 ? raw.slice(0, bar).trim() : raw;
    const unit = readFeatureUnit(bar >= 0 ? raw.slice(bar + 1) : undefined);
    if (!value) continue;
    const logistic = LOGISTIC_FEATURES[name];
    if (logistic) {
      customFields[logistic] = unit.symbol
        ? `${featureValueText(value, {})} ${unit.symbol}`
        : featureValueText(value, unit);
      continue;
    }
    properties.push({
      group: name,
      groupName: withEtimLabels(name, 'feature'),
      value: { 'de-DE': featureValueText(value, unit) },
      unit: unit.symbol,
      position: properties.length + 1,
    });
  }
  return { properties, customFields };
}

/** The sheet's descriptions are bullet items (" - Text - Text"); anything else is a paragraph. */
function describe(text: string | undefined): string | undefined {
  const t = (text ?? '').trim();
  if (!t.startsWith('- ')) return sanitizeCatalogHtml(t);
  const items = t
    .slice(2)
    .split(/\s+-\s+(?=[A-ZÄÖÜ0-9])/)
    .map((i) => i.trim());
  return bulletListHtml(items) || undefined;
}

/**
 * Imports the fixings sheet into `sink`: 1,897 articles for the shared file, order unit PCE → C62, minimum purchase
 * = purchase step = Mindest.Best. (Mengenstaffel), per-piece prices kept to every decimal.
 * @throws read errors (ENOENT) and csv-parse errors for files that are not CSV at all.
 */
export async function importFixingsSheet(
  filePath: string,
  sink: CatalogSink,
  options: SheetImportOptions = {},
): Promise<ImportReport> {
  const source = options.source ?? 'tabular:fixings';
  const report = new ReportBuilder(options.fileLabel ?? filePath, 'tabular:fixings');
  const now = options.now ?? new Date();

  const typeCounts = new Map<string, number>();
  for await (const row of readCsvRows(filePath)) {
    const noun = fixingType(row.get('Artikelname') ?? '')?.noun;
    if (noun) typeCounts.set(noun, (typeCounts.get(noun) ?? 0) + 1);
  }
  const rareTypes = new Set([...typeCounts].filter(([, n]) => n < MIN_CATEGORY_SIZE).map(([noun]) => noun));

  const categories = new DerivedCategoryWriter(source, sink);
  const seen = new Set<string>();
  for await (const row of readCsvRows(filePath)) {
    const productNumber = row.get('Artikelnummer');
    if (!productNumber) {
      report.skip(`line ${row.line}`, 'no Artikelnummer');
      continue;
    }
    const item = productNumber;
    const name = row.get('Artikelname');
    if (!name) {
      report.skip(item, 'no Artikelname');
      continue;
    }
    report.noteProduct(seen, productNumber);
    const ean = report.gtin([row.get('EAN-Code')], item);
    const prices = readPrices(row, item, report, now);
    const taxFraction = prices.find((p) => p.tax)?.tax;
    const min = parseQuantity(row.get('Mindest.Best.'));
    const step = parseQuantity(row.get('Mengenstaffel')) ?? min;
    const delivery = parseQuantity(row.get('Lieferzeit'));
    const features = readFeatures(row);
    const media = readMedia(row, options.mediaBaseUrl, item, report);
    const customFields: Record<string, unknown> = { ...features.customFields };
    const group = row.get('Produktgruppe');
    if (group) customFields.supplierProductGroup = group;
    for (const [column, key] of [
      ['eClass', 'eclass'],
      ['ETIM', 'etimClass'],
      ['UNSPSC', 'unspsc'],
    ] as const) {
      const v = row.get(column);
      if (v) customFields[key] = v;
    }
    const alt = row.get('Alternativ-Nummer');
    if (alt && alt !== productNumber) customFields.supplierAlternativeNumber = alt;
    const leaf = await categories.ensure(fixingCategoryPath(name, rareTypes));
    const description = describe(row.get('Beschreibung'));
    const packing = parseDecimal(row.get('Verp.menge'));

    const product: CatalogProduct = {
      source,
      productNumber,
      name: { 'de-DE': name },
      description: description ? { 'de-DE': description } : undefined,
      keywords: row.get('Stichworte') ? { 'de-DE': row.get('Stichworte') ?? '' } : undefined,
      ean,
      manufacturerName: row.get('Hersteller'),
      manufacturerNumber: row.get('Art.Nr. Hersteller'),
      categories: [{ source, externalId: leaf }],
      properties: features.properties.length ? features.properties : undefined,
      prices: prices.length ? prices : undefined,
      media: media.length ? media : undefined,
      unit: normaliseOrderUnit(row.get('Best.einheit')),
      contentUnit: normaliseOrderUnit(row.get('Inh.einheit')),
      contentPerUnit: packing ? trimDecimal(packing) : undefined,
      minPurchase: min !== undefined ? Math.ceil(min) : undefined,
      purchaseSteps: step !== undefined ? Math.ceil(step) : undefined,
      deliveryTimeMin: delivery !== undefined ? Math.ceil(delivery) : undefined,
      deliveryTimeMax: delivery !== undefined ? Math.ceil(delivery) : undefined,
      deliveryTimeUnit: delivery !== undefined ? 'day' : undefined,
      taxRate: taxFraction !== undefined ? Number(multiplyDecimal(taxFraction, '100')) : undefined,
      customFields: Object.keys(customFields).length ? customFields : undefined,
    };
    await sink.write({ kind: 'product', product, mode: 'new' });
    report.report.products++;
  }
  report.report.categories = categories.count;
  return report.finish();
}
