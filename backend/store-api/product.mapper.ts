/**
 * Product rows → Shopware Product objects (`apiAlias: 'product'`), with Shopware's variant inheritance (a variant
 * without its own name, manufacturer, cover, delivery time, categories, properties or prices takes the parent's).
 *
 * Visibility rule: prices (`calculatedPrice`, `calculatedPrices`, `calculatedCheapestPrice`) and stock figures
 * (`stock`, `availableStock`) go only to callers with `view.pricesVisible` (a logged-in customer holding
 * ROLE_VIEW_PRICES). Everyone else, anonymous or not, gets the booleans `available` (orderable: active and not a
 * sold-out closeout, Shopware's meaning) and `hasStock` (pieces in stock), the delivery time and the restock time.
 * Prices are calculated from `product_price` (see backend/lib/price.ts).
 *
 * Downloads: documents (BMEcat MIME_PURPOSE data_sheet, safety_data_sheet, others, … or any non-image) are not part
 * of `media` (the gallery) but of the extension `extensions.downloads`: `[{ id, mediaId, position, purpose, title,
 * media }]`, sorted by position.
 */
import { StoreApiError } from '../http/errors.ts';
import { stableId } from '../lib/ids.ts';
import { productCanonicalPath } from '../lib/slug.ts';
import type { CatalogCache, CategoryIndex, ManufacturerRow } from '../commerce/catalog/catalog-cache.ts';
import { mapCategory } from './category.mapper.ts';
import { seoCategoryId } from './category.service.ts';
import type { ViewContext } from './deps.ts';
import { compact, mapMedia, seoUrl } from '../http/entities.ts';
import { mergeTranslations, translateField, translateFields } from '../lib/translate.ts';
import type { Db } from '../db/client.ts';
import type {
  StoreManufacturer,
  StoreProduct,
  StoreProductMedia,
  StorePropertyGroup,
  StorePropertyGroupOption,
} from '../http/shopware-schemas.ts';
import { calculateProductPrices, type PriceRow } from '../lib/price.ts';
import {
  isGalleryImage,
  loadPrices,
  loadProductMedia,
  loadProducts,
  type OptionRow,
  type ProductMediaRow,
  type ProductRow,
} from '../commerce/catalog/product.repository.ts';
import { deliveryTime } from '../commerce/catalog/delivery-time.ts';
import { SHOPWARE_ERROR_CODES } from '../../contract/error-codes.ts';

export interface ProductViewOptions {
  /** 'cover' for listings, 'all' for the detail page (gallery and downloads). */
  media: 'cover' | 'all';
  /** Include `properties` (with group). */
  properties: boolean;
  /** Include `categories`. */
  categories: boolean;
  /**
   * The languages whose canonical path `seoUrls` lists, context language first: the sales channel's languages when
   * the caller asked for the association `seoUrls` (the product page's language switcher and hreflang links),
   * else only the context language.
   */
  seoLanguages?: readonly { id: string; localeCode: string }[];
}

/** Shopware PropertyGroup of an option, without its options, in the locale. */
function mapGroup(group: OptionRow['group'], locale: string): StorePropertyGroup {
  const t = translateFields(group.translated, locale);
  return compact({
    id: group.id,
    name: t.name ?? '',
    description: t.description,
    displayType: group.displayType,
    sortingType: group.sortingType,
    filterable: group.filterable,
    visibleOnProductDetailPage: true,
    position: group.position,
    translated: compact({ name: t.name ?? '', description: t.description }),
    apiAlias: 'property_group' as const,
  });
}

/** A PropertyGroupOption as a product's `options` and `properties` and the configurator send it: with its group. */
type OptionWithGroup = StorePropertyGroupOption & { group: StorePropertyGroup };

/** Shopware PropertyGroupOption with its group; the group's unit is appended to the option's name. */
function mapOption(o: OptionRow, locale: string): OptionWithGroup {
  const value = translateField(o.translated, locale, 'name') ?? '';
  const name = o.group.unit && value && !value.endsWith(o.group.unit) ? `${value} ${o.group.unit}` : value;
  return compact({
    id: o.id,
    groupId: o.groupId,
    name,
    position: o.position,
    colorHexCode: o.colorHexCode,
    translated: { name },
    group: mapGroup(o.group, locale),
    option: name,
    apiAlias: 'property_group_option' as const,
  });
}

/** Sorts options by group position, group name, then option position and name (Shopware's sortedProperties order). */
function sortOptions(list: OptionWithGroup[]): OptionWithGroup[] {
  return [...list].sort(
    (a, b) =>
      a.group.position - b.group.position ||
      a.group.name.localeCompare(b.group.name) ||
      a.position - b.position ||
      a.name.localeCompare(b.name, undefined, { numeric: true }),
  );
}

interface Loaded {
  parents: Map<string, ProductRow>;
  media: Map<string, ProductMediaRow[]>;
  options: Map<string, OptionRow>;
  prices: Map<string, PriceRow[]>;
  index: CategoryIndex;
  manufacturers: Map<string, ManufacturerRow>;
}

/**
 * Maps product rows to Shopware products, loading their associations in batches.
 *
 * `listMedia`, when given, is the media of exactly the products of `list`, already requested by the caller (so it
 * can run beside the product query); media of inherited parents is loaded here, except for the `knownParents` the
 * caller has read already with their media (the parent of the variants of a product detail).
 *
 * @returns products in the order of `list`.
 */
export async function buildProducts(
  db: Db,
  cache: CatalogCache,
  list: ProductRow[],
  view: ViewContext,
  options: ProductViewOptions,
  listMedia?: Promise<ProductMediaRow[]>,
  knownParents?: { rows: ProductRow[]; media: ProductMediaRow[] },
): Promise<StoreProduct[]> {
  if (list.length === 0) return [];
  const inList = new Map(list.map((p) => [p.id, p]));
  const known = new Map((knownParents?.rows ?? []).map((p) => [p.id, p]));
  const parentIds = [
    ...new Set(
      list.map((p) => p.parentId).filter((id): id is string => Boolean(id) && !inList.has(id!) && !known.has(id!)),
    ),
  ];
  const mediaScope = options.media === 'all' ? 'all' : 'cover';
  const ownMedia = listMedia ?? loadProductMedia(db, [...inList.keys()], mediaScope);
  ownMedia.catch(() => undefined); // awaited below; keeps an early failure from going unhandled
  const knownUsed = [...known.values()].filter((p) => list.some((x) => x.parentId === p.id) && !inList.has(p.id));
  const parentRows = [...knownUsed, ...(await loadProducts(db, parentIds, false))];
  const parents = new Map<string, ProductRow>([...list, ...parentRows].map((p) => [p.id, p]));
  const allIds = [...new Set([...list.map((p) => p.id), ...parentRows.map((p) => p.id)])];
  const optionIds = new Set<string>();
  for (const p of [...list, ...parentRows]) {
    p.optionIds.forEach((id) => optionIds.add(id));
    if (options.properties) p.propertyIds.forEach((id) => optionIds.add(id));
  }
  const [listMediaRows, parentMediaRows, optionMap, prices, index, manufacturers] = await Promise.all([
    ownMedia,
    loadProductMedia(db, parentIds, mediaScope).then((loaded) => [
      ...(knownParents?.media ?? []).filter((m) => knownUsed.some((p) => p.id === m.productId)),
      ...loaded,
    ]),
    cache.options(optionIds),
    view.pricesVisible ? loadPrices(db, allIds) : Promise.resolve(new Map<string, PriceRow[]>()),
    cache.categories(),
    cache.manufacturers(),
  ]);
  const mediaRows = [...listMediaRows, ...parentMediaRows];
  const media = new Map<string, ProductMediaRow[]>();
  for (const m of mediaRows) media.set(m.productId, [...(media.get(m.productId) ?? []), m]);
  const loaded: Loaded = {
    parents,
    media,
    options: optionMap,
    prices,
    index,
    manufacturers: new Map(manufacturers.map((m) => [m.id, m])),
  };
  return list.map((p) => mapProduct(p, loaded, view, options));
}

/** Shopware ProductManufacturer in the view's locale, with its logo when it has one. */
export function mapManufacturer(m: ManufacturerRow, view: ViewContext): StoreManufacturer {
  const t = translateFields(m.translated, view.locale);
  const name = t.name ?? m.name;
  return compact({
    id: m.id,
    name,
    link: m.link,
    description: t.description,
    media: m.mediaFileName
      ? mapMedia(
          {
            id: stableId('media', m.mediaFileName),
            fileName: m.mediaFileName,
            mimeType: null,
            fileExtension: null,
            url: null,
            translated: {},
          },
          view.locale,
          view.mediaBaseUrl,
        )
      : null,
    translated: compact({ name, description: t.description }),
    apiAlias: 'product_manufacturer' as const,
  });
}

function mapProductMedia(pm: ProductMediaRow, view: ViewContext): StoreProductMedia {
  return {
    id: pm.id,
    productId: pm.productId,
    mediaId: pm.mediaId,
    position: pm.position,
    media: mapMedia(pm.media, view.locale, view.mediaBaseUrl),
    customFields: { purpose: pm.purpose },
    apiAlias: 'product_media',
  };
}

function mapProduct(row: ProductRow, loaded: Loaded, view: ViewContext, options: ProductViewOptions): StoreProduct {
  const parent = row.parentId ? loaded.parents.get(row.parentId) : undefined;
  const translations = parent ? mergeTranslations(parent.translated, row.translated) : row.translated;
  const t = translateFields(translations, view.locale);
  const name = t.name ?? '';
  const manufacturerId = row.manufacturerId ?? parent?.manufacturerId ?? null;
  const manufacturer = manufacturerId ? loaded.manufacturers.get(manufacturerId) : undefined;
  const ownMedia = loaded.media.get(row.id) ?? [];
  const mediaLinks = ownMedia.length > 0 ? ownMedia : parent ? (loaded.media.get(parent.id) ?? []) : [];
  const gallery = mediaLinks.filter(isGalleryImage).sort((a, b) => a.position - b.position);
  const coverMediaId = row.coverMediaId ?? parent?.coverMediaId ?? gallery[0]?.mediaId ?? null;
  const coverLink = gallery.find((m) => m.mediaId === coverMediaId) ?? gallery[0];
  const downloads = mediaLinks.filter((m) => !isGalleryImage(m)).sort((a, b) => a.position - b.position);
  const categoryIds = row.categoryIds.length > 0 ? row.categoryIds : (parent?.categoryIds ?? []);
  const seoCategory = seoCategoryId(categoryIds, loaded.index, view.navigationCategoryId);
  const delivery =
    row.deliveryTimeMin !== null || row.deliveryTimeMax !== null
      ? deliveryTime(row.deliveryTimeMin, row.deliveryTimeMax, row.deliveryTimeUnit, view.locale)
      : parent
        ? deliveryTime(parent.deliveryTimeMin, parent.deliveryTimeMax, parent.deliveryTimeUnit, view.locale)
        : null;
  const optionObjects = sortOptions(
    row.optionIds
      .map((id) => loaded.options.get(id))
      .filter((o): o is OptionRow => Boolean(o))
      .map((o) => mapOption(o, view.locale)),
  );
  let properties: OptionWithGroup[] | undefined;
  if (options.properties) {
    let ids = row.propertyIds;
    const own = ids.filter((id) => !row.optionIds.includes(id));
    if (parent && own.length === 0) {
      const variantGroups = new Set(row.optionIds.map((id) => loaded.options.get(id)?.groupId));
      ids = [
        ...row.optionIds,
        ...parent.propertyIds.filter((id) => !variantGroups.has(loaded.options.get(id)?.groupId)),
      ];
    }
    properties = sortOptions(
      ids
        .map((id) => loaded.options.get(id))
        .filter((o): o is OptionRow => Boolean(o))
        .map((o) => mapOption(o, view.locale)),
    );
  }
  const seoLanguages = options.seoLanguages ?? [{ id: view.languageId, localeCode: view.locale }];
  const available = row.active && (!row.isCloseout || row.availableStock >= row.minPurchase);
  const taxRate = Number(row.taxRate);
  const product: StoreProduct = compact({
    id: row.id,
    parentId: row.parentId,
    productNumber: row.productNumber,
    ean: row.ean,
    manufacturerId,
    manufacturerNumber: row.manufacturerNumber,
    active: row.active,
    available,
    hasStock: row.availableStock > 0,
    isCloseout: row.isCloseout,
    childCount: row.childCount,
    minPurchase: row.minPurchase,
    maxPurchase: row.maxPurchase,
    purchaseSteps: row.purchaseSteps,
    restockTime: row.restockTime ?? parent?.restockTime ?? null,
    packUnit: row.unit,
    purchaseUnit: row.contentPerUnit !== null ? Number(row.contentPerUnit) : null,
    releaseDate: row.releaseDate,
    ratingAverage: row.ratingAverage !== null ? Number(row.ratingAverage) : null,
    optionIds: row.optionIds,
    propertyIds: row.propertyIds,
    categoryIds,
    categoryTree: row.categoryTree,
    name,
    description: t.description,
    keywords: t.keywords,
    metaTitle: t.metaTitle,
    metaDescription: t.metaDescription,
    translated: compact({
      name,
      description: t.description,
      keywords: t.keywords,
      metaTitle: t.metaTitle,
      metaDescription: t.metaDescription,
    }),
    customFields: {
      ...(parent?.customFields ?? {}),
      ...row.customFields,
      unit: row.unit,
      contentUnit: row.contentUnit,
    },
    type: 'physical' as const,
    taxId: stableId('tax', row.taxRate),
    tax: { id: stableId('tax', row.taxRate), taxRate, name: `${taxRate} %`, apiAlias: 'tax' as const },
    deliveryTimeId: delivery?.id,
    deliveryTime: delivery,
    manufacturer: manufacturer ? mapManufacturer(manufacturer, view) : null,
    coverId: coverLink?.id,
    cover: coverLink ? mapProductMedia(coverLink, view) : null,
    media:
      options.media === 'all'
        ? gallery.map((m) => mapProductMedia(m, view))
        : coverLink
          ? [mapProductMedia(coverLink, view)]
          : [],
    options: optionObjects,
    properties,
    seoUrls: seoLanguages.map((language) =>
      seoUrl({
        salesChannelId: view.salesChannelId,
        languageId: language.id,
        foreignKey: row.id,
        routeName: 'frontend.detail.page',
        seoPathInfo: productCanonicalPath(row, parent?.translated, language.localeCode),
      }),
    ),
    seoCategory: seoCategory
      ? mapCategory(loaded.index.byId.get(seoCategory)!, { ...view, index: loaded.index })
      : null,
    categories: options.categories
      ? categoryIds
          .map((id) => loaded.index.byId.get(id))
          .filter((c) => c?.active)
          .map((c) => mapCategory(c!, { ...view, index: loaded.index }))
      : undefined,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    apiAlias: 'product' as const,
  });
  if (options.media === 'all') {
    product.extensions = {
      downloads: downloads.map((d) => ({
        id: d.id,
        mediaId: d.mediaId,
        position: d.position,
        purpose: d.purpose,
        title: translateFields(d.media.translated, view.locale).title ?? d.description ?? d.media.fileName,
        media: mapMedia(d.media, view.locale, view.mediaBaseUrl),
        apiAlias: 'product_download',
      })),
    };
  }
  if (view.pricesVisible) {
    product.stock = row.stock;
    product.availableStock = row.availableStock;
    const own = loaded.prices.get(row.id) ?? [];
    const priceRows = own.length > 0 ? own : parent ? (loaded.prices.get(parent.id) ?? []) : [];
    const prices = calculateProductPrices(priceRows, row.taxRate, view.currencyIso);
    if (prices) {
      product.calculatedPrice = prices.calculatedPrice;
      product.calculatedPrices = prices.calculatedPrices;
    }
  }
  return product;
}

/** A parent's translations overlaid with the variant's own fields per locale (a variant's empty fields inherit). */
/** 404 with Shopware's product code. */
export function productNotFound(id: string): StoreApiError {
  return new StoreApiError(404, SHOPWARE_ERROR_CODES.CONTENT__PRODUCT_NOT_FOUND, `Product for id ${id} not found.`, {
    parameters: { productId: id },
  });
}

/**
 * Configurator: the property groups of the variants' options, each with the options that occur (`combinable`), by
 * group position and name; options by position, then by number for numeric groups, then by name.
 */
export function buildConfigurator(options: OptionRow[], locale: string): StorePropertyGroup[] {
  const groups = new Map<string, { group: OptionRow['group']; options: OptionWithGroup[] }>();
  for (const o of options) {
    const entry = groups.get(o.groupId) ?? { group: o.group, options: [] };
    entry.options.push({ ...mapOption(o, locale), combinable: true });
    groups.set(o.groupId, entry);
  }
  return [...groups.values()]
    .map(({ group, options: opts }): StorePropertyGroup => {
      const sortNumeric = group.sortingType === 'numeric';
      const { apiAlias, ...fields } = mapGroup(group, locale);
      return {
        ...fields,
        options: opts.sort(
          (a, b) =>
            a.position - b.position ||
            (sortNumeric ? parseFloat(a.name) - parseFloat(b.name) : 0) ||
            a.name.localeCompare(b.name, undefined, { numeric: true }),
        ),
        apiAlias,
      };
    })
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
}
