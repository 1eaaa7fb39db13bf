/**
 * Category rows → Shopware Category objects (`apiAlias: 'category'`), with `translated` in the context language
 * (fallback en-GB → de-DE), `breadcrumb` (names from the root down to the category, as Shopware's
 * `category.breadcrumb`), `seoUrls`/`seoUrl` from the canonical category SEO paths, and `children` filled by the
 * navigation builder.
 */
import type { CategoryIndex, CategoryRow } from '../commerce/catalog/catalog-cache.ts';
import { ancestorIds } from '../commerce/catalog/catalog-cache.ts';
import { stableId } from '../lib/ids.ts';
import { compact, mapMedia, seoUrl } from '../http/entities.ts';
import { translateFields } from '../lib/translate.ts';
import type { StoreCategory } from '../http/shopware-schemas.ts';
import { LISTING_LAYOUT_ID } from './cms-page.ts';

export interface CategoryMapContext {
  locale: string;
  languageId: string;
  salesChannelId: string;
  mediaBaseUrl: string;
  index: CategoryIndex;
  /**
   * The languages whose canonical path `seoUrls` lists, context language first (deps.ts `seoLanguages`: the
   * association `seoUrls` was asked for); absent → the context language only.
   */
  seoLanguageIds?: readonly string[] | undefined;
}

/** The translated name of a category, falling back to an empty string. */
export function categoryName(row: CategoryRow, locale: string): string {
  return translateFields(row.translated, locale).name ?? '';
}

/** Names of the category's ancestors and itself, root first. */
function breadcrumbNames(row: CategoryRow, ctx: Pick<CategoryMapContext, 'locale' | 'index'>): string[] {
  const ids = [...ancestorIds(row), row.id];
  return ids
    .map((id) => ctx.index.byId.get(id))
    .filter((c): c is CategoryRow => Boolean(c))
    .map((c) => categoryName(c, ctx.locale));
}

/** Maps one category; `children` starts empty. */
export function mapCategory(row: CategoryRow, ctx: CategoryMapContext): StoreCategory {
  const t = translateFields(row.translated, ctx.locale);
  const breadcrumb = breadcrumbNames(row, ctx);
  const seo = ctx.index.seoPaths.get(`${row.id}:${ctx.languageId}`);
  const seoUrls = (ctx.seoLanguageIds ?? [ctx.languageId]).flatMap((languageId) => {
    const path = ctx.index.seoPaths.get(`${row.id}:${languageId}`);
    return path
      ? [
          seoUrl({
            id: path.id,
            salesChannelId: ctx.salesChannelId,
            languageId,
            foreignKey: row.id,
            routeName: 'frontend.navigation.page',
            seoPathInfo: path.seoPathInfo,
          }),
        ]
      : [];
  });
  const linkType = row.type === 'link' ? ((row.linkType ?? 'external') as StoreCategory['linkType']) : null;
  const translated = compact({
    name: t.name ?? '',
    description: t.description,
    keywords: t.keywords,
    metaTitle: t.metaTitle,
    metaDescription: t.metaDescription,
    externalLink: t.externalLink,
    linkType,
    internalLink: row.internalLink,
    linkNewTab: row.linkNewTab,
    breadcrumb,
  });
  return compact({
    id: row.id,
    parentId: row.parentId,
    path: row.path,
    level: row.level,
    type: row.type as StoreCategory['type'],
    linkType,
    internalLink: row.internalLink,
    externalLink: t.externalLink,
    linkNewTab: row.linkNewTab,
    active: row.active,
    visible: row.visible,
    childCount: row.childCount,
    visibleChildCount: (ctx.index.children.get(row.id) ?? []).filter((c) => c.active && c.visible).length,
    productAssignmentType: 'product',
    displayNestedProducts: true,
    name: t.name ?? '',
    description: t.description,
    keywords: t.keywords,
    metaTitle: t.metaTitle,
    metaDescription: t.metaDescription,
    breadcrumb,
    translated,
    customFields: { ...row.customFields, productCount: row.productCount },
    media: row.mediaFileName
      ? mapMedia(
          {
            id: stableId('media', row.mediaFileName),
            fileName: row.mediaFileName,
            mimeType: null,
            fileExtension: null,
            url: null,
            translated: {},
          },
          ctx.locale,
          ctx.mediaBaseUrl,
        )
      : null,
    seoUrls,
    seoUrl: seo ? `/${seo.seoPathInfo}` : `/navigation/${row.id}`,
    cmsPageId: row.type === 'page' ? LISTING_LAYOUT_ID : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    children: [] as StoreCategory[],
    apiAlias: 'category' as const,
  });
}
