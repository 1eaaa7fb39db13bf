/**
 * The answer shapes of the catalogue mappers, built on the schemas `@shopware/api-client` generates from Shopware's
 * Store API OpenAPI document (`Schemas` of `@shopware/api-client/api-types`). The generated schemas describe a full
 * Shopware installation; this backend sends a subset, so `Sent<T, Kept>` keeps the keys in `Kept` as Shopware types
 * them (required) and makes every other key optional and nullable (null fields are dropped by `compact` before
 * sending). Date-time keys may hold a `Date`: JSON serialises it as ISO 8601, the format the schemas declare.
 */
import type { Schemas } from '@shopware/api-client/api-types';
import type { CalculatedPrice } from '../lib/price.ts';

type DateTimeKey = 'createdAt' | 'updatedAt' | 'releaseDate';

/** Shopware schema `T` as sent: keys in `Kept` required, the others optional; date-times may be `Date`s. */
export type Sent<T, Kept extends keyof T = never> = {
  [K in keyof T as K extends Kept ? never : K]?: (K extends DateTimeKey ? string | Date : T[K]) | null;
} & { [K in Kept]: T[K] };

/** The `translated` object of a schema with the fields this backend translates. */
type Translated<T extends { translated: object }> = Partial<T['translated']>;

export type StoreMedia = Sent<Omit<Schemas['Media'], 'translated' | 'customFields'>, 'id' | 'apiAlias' | 'url'> & {
  translated: { alt: string | null; title: string | null };
  customFields: Record<string, unknown>;
};

export type StoreSeoUrl = Sent<
  Schemas['SeoUrl'],
  'id' | 'foreignKey' | 'languageId' | 'pathInfo' | 'routeName' | 'seoPathInfo'
> & { apiAlias: 'seo_url' };

/** A seo-url answer element: the SeoUrl plus the canonical path to redirect to (docs/decisions/004-seo-urls.md). */
export type StoreResolvedSeoUrl = StoreSeoUrl & {
  extensions: { canonical: { seoPathInfo: string; pathInfo: string; apiAlias: 'seo_url_canonical' } };
};

export type StoreCategory = Sent<
  Omit<Schemas['Category'], 'translated' | 'children' | 'media' | 'seoUrls' | 'parent' | 'customFields'>,
  'id' | 'name' | 'apiAlias'
> & {
  translated: Translated<Schemas['Category']> & { linkNewTab?: boolean };
  children?: StoreCategory[];
  media?: StoreMedia | null;
  seoUrls?: StoreSeoUrl[];
  customFields?: Record<string, unknown>;
};

export type StoreManufacturer = Sent<Omit<Schemas['ProductManufacturer'], 'translated' | 'media'>, 'id' | 'name'> & {
  apiAlias: 'product_manufacturer';
  translated: Translated<Schemas['ProductManufacturer']>;
  media?: StoreMedia | null;
};

export type StoreProductMedia = Sent<
  Omit<Schemas['ProductMedia'], 'media' | 'customFields'>,
  'id' | 'mediaId' | 'productId'
> & {
  apiAlias: 'product_media';
  media: StoreMedia;
  customFields: { purpose: string };
};

export type StoreDeliveryTime = Sent<
  Omit<Schemas['DeliveryTime'], 'translated'>,
  'id' | 'name' | 'min' | 'max' | 'unit'
> & {
  translated: Translated<Schemas['DeliveryTime']>;
  apiAlias: 'delivery_time';
};

/** A document of a product (`extensions.downloads`): BMEcat MIME_INFO entries that are not gallery images. */
export interface StoreProductDownload {
  id: string;
  mediaId: string;
  position: number;
  purpose: string;
  title: string;
  media: StoreMedia;
  apiAlias: 'product_download';
}

/** A sorting a listing offers (`availableSortings`). */
export type StoreProductSorting = Schemas['ProductListingResult']['availableSortings'][number];

/**
 * Shopware's ProductListingResult (product-listing, search, search-suggest): `aggregations` is `[]` when empty, as
 * PHP serialises an empty map; `currentFilters` carries the `in-stock` flag this shop filters by.
 */
export type StoreProductListing = Omit<
  Schemas['ProductListingResult'],
  'elements' | 'aggregations' | 'currentFilters' | 'availableSortings'
> & {
  elements: StoreProduct[];
  aggregations: Record<string, unknown> | [];
  currentFilters: Omit<Schemas['ProductListingResult']['currentFilters'], 'rating'> & {
    rating: number | null;
    'in-stock': boolean;
  };
  availableSortings: StoreProductSorting[];
};

export type StoreProduct = Sent<
  Omit<
    Schemas['Product'],
    | 'translated'
    | 'calculatedPrice'
    | 'calculatedPrices'
    | 'calculatedCheapestPrice'
    | 'children'
    | 'seoCategory'
    | 'categories'
    | 'cover'
    | 'media'
    | 'manufacturer'
    | 'options'
    | 'properties'
    | 'seoUrls'
    | 'deliveryTime'
    | 'extensions'
    | 'tax'
    | 'customFields'
    | 'stock'
    | 'type'
  >,
  'id' | 'productNumber' | 'name' | 'apiAlias'
> & {
  translated: Translated<Schemas['Product']>;
  /** Only for callers who may see prices (see product.mapper.ts). */
  calculatedPrice?: CalculatedPrice;
  calculatedPrices?: CalculatedPrice[];
  stock?: number;
  availableStock?: number;
  /** Orderable (active and not a sold-out closeout) and pieces in stock: shown to every caller. */
  available?: boolean;
  hasStock?: boolean;
  children?: StoreProduct[];
  seoCategory?: StoreCategory | null;
  categories?: StoreCategory[];
  cover?: StoreProductMedia | null;
  media?: StoreProductMedia[];
  manufacturer?: StoreManufacturer | null;
  options?: Record<string, unknown>[];
  properties?: Record<string, unknown>[];
  seoUrls?: StoreSeoUrl[];
  deliveryTime?: StoreDeliveryTime | null;
  extensions?: { downloads: StoreProductDownload[] };
  tax?: { id: string; taxRate: number; name: string; apiAlias: 'tax' };
  customFields?: Record<string, unknown>;
  type?: 'physical';
};
