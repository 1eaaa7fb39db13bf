/**
 * Importer for the Günzburger Steigtechnik article sheet (`guenzburger_steigtechnik_2424_articles.csv`: BMEcat-like
 * column names such as supplierArticleId, descriptionShort, priceAmount1, mimeSource1 … mimeSource71,
 * attributeName1/attributeValue1 … 13). German only, no categories: a two-level tree is derived from the article
 * names (taxonomy.ts). Streams the file row by row; categories are written just before the first article that uses
 * them.
 */
import { sanitizeCatalogHtml } from '../../lib/html.ts';
import { withEtimLabels } from '../etim.ts';
import type {
  CatalogMedia,
  CatalogPrice,
  CatalogProduct,
  CatalogProperty,
  CatalogSink,
  ImportReport,
} from '../model.ts';
import { ReportBuilder } from '../bmecat/report-builder.ts';
import {
  normaliseOrderUnit,
  parseDecimal,
  parseQuantity,
  parseSheetDate,
  signOfDecimal,
  trimDecimal,
  multiplyDecimal,
} from '../bmecat/values.ts';
import { readCsvRows, type SheetRow } from './csv-rows.ts';
import { sheetMedia } from './sheet-media.ts';
import { ladderCategoryPath, type DerivedCategory } from './taxonomy.ts';

/** Options of the spreadsheet importers. */
export interface SheetImportOptions {
  /** Source namespace; default 'tabular:guenzburger' / 'tabular:fixings'. */
  source?: string | undefined;
  /** Name of the file in the report. */
  fileLabel?: string | undefined;
  /** Base URL or folder for media file names; default: keep the file names. */
  mediaBaseUrl?: string | undefined;
  /** Reference date for "price validity has ended" warnings; default now. */
  now?: Date | undefined;
}

/** Columns that identify the Günzburger sheet. */
export const GUENZBURGER_COLUMNS = ['supplierArticleId', 'descriptionShort', 'priceAmount1', 'attributeName1'];

/** Sheet price types and the BMEcat price type they mean. "VK_ohne_MwSt" = Verkaufspreis ohne MwSt = net list price. */
const PRICE_TYPES: Record<string, string> = { vk_ohne_mwst: 'net_list', vk_mit_mwst: 'gros_list', ek: 'net_customer' };

/** Writes derived categories once each, parents first. */
export class DerivedCategoryWriter {
  private readonly written = new Set<string>();
  count = 0;
  constructor(
    private readonly source: string,
    private readonly sink: CatalogSink,
  ) {}

  /** Writes the path's categories that were not written yet and returns the leaf's externalId. */
  async ensure(path: DerivedCategory[]): Promise<string> {
    for (const c of path) {
      if (this.written.has(c.key)) continue;
      this.written.add(c.key);
      this.count++;
      await this.sink.write({
        kind: 'category',
        category: {
          source: this.source,
          externalId: c.key,
          parentExternalId: c.parentKey,
          name: c.name,
          position: c.position,
          type: 'page',
        },
      });
    }
    return path[path.length - 1]?.key ?? '';
  }
}

function readPrices(row: SheetRow, item: string, report: ReportBuilder, now: Date): CatalogPrice[] {
  const prices: CatalogPrice[] = [];
  for (let n = 1; n <= 10; n++) {
    const rawAmount = row.get(`priceAmount${n}`);
    const rawType = row.get(`priceType${n}`);
    if (rawAmount === undefined && rawType === undefined) {
      if (n > 1) break;
      report.warn('no-price', item, 'no price in the sheet');
      break;
    }
    let amount = parseDecimal(rawAmount);
    if (amount === undefined || signOfDecimal(amount) < 0) {
      report.warn('unreadable-price', item, `priceAmount${n} "${rawAmount ?? ''}" is not a decimal; skipped`);
      continue;
    }
    const factor = parseDecimal(row.get(`priceFactor${n}`));
    if (factor !== undefined && signOfDecimal(factor) > 0 && trimDecimal(factor) !== '1')
      amount = multiplyDecimal(amount, factor);
    if (signOfDecimal(amount) === 0) {
      report.warn('zero-price', item, `price of 0 skipped (treated as price on request)`);
      continue;
    }
    const priceType = PRICE_TYPES[(rawType ?? '').toLowerCase()] ?? rawType ?? 'net_list';
    let tax = parseDecimal(row.get(`tax${n}`));
    if (tax !== undefined && Number(tax) >= 1) tax = trimDecimal(multiplyDecimal(tax, '0.01'));
    const validTo = parseSheetDate(row.get(`validTo${n}`));
    if (validTo && validTo < now)
      report.warn('expired-price', item, `price valid until ${validTo.toISOString().slice(0, 10)} has expired`);
    const priceQuantity = parseDecimal(row.get('priceQuantity'));
    prices.push({
      priceType,
      amount,
      currency: (row.get(`priceCurrency${n}`) ?? 'EUR').toUpperCase(),
      lowerBound: parseQuantity(row.get(`lowerBound${n}`)) ?? 1,
      priceQuantity: priceQuantity ? trimDecimal(priceQuantity) : undefined,
      tax,
      validFrom: parseSheetDate(row.get(`validFrom${n}`)),
      validTo,
    });
  }
  return prices;
}

function readMedia(
  row: SheetRow,
  mediaBaseUrl: string | undefined,
  item: string,
  report: ReportBuilder,
): CatalogMedia[] {
  const media: CatalogMedia[] = [];
  const seen = new Set<string>();
  for (let n = 1; n <= 200; n++) {
    const source = row.get(`mimeSource${n}`);
    if (source === undefined) {
      if (row.get(`mimeType${n}`) === undefined && row.get(`mimeSource${n + 1}`) === undefined) break;
      continue;
    }
    const entry = sheetMedia(
      {
        source,
        type: row.get(`mimeType${n}`),
        purpose: row.get(`mimePurpose${n}`),
        description: row.get(`mimeDescription${n}`),
        order: row.get(`mimeOrder${n}`),
      },
      n,
      mediaBaseUrl,
      item,
      report,
    );
    if (!entry || seen.has(entry.source)) continue;
    seen.add(entry.source);
    media.push(entry);
  }
  return media;
}

/** Attributes that carry classification codes (not readable, not filters): attribute name → customFields key. */
const CLASSIFICATION_ATTRIBUTES: Record<string, string> = {
  eclass: 'eclass',
  proficlass: 'proficlass',
  etim: 'etimClass',
};

function readAttributes(row: SheetRow, customFields: Record<string, unknown>): CatalogProperty[] {
  const properties: CatalogProperty[] = [];
  for (let n = 1; n <= 200; n++) {
    const name = row.get(`attributeName${n}`);
    const value = row.get(`attributeValue${n}`);
    if (name === undefined && value === undefined) {
      if (row.get(`attributeName${n + 1}`) === undefined) break;
      continue;
    }
    if (!name || !value) continue;
    const classification = CLASSIFICATION_ATTRIBUTES[name.toLowerCase()];
    if (classification) {
      customFields[classification] = value;
      continue;
    }
    properties.push({
      group: name,
      groupName: withEtimLabels(name, 'feature'),
      value: { 'de-DE': value },
      position: n,
    });
  }
  return properties;
}

/**
 * Imports the Günzburger sheet into `sink`. Returns the report (2,424 articles for the shared file; 7 invalid EANs
 * kept with warnings; prices of 0 skipped as "price on request").
 * @throws read errors (ENOENT) and csv-parse errors for files that are not CSV at all.
 */
export async function importGuenzburgerSheet(
  filePath: string,
  sink: CatalogSink,
  options: SheetImportOptions = {},
): Promise<ImportReport> {
  const source = options.source ?? 'tabular:guenzburger';
  const report = new ReportBuilder(options.fileLabel ?? filePath, 'tabular:guenzburger');
  const categories = new DerivedCategoryWriter(source, sink);
  const now = options.now ?? new Date();
  const seen = new Set<string>();

  for await (const row of readCsvRows(filePath)) {
    const productNumber = row.get('supplierArticleId') ?? row.get('articleId');
    if (!productNumber) {
      report.skip(`line ${row.line}`, 'no supplierArticleId');
      continue;
    }
    const item = productNumber;
    const articleType = (row.get('articleType') ?? '').toLowerCase();
    if (articleType === 'delete') {
      await sink.write({ kind: 'delete-product', productNumber });
      report.report.deleted++;
      continue;
    }
    if (articleType !== 'new' && articleType !== 'update') {
      report.warn('article-type', item, `articleType "${row.get('articleType') ?? ''}" read as new`);
    }
    const name = row.get('descriptionShort');
    if (!name) {
      report.skip(item, 'no descriptionShort (article name)');
      continue;
    }
    report.noteProduct(seen, productNumber);
    const ean = report.gtin([row.get('ean')], item);
    const delivery = parseQuantity(row.get('deliveryTime'));
    const prices = readPrices(row, item, report, now);
    const taxFraction = prices.find((p) => p.tax)?.tax;
    const description = sanitizeCatalogHtml(row.get('descriptionLong'));
    const customFields: Record<string, unknown> = {};
    const properties = readAttributes(row, customFields);
    const media = readMedia(row, options.mediaBaseUrl, item, report);
    const packing = parseDecimal(row.get('packingQuantity'));
    if (packing && trimDecimal(packing) !== '1') customFields.packingQuantity = trimDecimal(packing);
    const leaf = await categories.ensure(ladderCategoryPath(name));

    const product: CatalogProduct = {
      source,
      productNumber,
      name: { 'de-DE': name },
      description: description ? { 'de-DE': description } : undefined,
      keywords: row.get('keywords') ? { 'de-DE': row.get('keywords') ?? '' } : undefined,
      ean,
      manufacturerName: row.get('manufacturerName'),
      manufacturerNumber: row.get('manufacturerArticleId'),
      categories: [{ source, externalId: leaf }],
      properties: properties.length ? properties : undefined,
      prices: prices.length ? prices : undefined,
      media: media.length ? media : undefined,
      unit: normaliseOrderUnit(row.get('orderUnit')),
      contentUnit: normaliseOrderUnit(row.get('contentUnit')),
      minPurchase: parseQuantity(row.get('quantityMin')),
      purchaseSteps: parseQuantity(row.get('quantityInterval')),
      deliveryTimeMin: delivery !== undefined ? Math.ceil(delivery) : undefined,
      deliveryTimeMax: delivery !== undefined ? Math.ceil(delivery) : undefined,
      deliveryTimeUnit: delivery !== undefined ? 'day' : undefined,
      taxRate: taxFraction !== undefined ? Number(multiplyDecimal(taxFraction, '100')) : undefined,
      customFields: Object.keys(customFields).length ? customFields : undefined,
    };
    await sink.write({ kind: 'product', product, mode: articleType === 'update' ? 'update' : 'new' });
    report.report.products++;
  }
  report.report.categories = categories.count;
  return report.finish();
}
