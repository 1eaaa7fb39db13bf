/**
 * Navigation items for the header, mobile menu and footer, built from the Store API's
 * navigation trees (`POST /store-api/navigation/{activeId}/{rootId}` with `buildTree`).
 */
import type { Category, SeoUrl } from './store-api/types.ts';
import { domainPath, type StorefrontDomain } from './domain.ts';

/** One entry of a navigation: `href` null for folders (non-link headings), `newTab` for links opening a new tab. */
export interface NavItem {
  id: string;
  name: string;
  href: string | null;
  newTab?: boolean;
  children: NavItem[];
}

/** One breadcrumb entry: `href` null for folder categories and the current page. */
export interface BreadcrumbEntry {
  name: string;
  href: string | null;
}

/** The canonical SEO path of an entity in a language, if present (`seoUrls` as the Store API returns them). */
export function canonicalSeoPath(seoUrls: readonly SeoUrl[] | null | undefined, languageId?: string): string | null {
  const list = (seoUrls ?? []).filter((s) => !languageId || !s.languageId || s.languageId === languageId);
  const best = list.find((s) => s.isCanonical !== false) ?? list[0];
  return best ? best.seoPathInfo : null;
}

/**
 * The storefront link of a category (Shopware's `getCategoryRoute`): folders have none; external links their URL
 * (root-relative ones under the domain prefix);
 * internal links `/navigation/{internalLink}` (product `/detail/{id}`, landing page `/landingPage/{id}`); pages their
 * SEO path, else `/navigation/{id}` (which redirects to the SEO path). Paths are prefixed with the domain's prefix.
 */
export function categoryHref(
  category: Category,
  domain: Pick<StorefrontDomain, 'pathPrefix' | 'languageId'>,
): string | null {
  if (category.type === 'folder') return null;
  if (category.type === 'link') {
    const external = category.translated?.externalLink ?? category.externalLink;
    if (category.linkType === 'external' || (!category.linkType && external)) {
      if (!external) return null;
      // A root-relative "external" link (`/kontakt`) is a path on the current domain.
      return external.startsWith('/') && !external.startsWith('//') ? domainPath(domain, external) : external;
    }
    if (!category.internalLink) return null;
    if (category.linkType === 'product') return domainPath(domain, `/detail/${category.internalLink}`);
    if (category.linkType === 'landing_page') return domainPath(domain, `/landingPage/${category.internalLink}`);
    return domainPath(domain, `/navigation/${category.internalLink}`);
  }
  const seo = canonicalSeoPath(category.seoUrls, domain.languageId);
  return domainPath(domain, seo ?? `/navigation/${category.id}`);
}

/** Display name of a category: `translated.name` with the untranslated name as fallback. */
export function categoryName(category: Category): string {
  return category.translated?.name ?? category.name ?? '';
}

/** Maps a navigation tree to NavItems, dropping hidden or inactive categories. */
export function toNavItems(
  categories: readonly Category[] | null | undefined,
  domain: Pick<StorefrontDomain, 'pathPrefix' | 'languageId'>,
): NavItem[] {
  return (categories ?? [])
    .filter((c) => c.visible !== false && c.active !== false)
    .map((c) => {
      const item: NavItem = {
        id: c.id,
        name: categoryName(c),
        href: categoryHref(c, domain),
        children: toNavItems(c.children, domain),
      };
      if (c.linkNewTab) item.newTab = true;
      return item;
    });
}
