/**
 * The Store API entities the storefront reads, typed from the schemas `@shopware/api-client` generates from
 * Shopware's Store API OpenAPI document (`Schemas` of `@shopware/api-client/api-types`). Shopware marks a field
 * optional where it depends on `includes`, associations or the caller (anonymous callers get no prices and no
 * stock figures); readers handle those at the use site.
 */
import type { Schemas } from '@shopware/api-client/api-types';

export type SeoUrl = Schemas['SeoUrl'];
export type Media = Schemas['Media'];
export type ProductMedia = Schemas['ProductMedia'];
export type Category = Schemas['Category'];
export type PropertyGroupOption = Schemas['PropertyGroupOption'];
export type PropertyGroup = Schemas['PropertyGroup'];
export type ProductManufacturer = Schemas['ProductManufacturer'];
export type DeliveryTime = Schemas['DeliveryTime'];
export type Product = Schemas['Product'];
export type ProductListingResult = Schemas['ProductListingResult'];
export type ProductDetailResult = Schemas['ProductDetailResponse'];
export type CrossSellingElement = Schemas['CrossSellingElement'];

/** A Store API entity search answer (`EntitySearchResult` with typed `elements`). */
export type EntitySearchResult<T> = Schemas['EntitySearchResult'] & { elements: T[] };
