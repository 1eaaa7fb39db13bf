/**
 * Pure helpers that turn Store API products into what the catalogue pages show: names, images with placeholder,
 * availability text without figures, delivery time, downloads grouped into tabs, and variant-switch links.
 */
import { deliveryTimeInDays } from '../../../contract/delivery-time.ts';
import type { Media, Product, PropertyGroup, PropertyGroupOption } from '../../lib/store-api/types.ts';

export function productName(p: Pick<Product, 'translated' | 'name' | 'productNumber'>): string {
  return p.translated?.name ?? p.name ?? p.productNumber;
}

export function optionName(o: Pick<PropertyGroupOption, 'translated' | 'name'>): string {
  return o.translated?.name ?? o.name ?? '';
}

export function groupName(g: Pick<PropertyGroup, 'translated' | 'name'> | null | undefined): string {
  return g?.translated?.name ?? g?.name ?? '';
}

/** Usable URL of a media entity, or null when it has no binary (placeholder media). */
export function mediaUrl(media: Media | null | undefined): string | null {
  const url = media?.url?.trim();
  return url ? url : null;
}

/** The product page's gallery: the product's media that have a file, in the order sent (position). */
export function galleryMedia(p: Pick<Product, 'media'>): Media[] {
  return (p.media ?? []).flatMap((m) => (m.media && mediaUrl(m.media) ? [m.media] : []));
}

/** Cover media of a product that has a file: the cover, else the first gallery image with one, else null. */
export function coverMedia(p: Pick<Product, 'cover' | 'media'>): Media | null {
  if (mediaUrl(p.cover?.media)) return p.cover!.media!;
  return p.media?.find((m) => mediaUrl(m.media))?.media ?? null;
}

/** Cover image URL of a product, falling back to the first gallery image, else null. */
export function coverUrl(p: Pick<Product, 'cover' | 'media'>): string | null {
  return mediaUrl(coverMedia(p));
}

/**
 * In stock or not, without figures (stock figures are for logged-in buyers only, ADR 005). Uses `hasStock` when the
 * backend sends it (pieces in stock), else Shopware's `available`, else `availableStock > 0`.
 */
export function isInStock(p: Product & { hasStock?: boolean }): boolean {
  if (typeof p.hasStock === 'boolean') return p.hasStock;
  if (typeof p.availableStock === 'number') return p.availableStock > 0;
  return p.available !== false;
}

export interface DeliveryDisplay {
  min: number;
  max: number;
  /** 'day' | 'week' | 'month' | 'year' */
  unit: string;
}

/**
 * Delivery time to show (min–max and the unit's name; Shopware's `restockTime` counts in days): when out of stock
 * and a restock time exists, both bounds are converted to days and the restock days added. Returns null when the
 * product has no delivery time.
 */
export function deliveryDisplay(
  p: Pick<Product, 'deliveryTime' | 'restockTime'>,
  inStock: boolean,
): DeliveryDisplay | null {
  const dt = p.deliveryTime;
  if (!dt || (dt.min == null && dt.max == null)) return null;
  const min = dt.min ?? dt.max;
  const max = dt.max ?? dt.min;
  const restock = p.restockTime ?? 0;
  if (inStock || restock <= 0) return { min, max, unit: dt.unit };
  return {
    min: deliveryTimeInDays(min, dt.unit) + restock,
    max: deliveryTimeInDays(max, dt.unit) + restock,
    unit: 'day',
  };
}

/** Tab ids of the product detail page, in display order. */
export const PRODUCT_TABS = [
  'description',
  'specifications',
  'applications',
  'downloads',
  'instructions',
  'documents',
  'variants',
  'additional',
] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

export interface ProductDownload {
  id: string;
  title: string;
  url: string | null;
  purpose: string;
  extension: string;
}

interface DownloadExtension {
  id?: string;
  mediaId?: string;
  purpose?: string;
  title?: string | null;
  media?: Media | null;
}

/** Which tab a document purpose (BMEcat MIME_PURPOSE) belongs to. */
export function tabOfPurpose(
  purpose: string,
): Exclude<ProductTab, 'description' | 'specifications' | 'variants' | 'additional'> {
  const p = purpose.toLowerCase();
  if (/application|anwendung/.test(p)) return 'applications';
  if (/instruction|manual|anleitung|mounting|assembly/.test(p)) return 'instructions';
  if (/data_sheet|datasheet|safety|technical|pdf/.test(p)) return 'downloads';
  return 'documents';
}

/** Documents of a product (`extensions.downloads`, see backend product mapper) grouped by tab. */
export function downloadsByTab(p: Product): Map<ProductTab, ProductDownload[]> {
  const list =
    ((p.extensions as Record<string, unknown> | undefined)?.downloads as DownloadExtension[] | undefined) ?? [];
  const out = new Map<ProductTab, ProductDownload[]>();
  for (const d of list) {
    const url = mediaUrl(d.media);
    const fileName = d.media?.fileName ?? '';
    const extension = (d.media?.fileExtension ?? /\.([a-z0-9]+)$/i.exec(url ?? fileName)?.[1] ?? 'pdf').toUpperCase();
    const title = d.title || d.media?.translated?.title || d.media?.title || fileName || d.purpose || 'Document';
    const tab = tabOfPurpose(d.purpose ?? '');
    const entry: ProductDownload = { id: d.id ?? d.mediaId ?? title, title, url, purpose: d.purpose ?? '', extension };
    out.set(tab, [...(out.get(tab) ?? []), entry]);
  }
  return out;
}

/** Properties grouped by property group, in group then option order (the specifications table). */
export function groupedProperties(p: Pick<Product, 'properties'>): { group: string; values: string[] }[] {
  const groups = new Map<string, { group: string; position: number; values: string[] }>();
  for (const o of p.properties ?? []) {
    const key = o.groupId ?? o.group?.id ?? groupName(o.group);
    const entry = groups.get(key) ?? { group: groupName(o.group), position: o.group?.position ?? 0, values: [] };
    entry.values.push(optionName(o));
    groups.set(key, entry);
  }
  return [...groups.values()]
    .sort((a, b) => a.position - b.position || a.group.localeCompare(b.group))
    .map(({ group, values }) => ({ group, values }));
}

export interface VariantChoice {
  groupId: string;
  groupName: string;
  options: {
    id: string;
    name: string;
    selected: boolean;
    /** Id of the variant to link to, null when none exists. */ variantId: string | null;
  }[];
}

/**
 * The variant switch: for each configurator group, each option links to the sibling
 * variant that keeps the current options of the other groups and takes this one; when no exact sibling exists, to
 * any sibling with that option.
 */
export function variantChoices(
  current: Pick<Product, 'id' | 'optionIds' | 'options'>,
  configurator: PropertyGroup[],
  siblings: Pick<Product, 'id' | 'optionIds' | 'options'>[],
): VariantChoice[] {
  const optionsOf = (p: Pick<Product, 'optionIds' | 'options'>) =>
    new Set(p.optionIds ?? (p.options ?? []).map((o) => o.id));
  const currentOptions = optionsOf(current);
  const siblingOptions = siblings.map((s) => ({ id: s.id, options: optionsOf(s) }));
  return configurator.map((group) => {
    const groupOptionIds = new Set((group.options ?? []).map((o) => o.id));
    const others = [...currentOptions].filter((id) => !groupOptionIds.has(id));
    return {
      groupId: group.id,
      groupName: groupName(group),
      options: (group.options ?? []).map((o) => {
        const exact = siblingOptions.find((s) => s.options.has(o.id) && others.every((id) => s.options.has(id)));
        const any = exact ?? siblingOptions.find((s) => s.options.has(o.id));
        return { id: o.id, name: optionName(o), selected: currentOptions.has(o.id), variantId: any?.id ?? null };
      }),
    };
  });
}

/** Path of a product page under the domain prefix: its canonical SEO path, else the technical `/detail/{id}`. */
export function productPath(p: Pick<Product, 'id' | 'seoUrls'>, pathPrefix: string, languageId?: string): string {
  const list = (p.seoUrls ?? []).filter((s) => !languageId || !s.languageId || s.languageId === languageId);
  const seo = (list.find((s) => s.isCanonical !== false) ?? list[0])?.seoPathInfo;
  return `${pathPrefix}/${seo ?? `detail/${p.id}`}`.replace(/\/{2,}/g, '/');
}

/** A line of a description counts as a short feature (a bullet of the description tab) up to this many characters. */
export const FEATURE_LINE_MAX = 90;

const BLOCK_TAG = /<(ul|ol|li|table|h[1-6]|blockquote|pre|dl)\b/i;
const LINE_BREAK = /<br\s*\/?>|\r?\n|(?:[ \t]|&nbsp;|\u00a0){2,}/i;
const BULLET = /^(?:[-–•*·▪]|&bull;)\s+/;
const textLength = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z#0-9]+;/gi, '_')
    .trim().length;

/**
 * Gives a product description visible structure when its (already sanitised) HTML has none: supplier texts are
 * often lines of features run into one paragraph, separated only by `<br>`, newlines or a run of spaces (Günzburger
 * `descriptionLong`). HTML with block structure (lists, tables, headings, more than one paragraph) is returned as
 * it is. Otherwise the text is split at those breaks:
 * - three or more lines of at most FEATURE_LINE_MAX characters become a bullet list (leading "-", "•", "*" markers
 *   dropped), after an introducing line that ends with ":" when there is one;
 * - other multi-line texts become one paragraph with `<br>` between the lines;
 * - a single line stays as it is.
 * Only the input's own fragments are reused, so nothing unsanitised is introduced.
 */
export function descriptionHtml(html: string): string {
  const source = html.trim();
  if (!source || BLOCK_TAG.test(source) || (source.match(/<p[\s>]/gi)?.length ?? 0) > 1) return source;
  const inner = source.replace(/^<(p|div)(?:\s[^>]*)?>([\s\S]*)<\/\1>$/i, '$2');
  if (/<\/?(p|div)[\s>]/i.test(inner)) return source;
  const lines = inner
    .split(new RegExp(LINE_BREAK.source, 'gi'))
    .map((line) => line.trim())
    .filter((line) => textLength(line) > 0);
  if (lines.length < 2) return source;
  const intro = lines[0]!.endsWith(':') ? lines[0]! : null;
  const items = (intro ? lines.slice(1) : lines).map((line) => line.replace(BULLET, ''));
  if (items.length >= 3 && items.every((line) => textLength(line) <= FEATURE_LINE_MAX)) {
    const list = `<ul>${items.map((line) => `<li>${line}</li>`).join('')}</ul>`;
    return intro ? `<p>${intro}</p>${list}` : list;
  }
  return `<p>${lines.join('<br>')}</p>`;
}
