/**
 * The catalogue model that every source (BMEcat importer, spreadsheet importer, generator) produces and the
 * catalogue writer persists. Sources never touch the database; the writer never parses a file.
 *
 * Keys: every entity carries a stable source key (`source` + `externalId`, a product number, a manufacturer name),
 * from which the writer derives deterministic ids, so importing the same file twice updates instead of duplicating.
 *
 * Units: quantities in order units (pieces of `unit`); money as decimal strings ("0.01400") in `currency`, never
 * floats; delivery times in `deliveryTimeUnit` (default days); restock time in days.
 */

import type { LocaleCode } from '../../contract/locales.ts';

export type { LocaleCode };

/** Text per locale; absent locales fall back at read time (en-GB, then de-DE). */
export type LocalizedText = Partial<Record<LocaleCode, string>>;

export interface CatalogCategory {
  /** Source namespace, e.g. 'bmecat:kstools', 'tabular:guenzburger', 'generated'. */
  source: string;
  /** The source's own id (BMEcat GROUP_ID); unique within `source`. */
  externalId: string;
  /** `externalId` of the parent within the same source; undefined for a top-level group of that source. */
  parentExternalId?: string | undefined;
  /** A parent in another source (e.g. a real source's top category below a generated one); wins over the above. */
  parent?: { source: string; externalId: string } | undefined;
  name: LocalizedText;
  /** Sanitised HTML. */
  description?: LocalizedText | undefined;
  keywords?: LocalizedText | undefined;
  position?: number | undefined;
  /** 'page' (default), 'folder' or 'link'. */
  type?: 'page' | 'folder' | 'link' | undefined;
  mediaFileName?: string | undefined;
}

export interface CatalogProperty {
  /** Group key: the feature name (or ETIM/eCl@ss code) as the source gives it. */
  group: string;
  /** Group label per locale; defaults to `group`. */
  groupName?: LocalizedText | undefined;
  /** Option value as text (value and unit joined when the unit is free text). */
  value: LocalizedText;
  /** Unit symbol, e.g. "mm". */
  unit?: string | undefined;
  /** Sort position of the group within the product's specifications. */
  position?: number | undefined;
  /** Whether listings offer the group as a filter (default true). */
  filterable?: boolean | undefined;
  /** How the variant switch shows the group's options (Shopware property_group.displayType), default 'text'. */
  displayType?: 'text' | 'color' | 'media' | undefined;
  /** Swatch colour of this option as `#rrggbb`, for groups with displayType 'color'. */
  colorHexCode?: string | undefined;
}

export interface CatalogPrice {
  /** BMEcat price type: net_list, net_customer, gros_list, nrp, udp_*, … */
  priceType: string;
  /** Amount for `priceQuantity` order units, as a decimal string. */
  amount: string;
  currency: string;
  /** Order units from which this tier applies (BMEcat LOWER_BOUND), default 1. */
  lowerBound?: number | undefined;
  /** BMEcat PRICE_QUANTITY, default 1. */
  priceQuantity?: string | undefined;
  /** VAT rate as a fraction (0.19). */
  tax?: string | undefined;
  validFrom?: Date | undefined;
  validTo?: Date | undefined;
}

export interface CatalogMedia {
  /** MIME_SOURCE: a file name or relative path, or an absolute URL for deep links. */
  source: string;
  mimeType?: string | undefined;
  /** MIME_PURPOSE: normal, detail, thumbnail, data_sheet, safety_data_sheet, others, … */
  purpose: string;
  description?: LocalizedText | undefined;
  position?: number | undefined;
  /**
   * The file itself, once put into the media store (backend/media/media-store.ts): its content hash (64 hex).
   * Absent when only the name is known (no binaries in the source).
   */
  file?: { hash: string } | undefined;
}

export interface CatalogReference {
  /** BMEcat reference type: accessories, similar, followup, mandatory, select, sparepart, consists_of, others. */
  type: string;
  /** Referenced supplier article number (may be absent from the catalogue). */
  productNumber: string;
  quantity?: number | undefined;
  position?: number | undefined;
}

export interface CatalogProduct {
  source: string;
  /** Supplier article number (SUPPLIER_PID / SUPPLIER_AID); kept as a string, leading zeros included. */
  productNumber: string;
  /** Parent product number for a variant. */
  parentProductNumber?: string | undefined;
  /** Variant options (group and value), only on variants. */
  options?: CatalogProperty[] | undefined;
  name: LocalizedText;
  /** Sanitised HTML. */
  description?: LocalizedText | undefined;
  keywords?: LocalizedText | undefined;
  ean?: string | undefined;
  manufacturerName?: string | undefined;
  manufacturerNumber?: string | undefined;
  /** Category references: (source, externalId) pairs. */
  categories?: { source: string; externalId: string }[] | undefined;
  properties?: CatalogProperty[] | undefined;
  prices?: CatalogPrice[] | undefined;
  media?: CatalogMedia[] | undefined;
  references?: CatalogReference[] | undefined;
  /** UN/ECE Rec 20 order unit (legacy PCE mapped to C62). */
  unit?: string | undefined;
  contentUnit?: string | undefined;
  contentPerUnit?: string | undefined;
  minPurchase?: number | undefined;
  purchaseSteps?: number | undefined;
  maxPurchase?: number | undefined;
  deliveryTimeMin?: number | undefined;
  deliveryTimeMax?: number | undefined;
  deliveryTimeUnit?: 'day' | 'week' | 'month' | 'year' | undefined;
  restockTime?: number | undefined;
  stock?: number | undefined;
  /** VAT percent, e.g. 19. */
  taxRate?: number | undefined;
  releaseDate?: Date | undefined;
  active?: boolean | undefined;
  customFields?: Record<string, unknown> | undefined;
}

/** An incremental change (BMEcat T_UPDATE_PRODUCTS mode delete, T_UPDATE_PRICES). */
export type CatalogChange =
  | { kind: 'category'; category: CatalogCategory }
  | { kind: 'product'; product: CatalogProduct; mode: 'new' | 'update' }
  | { kind: 'delete-product'; productNumber: string }
  | { kind: 'prices'; productNumber: string; prices: CatalogPrice[] };

/** What an import ends with: counts and every skipped item with its reason. */
export interface ImportReport {
  file: string;
  format: string;
  categories: number;
  products: number;
  deleted: number;
  priceUpdates: number;
  skipped: { item: string; reason: string }[];
  warnings: { item: string; message: string }[];
}

/** The sink a source writes to; implemented by the catalogue writer (backend/catalog/writer.ts). */
export interface CatalogSink {
  write(change: CatalogChange): Promise<void>;
}
