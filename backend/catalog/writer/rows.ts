/**
 * Catalogue changes → table rows: translations per locale, the per-locale name and search columns, the cover image,
 * the listing price, property option keys. Pure functions; the writer sends the rows.
 */
import { sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { FALLBACK_LOCALES, LOCALE_CODES } from '../../../contract/locales.ts';
import { LOCALE_COLUMNS } from '../../db/locale-columns.ts';
import type { productTable } from '../../db/schema/index.ts';
import { checkGtin } from '../../lib/gtin.ts';
import { listingUnitPrice, type PriceRow } from '../../lib/price.ts';
import { normaliseOrderUnit } from '../bmecat/values.ts';
import type {
  CatalogMedia,
  CatalogPrice,
  CatalogProduct,
  CatalogProperty,
  LocaleCode,
  LocalizedText,
} from '../model.ts';
import { categoryId, manufacturerId, mediaId, normaliseKey, productId, propertyOptionId } from './ids.ts';

/**
 * Text of `text` in `locale`, falling back to en-GB, then de-DE, then any non-empty locale (Shopware's
 * translation inheritance with the shop's fallback order); undefined when there is no text at all.
 */
export function pickText(text: LocalizedText | undefined, locale: LocaleCode): string | undefined {
  if (!text) return undefined;
  for (const l of [locale, ...FALLBACK_LOCALES]) {
    const value = text[l];
    if (value !== undefined && value.trim() !== '') return value;
  }
  return Object.values(text).find((v) => v !== undefined && v.trim() !== '');
}

/** True for an image: an image MIME type or an image file extension. */
const isImage = (m: CatalogMedia): boolean =>
  (m.mimeType ?? '').startsWith('image/') || /\.(jpe?g|png|gif|webp|avif|svg|tiff?)$/i.test(m.source);

/** Per-locale objects of the given fields (`{ 'de-DE': { name, description } }`), empty texts left out. */
export function translations<K extends string>(
  fields: Partial<Record<K, LocalizedText | undefined>>,
): Record<string, Partial<Record<K, string>>> {
  const out: Record<string, Partial<Record<K, string>>> = {};
  for (const [field, text] of Object.entries(fields) as [K, LocalizedText | undefined][]) {
    if (!text) continue;
    for (const [locale, value] of Object.entries(text)) {
      if (value === undefined || value === '') continue;
      (out[locale] ??= {})[field] = value;
    }
  }
  return out;
}

/** Option value key within its group: the German (else any) value, normalised, with the unit when given. */
export function optionKey(p: CatalogProperty): string {
  const value = pickText(p.value, 'de-DE') ?? '';
  return normaliseKey(p.unit ? `${value} ${p.unit}` : value);
}

/**
 * The listing price of a catalogue product (`listingUnitPrice` of backend/lib/price.ts over its prices, at its tax
 * rate, default 21 %): the price buyers see first, so sorting and price filters agree with what they are shown.
 * Price rows whose amount is not a plain decimal are left out.
 */
export function listingPrice(p: Pick<CatalogProduct, 'prices' | 'taxRate'>, now = new Date()): string | undefined {
  const rows: PriceRow[] = (p.prices ?? [])
    .filter(
      (pr: CatalogPrice) =>
        /^\d+(\.\d+)?$/.test(pr.amount.trim()) && /^\d+(\.\d+)?$/.test(pr.priceQuantity?.trim() || '1'),
    )
    .map((pr) => ({
      priceType: pr.priceType,
      lowerBound: pr.lowerBound ?? 1,
      amount: pr.amount.trim(),
      priceQuantity: pr.priceQuantity?.trim() || '1',
      currency: pr.currency,
      validFrom: pr.validFrom ?? null,
      validTo: pr.validTo ?? null,
    }));
  return listingUnitPrice(rows, p.taxRate !== undefined ? String(p.taxRate) : '21', 'EUR', now);
}

/**
 * The `product` row of a catalogue product: ids from source keys, EAN validity (GS1), order unit (UN/ECE Rec 20),
 * cover image (first `normal` image by position), listing price (`listingPrice`), translations, and per locale the
 * denormalised name and the search vector over name, keywords, manufacturer, property values and the description
 * without tags, each text with the fallback of `pickText`.
 */
export function productRow(p: CatalogProduct): PgInsertValue<typeof productTable> & { id: string } {
  const id = productId(p.productNumber);
  const ean = p.ean?.trim() || null;
  const propertyIds = [
    ...new Set([...(p.properties ?? []), ...(p.options ?? [])].map((o) => propertyOptionId(o.group, optionKey(o)))),
  ];
  const optionIds = [...new Set((p.options ?? []).map((o) => propertyOptionId(o.group, optionKey(o))))];
  const cover = (p.media ?? [])
    .map((m, i) => ({ m, pos: m.position ?? i }))
    .filter(({ m }) => (m.purpose || 'normal') === 'normal' && isImage(m))
    .sort((a, b) => a.pos - b.pos)[0];
  const row: PgInsertValue<typeof productTable> & { id: string } = {
    id,
    parentId: p.parentProductNumber ? productId(p.parentProductNumber) : null,
    productNumber: p.productNumber,
    ean,
    eanValid: ean === null || checkGtin(ean).valid,
    manufacturerId: p.manufacturerName?.trim() ? manufacturerId(p.manufacturerName) : null,
    manufacturerNumber: p.manufacturerNumber?.trim() || null,
    active: p.active ?? true,
    stock: p.stock ?? 0,
    availableStock: p.stock ?? 0,
    minPurchase: p.minPurchase ?? 1,
    maxPurchase: p.maxPurchase ?? null,
    purchaseSteps: p.purchaseSteps ?? 1,
    unit: normaliseOrderUnit(p.unit) ?? 'C62',
    contentUnit: p.contentUnit ?? null,
    contentPerUnit: p.contentPerUnit ?? null,
    deliveryTimeMin: p.deliveryTimeMin ?? null,
    deliveryTimeMax: p.deliveryTimeMax ?? null,
    deliveryTimeUnit: p.deliveryTimeUnit ?? 'day',
    restockTime: p.restockTime ?? null,
    coverMediaId: cover ? mediaId(cover.m.source) : null,
    translated: translations({ name: p.name, description: p.description, keywords: p.keywords }),
    optionIds,
    propertyIds,
    categoryIds: [...new Set((p.categories ?? []).map((c) => categoryId(c.source, c.externalId)))],
    listingPrice: listingPrice(p) ?? null,
    taxRate: p.taxRate !== undefined ? String(p.taxRate) : '21',
    releaseDate: p.releaseDate ?? null,
    customFields: p.customFields ?? {},
    source: p.source,
  };
  for (const locale of LOCALE_CODES) {
    const columns = LOCALE_COLUMNS[locale];
    row[columns.nameKey] = pickText(p.name, locale) ?? '';
    const head = [
      pickText(p.name, locale),
      pickText(p.keywords, locale),
      p.manufacturerName,
      ...[...(p.properties ?? []), ...(p.options ?? [])].map((o) => pickText(o.value, locale)),
    ]
      .filter((s) => s !== undefined && s !== '')
      .join(' ');
    const description = pickText(p.description, locale) ?? '';
    row[columns.searchKey] =
      sql`to_tsvector(${columns.tsConfig}::regconfig, ${head} || ' ' || regexp_replace(${description}::text, '<[^>]*>', ' ', 'g'))`;
  }
  return row;
}

/** Direct categories and all their ancestors, sorted; finalize recomputes it for categories written later. */
function categoryTreeOf(categoryIds: string[], parents: Map<string, string | null>): string[] {
  const tree = new Set<string>();
  for (const start of categoryIds) {
    if (!parents.has(start)) continue;
    let id: string | null | undefined = start;
    for (let depth = 0; id && depth < 50 && !tree.has(id); depth++) {
      tree.add(id);
      id = parents.get(id);
    }
  }
  return [...tree].sort();
}

/**
 * Values that finalize would otherwise rewrite row by row, computed for the families complete in this batch:
 * category trees, a parent's variant count, property union and cheapest variant price. Finalize still corrects
 * whatever depends on rows outside the batch, touching only rows that differ.
 */
export function completeBatch(
  products: CatalogProduct[],
  rows: ReturnType<typeof productRow>[],
  parents: Map<string, string | null>,
): void {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const variantPrices = new Map<string, string[]>();
  products.forEach((p, i) => {
    const row = rows[i]!;
    row.categoryTree = categoryTreeOf(row.categoryIds as string[], parents);
    const parent = row.parentId ? byId.get(row.parentId as string) : undefined;
    if (!parent) return;
    parent.childCount = ((parent.childCount as number | undefined) ?? 0) + 1;
    parent.propertyIds = [...new Set([...(parent.propertyIds as string[]), ...(row.propertyIds as string[])])].sort();
    if ((row.categoryIds as string[]).length === 0) row.categoryTree = parent.categoryTree as string[];
    const price = listingPrice(p);
    if (price) variantPrices.set(parent.id, [...(variantPrices.get(parent.id) ?? []), price]);
  });
  for (const [parentId, prices] of variantPrices) {
    const parent = byId.get(parentId)!;
    if (parent.listingPrice === null) parent.listingPrice = prices.reduce((a, b) => (Number(b) < Number(a) ? b : a));
  }
}
