import { mergeTranslations, translateField } from './translate.ts';
/**
 * SEO path segments, as Shopware builds them: words kept in their case, German umlauts transliterated
 * (ä → ae, ß → ss), other diacritics dropped, every run of other characters turned into one hyphen.
 *
 * @example slugSegment('Zangen & Scheren') // 'Zangen-Scheren'
 */
export function slugSegment(text: string): string {
  const translit = text
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss');
  return translit
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Category SEO path from the names of the category and its ancestors below the root: `Werkzeug/Zangen/`. */
export function categorySeoPath(names: string[]): string {
  const segments = names.map(slugSegment).filter((s) => s.length > 0);
  return segments.length ? `${segments.join('/')}/` : '';
}

/** Product SEO path: `{name}/{productNumber}` (Shopware's default template); the number is URI-encoded. */
export function productSeoPath(name: string, productNumber: string): string {
  const slug = slugSegment(name) || 'product';
  return `${slug}/${encodeURIComponent(productNumber)}`;
}

/**
 * The canonical SEO path of a product in `locale`: `productSeoPath` of its name, a variant's own name fields over
 * its parent's (translate.ts `mergeTranslations`), then the locale fallback of `translateField`. The one rule of the
 * product's `seoUrls` and of the seo-url route's path resolution (docs/decisions/004-seo-urls.md), so a product page
 * and its language alternates link the path the route calls canonical.
 */
export function productCanonicalPath(
  product: { productNumber: string; translated: Partial<Record<string, { name?: string | undefined }>> },
  parentTranslated: Partial<Record<string, { name?: string | undefined }>> | null | undefined,
  locale: string,
): string {
  const translations = parentTranslated ? mergeTranslations(parentTranslated, product.translated) : product.translated;
  return productSeoPath(translateField(translations, locale, 'name') ?? '', product.productNumber);
}
