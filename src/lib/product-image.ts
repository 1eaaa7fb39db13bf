/**
 * Product images of every view (listing cards, product page, quick search, cart, checkout, order lists): the one
 * place that turns a Store API media entity into what a `<picture>` needs, and the placeholder a product shows when
 * it has no image, or when its image fails to load.
 *
 * The embedded Store API sends each stored image's `thumbnails` (Shopware MediaThumbnail: `url` is the JPEG) with the
 * same sizes as AVIF and WebP in `extensions.formats` (docs/decisions/020-media-store.md). A media entity without
 * thumbnails (a deep link, a real Shopware without them) is shown by its `url` alone.
 */

export const PLACEHOLDER_IMAGE = '/images/placeholder-product.svg';

/**
 * Inline `onerror` of server-rendered product images: the placeholder replaces a picture that fails to load. It
 * removes the `<source>`s and the `srcset` first, because a browser keeps choosing among those over `src`. A
 * Content-Security-Policy allows it by the hash of this exact text (astro.config.mjs holds the same string).
 */
export const IMAGE_FALLBACK_HANDLER =
  "this.onerror=null;this.parentNode.querySelectorAll('source').forEach(function(s){s.remove()});this.removeAttribute('srcset');this.src='/images/placeholder-product.svg'";

/**
 * `sizes` per view: the image's shown width in CSS pixels at each layout (the grid columns of ListingView.astro and
 * ProductDetail.astro, the fixed boxes of the quick search and the cart lines), so the browser picks the thumbnail
 * that fills it at the screen's pixel density.
 */
export const IMAGE_SIZES = {
  /** Listing and cross-selling cards: 2 columns on phones, 3 from md, 4 from xl (about 260 px at 1440). */
  card: '(min-width: 1280px) 260px, (min-width: 768px) 30vw, 50vw',
  /**
   * Product page gallery: a square image inside a box at most 32rem high from lg and 20rem below, less 1rem padding
   * on each side: 480 px and 288 px (measured in Chromium at 1440 and 375 px wide).
   */
  detail: '(min-width: 1024px) 480px, 288px',
  /** Cart, checkout and order lines: 64 to 80 px boxes. */
  line: '80px',
  /** Quick search rows: a 48 x 64 px box. */
  quickSearch: '48px',
  /** Rows of the account's tables (order list items, article links): a 48 px box. */
  tableRow: '48px',
} as const;

/** The media fields read here (Shopware Media with the thumbnails' `extensions.formats`). */
export interface MediaImage {
  url?: string | null;
  alt?: string | null;
  metaData?: { width?: number; height?: number } | null;
  thumbnails?:
    | readonly {
        url: string;
        width: number;
        height: number;
        extensions?: { formats?: { avif?: string | undefined; webp?: string | undefined } | null } | null;
      }[]
    | null;
}

/** A `<picture>`: the AVIF and WebP sources, the JPEG `img` with its `srcset`, and the img's pixel size. */
export interface PictureModel {
  /** False for the placeholder: show `src` as a plain `img`. */
  hasImage: boolean;
  sources: { type: 'image/avif' | 'image/webp'; srcset: string }[];
  src: string;
  srcset: string | undefined;
  sizes: string;
  /** Pixel size of `src` (sets the aspect ratio before it loads). */
  width: number;
  height: number;
}

/**
 * The picture of `media` for a view whose `sizes` is given. `maxWidth` leaves out thumbnails wider than the view can
 * use (cart lines need no 800 px image); `src`, the fallback for browsers without `srcset`, is the smallest
 * thumbnail at least 400 px wide (or the widest one kept). Without a usable URL: the placeholder at `fallbackSize`.
 */
export function pictureOf(
  media: MediaImage | null | undefined,
  sizes: string,
  options: { maxWidth?: number; fallbackSize?: { width: number; height: number } } = {},
): PictureModel {
  const fallback = options.fallbackSize ?? { width: 400, height: 400 };
  const url = media?.url?.trim();
  if (!url) return { hasImage: false, sources: [], src: PLACEHOLDER_IMAGE, srcset: undefined, sizes, ...fallback };
  const all = [...(media?.thumbnails ?? [])].filter((t) => t.url && t.width > 0).sort((a, b) => a.width - b.width);
  const fitting = all.filter((t) => t.width <= (options.maxWidth ?? Infinity));
  const thumbs = fitting.length ? fitting : all.slice(0, 1);
  if (thumbs.length === 0) {
    const width = media?.metaData?.width ?? fallback.width;
    const height = media?.metaData?.height ?? fallback.height;
    return { hasImage: true, sources: [], src: url, srcset: undefined, sizes, width, height };
  }
  const srcsetOf = (pick: (t: (typeof thumbs)[number]) => string | undefined) => {
    const entries = thumbs.map((t) => [pick(t), t.width] as const).filter(([u]) => Boolean(u));
    return entries.length === thumbs.length ? entries.map(([u, w]) => `${u} ${w}w`).join(', ') : undefined;
  };
  const sources: PictureModel['sources'] = [];
  const avif = srcsetOf((t) => t.extensions?.formats?.avif);
  const webp = srcsetOf((t) => t.extensions?.formats?.webp);
  if (avif) sources.push({ type: 'image/avif', srcset: avif });
  if (webp) sources.push({ type: 'image/webp', srcset: webp });
  const main = thumbs.find((t) => t.width >= 400) ?? thumbs.at(-1)!;
  return {
    hasImage: true,
    sources,
    src: main.url,
    srcset: srcsetOf((t) => t.url),
    sizes,
    width: main.width,
    height: main.height,
  };
}
