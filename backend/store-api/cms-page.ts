/**
 * Shopware's CMS page shape (`cms_page` → `cms_section` → `cms_block` → `cms_slot`) for the layouts this backend
 * serves:
 * - the content pages stored in `cms_page` (terms, privacy, … written by backend/catalog/static-content.ts), whose
 *   translations hold their sections as stored below;
 * - the default listing layout of category pages. Shopware's CategoryRoute answers a category with its layout and
 *   resolves the layout's `product-listing` slot with the category's product listing for the request's listing
 *   parameters (`data.listing`, a ProductListingResult); the headless storefronts of Shopware Frontends render a
 *   category page from exactly that (`useCategorySearch(…, { withCmsAssociations: true })`, then `<CmsPage>`). The
 *   structure follows Shopware's "Default listing layout": one sidebar section with the category navigation and the
 *   filter in the sidebar and the product listing in the main column;
 * - the default product page layout, which Shopware (since 6.6 for every product) answers with a product detail
 *   whose associations ask for `cmsPage`, its elements resolved from the product (Shopware Frontends renders the
 *   product page from it, `useProductSearch(…, { withCmsAssociations: true })`).
 *
 * Ids of sections, blocks and slots are stable (derived from the page id and positions), so a client may key its
 * rendering by them. No element is authored here: the storefront's own pages are not CMS-driven.
 */
import { stableId } from '../lib/ids.ts';
import type { StoreCmsBlock, StoreCmsPage, StoreCmsSection, StoreCmsSlot } from '../http/shopware-schemas.ts';

/** A slot as stored in a page's translation: its slot name in the block, element type and static configuration. */
export interface StoredCmsSlot {
  slot: string;
  type: string;
  config?: StoreCmsSlot['config'];
}

/** A block as stored; `sectionPosition` places it in a sidebar section ('main' unless 'sidebar'). */
export interface StoredCmsBlock {
  type: string;
  position: number;
  sectionPosition?: 'main' | 'sidebar';
  slots: StoredCmsSlot[];
}

/** A section as stored. */
export interface StoredCmsSection {
  type: 'default' | 'sidebar';
  position: number;
  sizingMode?: 'boxed' | 'full_width';
  mobileBehavior?: 'wrap' | 'hidden';
  blocks: StoredCmsBlock[];
}

/** The layout whose id categories of type 'page' carry as `cmsPageId`. */
export const LISTING_LAYOUT_ID = stableId('cms_page', 'default-listing-layout');

/** The layout whose id products carry as `cmsPageId`. */
export const PRODUCT_LAYOUT_ID = stableId('cms_page', 'default-product-layout');

/**
 * Shopware's "Default product page layout": the name and manufacturer logo, the gallery beside the buy box, the
 * description with reviews, and the cross-selling; each slot's element is resolved from the product
 * (`source: 'mapped'`), as Shopware's element resolvers do.
 */
const PRODUCT_LAYOUT: StoredCmsSection[] = [
  {
    type: 'default',
    position: 0,
    sizingMode: 'boxed',
    mobileBehavior: 'wrap',
    blocks: [
      {
        type: 'product-heading',
        position: 0,
        slots: [
          { slot: 'left', type: 'product-name', config: { content: { source: 'mapped', value: 'product.name' } } },
          {
            slot: 'right',
            type: 'manufacturer-logo',
            config: { media: { source: 'mapped', value: 'product.manufacturer.media' } },
          },
        ],
      },
      {
        type: 'gallery-buybox',
        position: 1,
        slots: [
          {
            slot: 'left',
            type: 'image-gallery',
            config: {
              sliderItems: { source: 'mapped', value: 'product.media' },
              displayMode: { source: 'static', value: 'standard' },
              navigationArrows: { source: 'static', value: 'inside' },
              navigationDots: { source: 'static', value: null },
              galleryPosition: { source: 'static', value: 'left' },
            },
          },
          { slot: 'right', type: 'buy-box', config: { product: { source: 'static', value: null } } },
        ],
      },
      {
        type: 'product-description-reviews',
        position: 2,
        slots: [
          {
            slot: 'content',
            type: 'product-description-reviews',
            config: { product: { source: 'static', value: null } },
          },
        ],
      },
      {
        type: 'cross-selling',
        position: 3,
        slots: [{ slot: 'content', type: 'cross-selling', config: { product: { source: 'static', value: null } } }],
      },
    ],
  },
];

/** Shopware's default listing layout (see the module comment); the listing slot is resolved by `cmsPage`'s caller. */
const LISTING_LAYOUT: StoredCmsSection[] = [
  {
    type: 'sidebar',
    position: 0,
    sizingMode: 'boxed',
    mobileBehavior: 'wrap',
    blocks: [
      {
        type: 'category-navigation',
        position: 0,
        sectionPosition: 'sidebar',
        slots: [{ slot: 'content', type: 'category-navigation' }],
      },
      {
        type: 'sidebar-filter',
        position: 1,
        sectionPosition: 'sidebar',
        slots: [{ slot: 'content', type: 'sidebar-filter' }],
      },
      {
        type: 'product-listing',
        position: 2,
        sectionPosition: 'main',
        slots: [
          {
            slot: 'content',
            type: 'product-listing',
            config: {
              boxLayout: { source: 'static', value: 'standard' },
              showSorting: { source: 'static', value: true },
              useCustomSorting: { source: 'static', value: false },
              availableSortings: { source: 'static', value: {} },
              defaultSorting: { source: 'static', value: '' },
              filters: { source: 'static', value: 'manufacturer-filter,price-filter,property-filter' },
              propertyWhitelist: { source: 'static', value: [] },
            },
          },
        ],
      },
    ],
  },
];

/**
 * Builds a Shopware CmsPage from stored sections.
 *
 * @param page id, type ('landingpage', 'page', 'product_list', …), translated name and the stored sections
 * @param slotData the data of a slot (called per slot with its element type), null when the element loads nothing
 *   (the slot is then sent without `data`)
 */
export function cmsPage(
  page: { id: string; type: string; name: string; sections: readonly StoredCmsSection[] },
  slotData: (slot: StoredCmsSlot) => Record<string, unknown> | null = () => null,
): StoreCmsPage {
  const sections = page.sections.map((section, s): StoreCmsSection => {
    const sectionId = stableId('cms_section', `${page.id}:${s}`);
    return {
      id: sectionId,
      pageId: page.id,
      type: section.type,
      position: section.position,
      sizingMode: section.sizingMode ?? 'boxed',
      mobileBehavior: section.mobileBehavior ?? 'wrap',
      visibility: { mobile: true, desktop: true, tablet: true },
      blocks: section.blocks.map((block, b): StoreCmsBlock => {
        const blockId = stableId('cms_block', `${sectionId}:${b}`);
        return {
          id: blockId,
          sectionId,
          type: block.type,
          position: block.position,
          sectionPosition: block.sectionPosition ?? 'main',
          visibility: { mobile: true, desktop: true, tablet: true },
          slots: block.slots.map((slot): StoreCmsSlot => {
            const config = slot.config ?? {};
            const data = slotData(slot);
            return {
              id: stableId('cms_slot', `${blockId}:${slot.slot}`),
              blockId,
              slot: slot.slot,
              type: slot.type,
              config,
              translated: { config, slot: slot.slot, type: slot.type, blockId },
              // A slot whose element loads nothing has no `data` (null fields are not sent, as everywhere here).
              ...(data ? { data } : {}),
              apiAlias: 'cms_slot',
            };
          }),
          apiAlias: 'cms_block',
        };
      }),
      apiAlias: 'cms_section',
    };
  });
  return {
    id: page.id,
    type: page.type,
    name: page.name,
    translated: { name: page.name, type: page.type },
    sections,
    apiAlias: 'cms_page',
  };
}

/**
 * The default listing layout of a category page, its `product-listing` slot holding `listing` (Shopware's
 * ProductListingStruct: `{ listing, apiAlias: 'cms_product_listing' }`); with `listing` null no slot has data
 * (the layout read on its own, without a category).
 */
export function listingLayout(name: string, listing: Record<string, unknown> | null): StoreCmsPage {
  return cmsPage({ id: LISTING_LAYOUT_ID, type: 'product_list', name, sections: LISTING_LAYOUT }, (slot) =>
    slot.type === 'product-listing' && listing ? { listing, apiAlias: 'cms_product_listing' } : null,
  );
}

/** What the product layout's elements show: the product as the detail route answers it and its surroundings. */
export interface ProductLayoutData {
  /** The product (without `cmsPage`), its `name`, `manufacturer`, `media` and `id` read by the elements. */
  product: { id: string; name?: string | null; manufacturer?: { media?: unknown } | null; media?: unknown[] | null };
  /** The property groups of the variant switch (the detail route's `configurator`). */
  configurator: readonly unknown[];
  /** The cross-selling elements of the product (the cross-selling route's answer). */
  crossSellings: readonly unknown[];
  /** The product's reviews as a `product_review` search result (the reviews route's answer). */
  reviews: Record<string, unknown>;
}

/**
 * The default product page layout of a product, each element holding what Shopware's resolver of that element type
 * loads: the name as text (`cms_text`), the manufacturer's logo when it has one (`cms_image`), the gallery of the
 * product's media (`cms_image_slider`), the buy box with product and variant switch (`cms_buy_box`), description
 * and reviews (`cms_product_description_reviews`) and the cross-selling (`cms_cross_selling`).
 */
export function productLayout(name: string, data: ProductLayoutData): StoreCmsPage {
  const { product } = data;
  return cmsPage({ id: PRODUCT_LAYOUT_ID, type: 'product_detail', name, sections: PRODUCT_LAYOUT }, (slot) => {
    switch (slot.type) {
      case 'product-name':
        return { content: product.name ?? '', apiAlias: 'cms_text' };
      case 'manufacturer-logo':
        return product.manufacturer?.media ? { media: product.manufacturer.media, apiAlias: 'cms_image' } : null;
      case 'image-gallery':
        return {
          sliderItems: (product.media ?? []).map((m) => ({
            media: (m as { media?: unknown }).media ?? m,
            newTab: false,
            apiAlias: 'cms_image_slider_item',
          })),
          apiAlias: 'cms_image_slider',
        };
      case 'buy-box':
        return {
          productId: product.id,
          product,
          configuratorSettings: data.configurator,
          totalReviews: 0,
          apiAlias: 'cms_buy_box',
        };
      case 'product-description-reviews':
        return {
          productId: product.id,
          product,
          reviews: data.reviews,
          ratingSuccess: false,
          apiAlias: 'cms_product_description_reviews',
        };
      case 'cross-selling':
        return { crossSellings: data.crossSellings, apiAlias: 'cms_cross_selling' };
      default:
        return null;
    }
  });
}

/**
 * A built-in layout read on its own (Shopware's CmsRoute without a category or product): its structure, no slot
 * holding data; null for another id.
 */
export function builtInLayout(id: string): StoreCmsPage | null {
  if (id === LISTING_LAYOUT_ID) return listingLayout('Default listing layout', null);
  if (id === PRODUCT_LAYOUT_ID)
    return cmsPage({ id, type: 'product_detail', name: 'Default product page layout', sections: PRODUCT_LAYOUT });
  return null;
}
