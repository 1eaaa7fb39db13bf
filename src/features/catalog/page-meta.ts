/**
 * The page metadata of a loaded catalogue route (load-route.ts), handed to the default layout by the catalogue route
 * files: title, description, keywords, robots, share image, per-domain alternates and the header's search term.
 *
 * Categories and products use their Shopware SEO fields (`translated.metaTitle`, `metaDescription`, `keywords`) and
 * fall back to the name and the description's first 160 characters of plain text (the length search engines show).
 * Search results and the 404 answer are `noindex, follow`: no index entry, but their links are followed.
 */
import type { Translate } from '../../i18n/translator.ts';
import { categoryName } from '../../lib/navigation.ts';
import type { RouteData } from './load-route.ts';
import { IMAGE_SIZES, pictureOf } from '../../lib/product-image.ts';
import type { Product } from '../../lib/store-api/types.ts';
import { coverUrl, galleryMedia, productName } from './product-view.ts';

export interface CatalogPageMeta {
  /** Empty for the home page (the layout then shows the site's name and tagline). */
  title: string;
  description: string | null;
  keywords: string | null;
  /** Null: the sales channel's default. */
  robots: string | null;
  image: string | null;
  /** The product page's main image, preloaded from the head (BaseLayout's `preloadImage`). */
  preloadImage?: { href: string; srcset: string | undefined; sizes: string; type: string | undefined } | null;
  /** Absolute href of the same entity per domain id; undefined for pages that keep their path on every domain. */
  alternates: Map<string, string> | undefined;
  query: string | undefined;
}

/** Plain text of an HTML description, whitespace collapsed, at most 160 characters. */
export function descriptionText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160);
}

/**
 * Preload of the product page's first gallery image as ProductDetail.astro shows it: the first source of its
 * `<picture>` (AVIF), so the browser fetches the same file it will pick; null without an image.
 */
export function mainImagePreload(product: Product): CatalogPageMeta['preloadImage'] {
  const picture = pictureOf(galleryMedia(product)[0], IMAGE_SIZES.detail);
  if (!picture.hasImage) return null;
  const first = picture.sources[0];
  return { href: picture.src, srcset: first?.srcset ?? picture.srcset, sizes: picture.sizes, type: first?.type };
}

/** The metadata of a rendered catalogue route. */
export function catalogPageMeta(data: Exclude<RouteData, { kind: 'redirect' }>, t: Translate): CatalogPageMeta {
  const meta: CatalogPageMeta = {
    title: '',
    description: null,
    keywords: null,
    robots: null,
    image: null,
    alternates: undefined,
    query: undefined,
  };
  switch (data.kind) {
    case 'not-found':
      return { ...meta, title: t('error.404.title'), robots: 'noindex, follow' };
    case 'search':
      return {
        ...meta,
        title: data.query
          ? t('search.resultsFor', { count: data.listing?.total ?? 0, query: data.query })
          : t('search.title'),
        robots: 'noindex, follow',
        query: data.query,
      };
    case 'category': {
      const tr = data.category.translated ?? {};
      return {
        ...meta,
        title: tr.metaTitle || categoryName(data.category),
        description: tr.metaDescription || (tr.description ? descriptionText(tr.description) : null),
        keywords: tr.keywords ?? null,
        alternates: data.alternates,
      };
    }
    case 'product': {
      const tr = data.product.translated ?? {};
      return {
        ...meta,
        title: tr.metaTitle || productName(data.product),
        description: tr.metaDescription || (tr.description ? descriptionText(tr.description) : null),
        keywords: tr.keywords ?? null,
        image: coverUrl(data.product),
        preloadImage: mainImagePreload(data.product),
        alternates: data.alternates,
      };
    }
    case 'landing':
      return {
        ...meta,
        title: data.page.metaTitle || data.page.title || t('landing.title'),
        description: data.page.metaDescription ?? null,
        alternates: data.alternates,
      };
    case 'home':
      return meta;
  }
}
