/**
 * Category rules shared by the category, listing and product endpoints: navigation aliases, the channel's navigation
 * roots, which categories a channel shows (404 `CONTENT__CATEGORY_NOT_FOUND` otherwise, Shopware's code),
 * breadcrumbs and a product's SEO category.
 */
import { isId } from '../lib/ids.ts';
import { StoreApiError } from '../http/errors.ts';
import { ancestorIds, type CategoryIndex, type CategoryRow } from '../commerce/catalog/catalog-cache.ts';
import type { SalesChannelInfo } from './context.ts';
import { seoUrl } from '../http/entities.ts';
import type { StoreBreadcrumb } from '../http/shopware-schemas.ts';
import { categoryName, mapCategory, type CategoryMapContext } from './category.mapper.ts';
import { SHOPWARE_ERROR_CODES } from '../../contract/error-codes.ts';

/** 404 with Shopware's category code. */
export function categoryNotFound(id: string): StoreApiError {
  return new StoreApiError(404, SHOPWARE_ERROR_CODES.CONTENT__CATEGORY_NOT_FOUND, `Category "${id}" not found.`, {
    parameters: { id },
  });
}

/** Resolves a navigation alias ('main-navigation', …, 'home') or an id to a category id; null when unknown. */
export function resolveNavigationId(idOrAlias: string, channel: SalesChannelInfo): string | null {
  switch (idOrAlias) {
    case 'main-navigation':
    case 'home':
      return channel.navigationCategoryId;
    case 'service-navigation':
      return channel.serviceCategoryId;
    case 'footer-navigation':
      return channel.footerCategoryId;
    case 'countries-navigation':
      return channel.countriesCategoryId;
    default:
      return isId(idOrAlias) ? idOrAlias : null;
  }
}

/** Roots of the channel's navigation trees. */
export function channelRoots(channel: SalesChannelInfo): string[] {
  return [
    channel.navigationCategoryId,
    channel.serviceCategoryId,
    channel.footerCategoryId,
    channel.countriesCategoryId,
  ].filter((id): id is string => Boolean(id));
}

/** An active category of the channel's trees (it or an ancestor is a channel root), or a 404. */
export function channelCategory(index: CategoryIndex, id: string, channel: SalesChannelInfo): CategoryRow {
  const row = index.byId.get(id);
  const roots = channelRoots(channel);
  if (!row || !row.active || !(roots.includes(row.id) || ancestorIds(row).some((a) => roots.includes(a))))
    throw categoryNotFound(id);
  return row;
}

/** Whether a category shows in a navigation rooted at `rootId`. */
export function listed(row: CategoryRow, isMain: boolean): boolean {
  if (!row.active || !row.visible) return false;
  return !(isMain && row.type === 'page' && row.productCount === 0);
}

/**
 * Breadcrumb items (Shopware's Breadcrumb) of a category below the main navigation root, root side first; `path` is
 * the canonical SEO path in the context language, else the technical path `navigation/{id}`.
 */
export function categoryBreadcrumb(row: CategoryRow, ctx: CategoryMapContext, mainRootId: string): StoreBreadcrumb[] {
  const ids = [...ancestorIds(row), row.id];
  const start = ids.indexOf(mainRootId);
  const chain = (start >= 0 ? ids.slice(start + 1) : ids)
    .map((id) => ctx.index.byId.get(id))
    .filter((c): c is CategoryRow => Boolean(c));
  return chain.map((c) => {
    const mapped = mapCategory(c, ctx);
    const seo = ctx.index.seoPaths.get(`${c.id}:${ctx.languageId}`);
    return {
      name: categoryName(c, ctx.locale),
      categoryId: c.id,
      type: c.type as StoreBreadcrumb['type'],
      translated: mapped.translated,
      path: seo ? seo.seoPathInfo : `navigation/${c.id}`,
      seoUrls: seo
        ? [
            seoUrl({
              id: seo.id,
              salesChannelId: ctx.salesChannelId,
              languageId: ctx.languageId,
              foreignKey: c.id,
              routeName: 'frontend.navigation.page',
              seoPathInfo: seo.seoPathInfo,
            }),
          ]
        : [],
      apiAlias: 'breadcrumb' as const,
    };
  });
}

/** The product's SEO category: its first active category inside the main navigation (Shopware's main category). */
export function seoCategoryId(categoryIds: string[], index: CategoryIndex, mainRootId: string): string | undefined {
  return categoryIds.find((id) => {
    const row = index.byId.get(id);
    return row?.active && ancestorIds(row).includes(mainRootId);
  });
}
