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

/**
 * Shopware MediaThumbnail, plus `extensions.formats`: the same size as AVIF and WebP (`url` is the JPEG), so a
 * `<picture>` can offer the smaller formats.
 */
export type StoreMediaThumbnail = Sent<
  Omit<Schemas['MediaThumbnail'], 'createdAt' | 'updatedAt'>,
  'id' | 'mediaId' | 'url' | 'width' | 'height'
> & {
  extensions: { formats: { avif: string; webp: string } };
  apiAlias: 'media_thumbnail';
};

export type StoreMedia = Sent<
  Omit<Schemas['Media'], 'translated' | 'customFields' | 'thumbnails'>,
  'id' | 'apiAlias' | 'url'
> & {
  translated: { alt: string | null; title: string | null };
  customFields: Record<string, unknown>;
  thumbnails?: StoreMediaThumbnail[];
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
  Omit<Schemas['Category'], 'translated' | 'children' | 'media' | 'seoUrls' | 'parent' | 'customFields' | 'cmsPage'>,
  'id' | 'name' | 'apiAlias'
> & {
  translated: Translated<Schemas['Category']> & { linkNewTab?: boolean };
  children?: StoreCategory[];
  media?: StoreMedia | null;
  seoUrls?: StoreSeoUrl[];
  customFields?: Record<string, unknown>;
  cmsPage?: StoreCmsPage | null;
};

/** Shopware CmsSlot; `data` holds what the slot's resolver loaded (a product listing's `listing`), if anything. */
export type StoreCmsSlot = Sent<
  Omit<Schemas['CmsSlot'], 'block' | 'translated' | 'data' | 'config'>,
  'id' | 'blockId' | 'slot' | 'type'
> & {
  config: Record<string, { source: 'static' | 'mapped'; value: unknown }>;
  translated: { config: StoreCmsSlot['config']; slot: string; type: string; blockId: string };
  data?: Record<string, unknown>;
  apiAlias: 'cms_slot';
};

/** Shopware CmsBlock; `sectionPosition` is 'main' or, in a sidebar section, 'sidebar'. */
export type StoreCmsBlock = Sent<
  Omit<Schemas['CmsBlock'], 'slots' | 'backgroundMedia'>,
  'id' | 'sectionId' | 'position' | 'type'
> & { slots: StoreCmsSlot[]; apiAlias: 'cms_block' };

/** Shopware CmsSection. */
export type StoreCmsSection = Sent<
  Omit<Schemas['CmsSection'], 'blocks' | 'page' | 'backgroundMedia'>,
  'id' | 'pageId' | 'position' | 'type'
> & { blocks: StoreCmsBlock[]; apiAlias: 'cms_section' };

/** Shopware CmsPage. */
export type StoreCmsPage = Sent<
  Omit<Schemas['CmsPage'], 'sections' | 'translated' | 'landingPages' | 'previewMedia'>,
  'id' | 'type'
> & {
  name: string;
  translated: { name: string; type: string };
  sections: StoreCmsSection[];
  apiAlias: 'cms_page';
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

/**
 * Shopware PropertyGroup: the group of an option (without `options`), a configurator group (with the options that
 * occur among the variants) or a group of the `properties` aggregation (with the options' counts).
 */
export type StorePropertyGroup = Sent<
  Omit<Schemas['PropertyGroup'], 'translated' | 'options' | 'position'>,
  'id' | 'name'
> & {
  position: number;
  translated: Translated<Schemas['PropertyGroup']>;
  options?: StorePropertyGroupOption[];
  apiAlias: 'property_group';
};

/** Shopware PropertyGroupOption; `group` is sent on a product's `options` and `properties` and in the configurator. */
export type StorePropertyGroupOption = Sent<
  Omit<Schemas['PropertyGroupOption'], 'translated' | 'group' | 'position'>,
  'id' | 'groupId' | 'name'
> & {
  position: number;
  translated: Translated<Schemas['PropertyGroupOption']>;
  group?: StorePropertyGroup;
  apiAlias: 'property_group_option';
};

/** Shopware ProductCrossSelling (one per BMEcat reference type; `customFields.referenceType` names the type). */
export type StoreProductCrossSelling = Sent<Omit<Schemas['ProductCrossSelling'], 'translated'>, 'id' | 'name'> & {
  translated: Translated<Schemas['ProductCrossSelling']>;
  customFields: { referenceType: string };
  apiAlias: 'product_cross_selling';
};

/** Shopware CrossSellingElement: a cross-selling with its products. */
export type StoreCrossSellingElement = Omit<Schemas['CrossSellingElement'], 'crossSelling' | 'products'> & {
  crossSelling: StoreProductCrossSelling;
  products: StoreProduct[];
};

/**
 * Shopware Breadcrumb. `translated` holds the category's translated fields, as Shopware's Breadcrumb struct fills it
 * from `CategoryEntity::getTranslated()`.
 */
export type StoreBreadcrumb = Omit<Schemas['Breadcrumb'], 'translated' | 'seoUrls'> & {
  translated: StoreCategory['translated'];
  seoUrls: StoreSeoUrl[];
};

/** Shopware Locale. */
export type StoreLocale = Sent<Omit<Schemas['Locale'], 'translated'>, 'id' | 'code' | 'name' | 'territory'> & {
  translated: Translated<Schemas['Locale']>;
  apiAlias: 'locale';
};

/** Shopware Language with its locale (`locale` and `translationCode` are the same locale). */
export type StoreLanguage = Sent<
  Omit<Schemas['Language'], 'locale' | 'translationCode'>,
  'id' | 'name' | 'localeId'
> & {
  locale: StoreLocale;
  translationCode: StoreLocale;
  apiAlias: 'language';
};

/** Shopware's CashRoundingConfig (`itemRounding`, `totalRounding` of a currency and a sales channel context). */
export type StoreCashRounding = Schemas['SalesChannelContext']['itemRounding'];

/** Shopware Currency. */
export type StoreCurrency = Sent<
  Omit<Schemas['Currency'], 'translated' | 'itemRounding' | 'totalRounding'>,
  'id' | 'isoCode' | 'symbol' | 'shortName' | 'name' | 'factor'
> & {
  itemRounding: StoreCashRounding;
  totalRounding: StoreCashRounding;
  translated: Translated<Schemas['Currency']>;
  apiAlias: 'currency';
};

/** Shopware SalesChannelDomain, plus the domain's language label and position. */
export type StoreSalesChannelDomain = Sent<
  Schemas['SalesChannelDomain'],
  'id' | 'url' | 'languageId' | 'currencyId' | 'snippetSetId' | 'salesChannelId'
> & {
  languageLabel: string;
  position: number;
  apiAlias: 'sales_channel_domain';
};

/**
 * Shopware SalesChannel with its domains; `configuration` is the channel's free-form configuration and
 * `customFields.countriesCategoryId` the root of the countries navigation.
 */
export type StoreSalesChannel = Sent<
  Omit<Schemas['SalesChannel'], 'translated' | 'domains' | 'configuration' | 'customFields'>,
  | 'id'
  | 'name'
  | 'languageId'
  | 'currencyId'
  | 'customerGroupId'
  | 'paymentMethodId'
  | 'shippingMethodId'
  | 'countryId'
  | 'navigationCategoryId'
> & {
  configuration: Record<string, unknown>;
  customFields: { countriesCategoryId: string | null };
  translated: Translated<Schemas['SalesChannel']>;
  domains: StoreSalesChannelDomain[];
  apiAlias: 'sales_channel';
};

/**
 * Shopware Country. `addressFormat` is sent as Shopware stores it, lines of address snippet keys (a JSON array; the
 * document types it as an object).
 */
export type StoreCountry = Sent<
  Omit<Schemas['Country'], 'translated' | 'addressFormat' | 'states'>,
  'id' | 'name' | 'iso' | 'position' | 'active'
> & {
  addressFormat: string[][];
  states: [];
  translated: Translated<Schemas['Country']>;
  apiAlias: 'country';
};

/** Shopware Salutation. */
export type StoreSalutation = Sent<
  Omit<Schemas['Salutation'], 'translated'>,
  'id' | 'salutationKey' | 'displayName' | 'letterName'
> & {
  translated: Translated<Schemas['Salutation']>;
  apiAlias: 'salutation';
};

/**
 * Aggregation results of a product listing, keyed by aggregation name. Shopware's document types them as free-form
 * records; the shapes are those of Shopware's result structs: an EntityResult (`entities`) for `manufacturer` and
 * `properties`, a count for `in-stock` and a StatsResult with `min` and `max` (net) for `price`.
 */
export interface StoreListingAggregations {
  manufacturer?: {
    entities: (StoreManufacturer & { count: number })[];
    apiAlias: 'manufacturer_aggregation';
  };
  properties?: {
    /** Filterable groups; each option with `count`, the products of the listing scope that have it. */
    entities: (StorePropertyGroup & { options: (StorePropertyGroupOption & { count: number })[] })[];
    apiAlias: 'properties_aggregation';
  };
  'in-stock'?: { count: number; apiAlias: 'in-stock_aggregation' };
  price?: { min: number | null; max: number | null; apiAlias: 'price_aggregation' };
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
  aggregations: StoreListingAggregations | [];
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
    | 'cmsPage'
  >,
  'id' | 'productNumber' | 'name' | 'apiAlias'
> & {
  translated: Translated<Schemas['Product']>;
  cmsPage?: StoreCmsPage | null;
  /** Only for callers who may see prices (see backend/store-api/product.mapper.ts). */
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
  options?: StorePropertyGroupOption[];
  properties?: StorePropertyGroupOption[];
  seoUrls?: StoreSeoUrl[];
  deliveryTime?: StoreDeliveryTime | null;
  extensions?: { downloads: StoreProductDownload[] };
  tax?: { id: string; taxRate: number; name: string; apiAlias: 'tax' };
  customFields?: Record<string, unknown>;
  type?: 'physical';
};
