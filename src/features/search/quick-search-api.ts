import * as v from 'valibot';
import { boundSearchTerm } from '../../../contract/search.ts';
import type { VariantCountRequest } from '../../../contract/provider/variants.ts';
import { invoke } from '../../lib/store-api/browser.ts';
import { provider } from '../../lib/store-api/provider.ts';
import type { StoreApiRequest } from '../../lib/store-api/types.ts';
import type { MediaImage } from '../../lib/product-image.ts';

/** Products requested per quick search (Quick search limit 10). */
export const QUICK_SEARCH_LIMIT = 10;
/** Products shown in the dropdown (Search dropdown shows 5). */
export const QUICK_SEARCH_ROWS = 5;
/** Product options shown per row (Options per row 4). */
export const QUICK_SEARCH_OPTIONS = 4;
/** Requested cover size in pixels (Image size 400x545). */
export const COVER_WIDTH = 400;
export const COVER_HEIGHT = 545;
/** The property group whose option is listed first in a row. */
export const LEADING_OPTION_GROUP = 'Bezeichnung';

/** One row of the quick-search dropdown, ready to render. */
export interface QuickSearchRow {
  id: string;
  name: string;
  productNumber: string;
  /** Product page: the SEO URL under the domain's path prefix, or `{pathPrefix}/detail/{id}`. */
  href: string;
  /** Product page with the variants table open, when the product has more than one variant; otherwise `null`. */
  variantsHref: string | null;
  /** Number of variants of the product (its parent's `childCount` for a variant); 0 when unknown. */
  variantCount: number;
  /**
   * Cover image: the media with its thumbnails (the 400x545 one among them), its `url` sized 400x545 when absolute;
   * `null` when the product has no image.
   */
  image: MediaImage | null;
  /** Up to 4 "group: option" labels, the 'Bezeichnung' option first. */
  options: string[];
}

const nullishString = v.nullish(v.string());
const ThumbnailSchema = v.object({
  url: v.string(),
  width: v.number(),
  height: v.number(),
  extensions: v.nullish(
    v.object({ formats: v.nullish(v.object({ avif: v.optional(v.string()), webp: v.optional(v.string()) })) }),
  ),
});
const MediaSchema = v.object({
  url: v.string(),
  alt: nullishString,
  thumbnails: v.nullish(v.array(ThumbnailSchema)),
});
const GroupSchema = v.object({ name: nullishString, translated: v.nullish(v.object({ name: nullishString })) });
const OptionSchema = v.object({
  name: nullishString,
  translated: v.nullish(v.object({ name: nullishString })),
  group: v.nullish(GroupSchema),
});
const ProductSchema = v.object({
  id: v.string(),
  parentId: nullishString,
  productNumber: nullishString,
  name: nullishString,
  translated: v.nullish(v.object({ name: nullishString })),
  childCount: v.nullish(v.number()),
  cover: v.nullish(v.object({ media: v.nullish(MediaSchema) })),
  media: v.nullish(v.array(v.object({ media: v.nullish(MediaSchema) }))),
  seoUrls: v.nullish(v.array(v.object({ seoPathInfo: v.string(), isCanonical: v.nullish(v.boolean()) }))),
  options: v.nullish(v.array(OptionSchema)),
});
/**
 * A product of the search response as far as the quick search reads it: Shopware's product entity trimmed by the
 * criteria's `includes` below the fields `Schemas['Product']` requires, so each element is read with ProductSchema.
 */
export type SearchProduct = v.InferOutput<typeof ProductSchema>;

/**
 * Criteria of the quick search call: one call with the term (within the search term bounds, contract/search.ts
 * `boundSearchTerm`: a pasted text keeps its first words, where the Store API would answer 400), media sorted by
 * position ascending, properties with group, categories, manufacturer, options with group, and an include list.
 */
export function quickSearchCriteria(term: string): StoreApiRequest<'searchPage post /search'>['body'] {
  return {
    search: boundSearchTerm(term).term,
    limit: QUICK_SEARCH_LIMIT,
    // The dropdown shows neither facets nor a total: Shopware's criteria flags spare the backend both (a flag counts
    // by presence; Shopware types its value as a string).
    'no-aggregations': '1',
    'total-count-mode': 'none',
    associations: {
      media: { sort: [{ field: 'position', order: 'ASC' }] },
      properties: { associations: { group: {} } },
      categories: {},
      manufacturer: {},
      options: { associations: { group: {} } },
    },
    includes: {
      product: [
        'id',
        'parentId',
        'productNumber',
        'name',
        'translated',
        'childCount',
        'cover',
        'media',
        'seoUrls',
        'options',
      ],
      product_media: ['media', 'position'],
      media: ['url', 'alt', 'thumbnails'],
      media_thumbnail: ['url', 'width', 'height', 'extensions'],
      seo_url: ['seoPathInfo', 'isCanonical'],
      property_group_option: ['name', 'translated', 'group'],
      property_group: ['name', 'translated'],
    },
  };
}

/** Joins the domain's path prefix ('' or '/en') and a path, with exactly one slash between them. */
function underPrefix(pathPrefix: string, path: string): string {
  return `${pathPrefix.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * The product page of a search product: its canonical SEO URL (`seoUrls[].seoPathInfo`, else the first) under the
 * path prefix, falling back to Shopware's technical path `/detail/{id}`.
 */
export function productHref(product: Pick<SearchProduct, 'id' | 'seoUrls'>, pathPrefix: string): string {
  const seoUrl = product.seoUrls?.find((url) => url.isCanonical) ?? product.seoUrls?.[0];
  return underPrefix(pathPrefix, seoUrl?.seoPathInfo || `detail/${product.id}`);
}

/**
 * Adds the cover size (`width=400&height=545`) to an absolute image URL; relative URLs are returned unchanged
 * because the thumbnail service behind them is unknown.
 */
export function sizedImageUrl(url: string): string {
  if (!URL.canParse(url)) return url;
  const sized = new URL(url);
  sized.searchParams.set('width', String(COVER_WIDTH));
  sized.searchParams.set('height', String(COVER_HEIGHT));
  return sized.toString();
}

/** The first 4 "group: option" labels of a product, the option of group 'Bezeichnung' first. */
export function optionLabels(options: SearchProduct['options']): string[] {
  const labelled = (options ?? []).map((option) => {
    const group = option.group?.translated?.name ?? option.group?.name ?? '';
    const value = option.translated?.name ?? option.name ?? '';
    const leading =
      option.group?.name === LEADING_OPTION_GROUP || option.group?.translated?.name === LEADING_OPTION_GROUP;
    return { leading, label: group ? `${group}: ${value}` : value };
  });
  // Array.prototype.sort is stable, so the other options keep the order the API returned.
  return labelled
    .sort((a, b) => Number(b.leading) - Number(a.leading))
    .slice(0, QUICK_SEARCH_OPTIONS)
    .map((option) => option.label);
}

/**
 * Maps a search product to a dropdown row. `variantCounts` maps parent ids to their `childCount`; a variant takes
 * its parent's count, a parent product its own.
 */
export function toQuickSearchRow(
  product: SearchProduct,
  variantCounts: ReadonlyMap<string, number>,
  pathPrefix: string,
): QuickSearchRow {
  const href = productHref(product, pathPrefix);
  const variantCount = (product.parentId ? variantCounts.get(product.parentId) : product.childCount) ?? 0;
  // The cover, else the first media with a URL (media may exist without a file yet: empty url).
  const media = [product.cover?.media, ...(product.media ?? []).map((entry) => entry.media)].find(
    (candidate) => candidate?.url,
  );
  return {
    id: product.id,
    name: product.translated?.name ?? product.name ?? product.productNumber ?? '',
    productNumber: product.productNumber ?? '',
    href,
    variantsHref: variantCount > 1 ? `${href}?showVariantsTable=true` : null,
    variantCount,
    image: media ? { ...media, url: sizedImageUrl(media.url) } : null,
    options: optionLabels(product.options),
  };
}

/** The products of a search answer that have the fields the quick search reads; a malformed one is left out. */
function readProducts(elements: readonly unknown[]): SearchProduct[] {
  // One malformed product must not hide the others.
  return elements.flatMap((element) => {
    const result = v.safeParse(ProductSchema, element);
    return result.success ? [result.output] : [];
  });
}

/**
 * Runs the quick search for a term: one POST `/store-api/search` (Shopware's `searchPage`) with
 * {@link quickSearchCriteria}, then, only when the shown rows have parent ids, one POST
 * `/store-api/{provider}/variants` with their distinct non-null parent ids to learn each parent's `childCount` (rows
 * beyond the fifth are not shown, so their parents are not asked for; contract/provider/variants.ts
 * VariantCountRequest and VariantCountResponseSchema). A failing or malformed variants answer leaves the counts at 0
 * rather than hiding the results.
 *
 * @returns at most 5 rows ({@link QUICK_SEARCH_ROWS}) in the API's order.
 * @throws StoreApiClientError when the search call answers non-2xx, a `TypeError` when its answer has no `elements`
 *   list, and the `AbortError` of `signal` when aborted.
 */
export async function fetchQuickSearch(
  term: string,
  pathPrefix: string,
  signal: AbortSignal,
): Promise<QuickSearchRow[]> {
  const answer = await invoke('searchPage post /search', { body: quickSearchCriteria(term), signal });
  const products = readProducts(answer.elements).slice(0, QUICK_SEARCH_ROWS);

  const parentIds = [...new Set(products.map((product) => product.parentId).filter((id) => id != null))];
  const variantCounts = new Map<string, number>();
  if (parentIds.length > 0) {
    try {
      const request: VariantCountRequest = { ids: parentIds };
      const { elements } = await provider.invoke('readVariantCounts', { body: request, signal });
      for (const { id, childCount } of elements) {
        variantCounts.set(id, childCount);
      }
    } catch (error) {
      if (signal.aborted) throw error;
    }
  }
  return products.map((product) => toQuickSearchRow(product, variantCounts, pathPrefix));
}
