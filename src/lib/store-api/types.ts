/**
 * The parts of Shopware's Store API schemas the storefront reads (names as in storeApiSchema.json). Fields are
 * optional where Shopware omits them depending on `includes`, associations or the caller (anonymous callers get no
 * prices and no stock figures).
 */

export interface Translated<T> {
  translated?: Partial<T> | null;
}

export interface SeoUrl {
  id?: string;
  foreignKey: string;
  routeName: string;
  pathInfo?: string;
  seoPathInfo: string;
  isCanonical?: boolean;
  languageId?: string;
}

export interface Media {
  id: string;
  url?: string | null;
  fileName?: string | null;
  fileExtension?: string | null;
  mimeType?: string | null;
  alt?: string | null;
  title?: string | null;
  translated?: { alt?: string | null; title?: string | null } | null;
  customFields?: Record<string, unknown> | null;
}

export interface ProductMedia {
  id?: string;
  mediaId?: string;
  position?: number;
  media?: Media | null;
}

export interface Category extends Translated<{
  name: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string;
  externalLink: string;
  breadcrumb: string[];
}> {
  id: string;
  parentId?: string | null;
  name?: string | null;
  type?: 'page' | 'folder' | 'link' | string;
  linkType?: string | null;
  internalLink?: string | null;
  externalLink?: string | null;
  linkNewTab?: boolean | null;
  level?: number;
  path?: string | null;
  breadcrumb?: string[];
  childCount?: number;
  productCount?: number;
  visible?: boolean;
  active?: boolean;
  children?: Category[] | null;
  seoUrls?: SeoUrl[] | null;
  media?: Media | null;
  cmsPage?: { type?: string } | null;
  apiAlias?: string;
}

export interface PropertyGroupOption extends Translated<{ name: string }> {
  id: string;
  name?: string;
  groupId?: string;
  position?: number;
  group?: PropertyGroup | null;
  colorHexCode?: string | null;
}

export interface PropertyGroup extends Translated<{ name: string; description: string }> {
  id: string;
  name?: string;
  displayType?: string;
  position?: number;
  filterable?: boolean;
  options?: PropertyGroupOption[] | null;
}

export interface ProductManufacturer extends Translated<{ name: string }> {
  id: string;
  name?: string;
  link?: string | null;
  media?: Media | null;
}

export interface DeliveryTime extends Translated<{ name: string }> {
  id?: string;
  name?: string;
  min: number;
  max: number;
  /** 'hour' | 'day' | 'week' | 'month' | 'year' */
  unit: string;
}

export interface Product extends Translated<{
  name: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string;
  packUnit: string;
}> {
  id: string;
  parentId?: string | null;
  productNumber: string;
  name?: string | null;
  ean?: string | null;
  manufacturerNumber?: string | null;
  manufacturer?: ProductManufacturer | null;
  cover?: ProductMedia | null;
  media?: ProductMedia[] | null;
  properties?: PropertyGroupOption[] | null;
  options?: PropertyGroupOption[] | null;
  optionIds?: string[] | null;
  childCount?: number | null;
  available?: boolean;
  isCloseout?: boolean;
  stock?: number;
  availableStock?: number;
  deliveryTime?: DeliveryTime | null;
  restockTime?: number | null;
  minPurchase?: number | null;
  maxPurchase?: number | null;
  purchaseSteps?: number | null;
  seoUrls?: SeoUrl[] | null;
  categories?: Category[] | null;
  seoCategory?: Category | null;
  customFields?: Record<string, unknown> | null;
  extensions?: Record<string, unknown> | null;
  unit?: { translated?: { name?: string; shortCode?: string } } | null;
  crossSellings?: unknown[] | null;
}

export interface ListingAggregationBucket {
  key: string;
  count: number;
}

export interface ProductListingResult {
  elements: Product[];
  total: number;
  page: number;
  limit: number;
  sorting?: string | null;
  availableSortings?: {
    key: string;
    label?: string | null;
    translated?: { label?: string } | null;
    priority?: number;
  }[];
  currentFilters?: { manufacturer?: string[]; properties?: string[]; available?: boolean | null; [k: string]: unknown };
  aggregations?: Record<string, unknown>;
}

export interface ProductDetailResult {
  product: Product;
  configurator?: PropertyGroup[] | null;
}

export interface CrossSellingElement {
  crossSelling: Translated<{ name: string }> & { id?: string; name?: string; type?: string; position?: number };
  products: Product[];
  total?: number;
}

export interface EntitySearchResult<T> {
  elements: T[];
  total?: number;
}
