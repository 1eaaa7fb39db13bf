/**
 * Shared pieces of the Store API wire format: media, SEO URLs and the removal of null fields (the OpenAPI document
 * types optional fields as strings/objects, so an absent value is left out rather than sent as null).
 */
import type { Schemas } from '@shopware/api-client/api-types';
import type { CoverImage } from '../../contract/cover-image.ts';
import { stableId } from '../lib/ids.ts';
import { translateFields } from '../lib/translate.ts';
import { originalRendition, thumbnailSizes, thumbnailUrl } from '../media/media-store.ts';
import type { StoreMedia, StoreMediaThumbnail, StoreSeoUrl } from './shopware-schemas.ts';

/** `T` after `compact`: keys that may be null or undefined become optional and lose `null`. */
export type Compacted<T> = {
  [K in keyof T as null extends T[K] ? never : undefined extends T[K] ? never : K]: T[K];
} & {
  [K in keyof T as null extends T[K] ? K : undefined extends T[K] ? K : never]?: Exclude<T[K], null | undefined>;
};

/** Drops keys whose value is null or undefined (one level). */
export function compact<T extends Record<string, unknown>>(obj: T): Compacted<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) if (v !== null && v !== undefined) out[k] = v;
  return out as Compacted<T>;
}

export interface MediaRow {
  id: string;
  fileName: string;
  mimeType: string | null;
  fileExtension: string | null;
  url: string | null;
  translated: Partial<Record<string, { alt?: string; title?: string }>>;
  customFields?: Record<string, unknown> | null;
  /** The stored image (backend/media/media-store.ts), when the media store has the file. */
  file?: MediaFileRef | null;
}

/** A media row's stored original: content hash (64 hex), MIME type and pixel size. */
export interface MediaFileRef {
  hash: string;
  mimeType: string;
  width: number;
  height: number;
}

/**
 * Shopware MediaThumbnail list of a stored original: one per size of `thumbnailSizes`, smallest first, `url` the
 * JPEG and `extensions.formats` the AVIF and WebP of the same size.
 */
function mapThumbnails(mediaId: string, file: MediaFileRef): StoreMediaThumbnail[] {
  return thumbnailSizes(file.width, file.height).map(({ width, height }) => ({
    id: stableId('media-thumbnail', `${file.hash}:${width}x${height}`),
    mediaId,
    width,
    height,
    url: thumbnailUrl(file.hash, width, height, 'jpeg'),
    extensions: {
      formats: {
        avif: thumbnailUrl(file.hash, width, height, 'avif'),
        webp: thumbnailUrl(file.hash, width, height, 'webp'),
      },
    },
    apiAlias: 'media_thumbnail' as const,
  }));
}

/**
 * Shopware Media. With a stored file, `url` is the media store's content-addressed URL (root-relative, served by
 * `GET /media/…`), `metaData` its pixel size and `thumbnails` the rendered sizes. Otherwise `url` is the row's
 * absolute URL (deep link) or `mediaBaseUrl/fileName`; with neither, `url` is empty and `hasFile` false, and the
 * storefront shows its placeholder. `fileName` is without extension, as in Shopware; `path` is the file name as the
 * catalogue references it.
 */
export function mapMedia(m: MediaRow, locale: string, mediaBaseUrl: string): StoreMedia {
  const t = translateFields(m.translated, locale);
  const extension = m.fileExtension ?? /\.([A-Za-z0-9]+)$/.exec(m.fileName)?.[1]?.toLowerCase() ?? '';
  const base = mediaBaseUrl.replace(/\/+$/, '');
  const stored = m.file ? originalRendition(m.file) : null;
  const url =
    stored?.url ?? m.url ?? (base ? `${base}/${m.fileName.split('/').map(encodeURIComponent).join('/')}` : '');
  return compact({
    id: m.id,
    mimeType: m.mimeType,
    fileExtension: extension,
    fileName: extension
      ? (m.fileName
          .replace(/\.[^./]+$/, '')
          .split('/')
          .pop() ?? m.fileName)
      : m.fileName,
    path: m.fileName,
    url,
    hasFile: url !== '',
    metaData: stored ? { width: stored.width, height: stored.height } : null,
    thumbnails: m.file ? mapThumbnails(m.id, m.file) : null,
    private: false,
    alt: t.alt,
    title: t.title,
    translated: { alt: t.alt ?? null, title: t.title ?? null },
    customFields: { ...(m.customFields ?? {}), extension },
    apiAlias: 'media' as const,
  });
}

/**
 * The cover image of a provider answer (contract/cover-image.ts) from a mapped Shopware Media; null when the media
 * has no URL (the storefront then shows its placeholder).
 */
export function coverImage(media: StoreMedia): CoverImage | null {
  if (!media.url) return null;
  return {
    url: media.url,
    metaData:
      media.metaData?.width && media.metaData.height
        ? { width: media.metaData.width, height: media.metaData.height }
        : null,
    thumbnails: (media.thumbnails ?? []).map((t) => ({
      url: t.url,
      width: t.width,
      height: t.height,
      extensions: { formats: { avif: t.extensions.formats.avif, webp: t.extensions.formats.webp } },
    })),
  };
}

export type SeoRouteName = 'frontend.navigation.page' | 'frontend.detail.page' | 'frontend.landing.page';

/** Technical path of a route: `/navigation/{id}`, `/detail/{id}`, `/landingPage/{id}` (Shopware's pathInfo). */
export function technicalPath(routeName: SeoRouteName, id: string): string {
  switch (routeName) {
    case 'frontend.navigation.page':
      return `/navigation/${id}`;
    case 'frontend.detail.page':
      return `/detail/${id}`;
    default:
      return `/landingPage/${id}`;
  }
}

/** A Shopware SeoUrl object. `id` defaults to a stable id of channel, language and path. */
export function seoUrl(args: {
  id?: string;
  salesChannelId: string;
  languageId: string;
  foreignKey: string;
  routeName: SeoRouteName;
  seoPathInfo: string;
  isCanonical?: boolean;
}): StoreSeoUrl {
  return {
    id: args.id ?? stableId('seo-url', `${args.salesChannelId}:${args.languageId}:${args.seoPathInfo}`),
    salesChannelId: args.salesChannelId,
    languageId: args.languageId,
    foreignKey: args.foreignKey,
    routeName: args.routeName,
    pathInfo: technicalPath(args.routeName, args.foreignKey),
    seoPathInfo: args.seoPathInfo,
    isCanonical: args.isCanonical ?? true,
    isModified: false,
    isDeleted: false,
    apiAlias: 'seo_url',
  };
}

/**
 * Shopware's EntitySearchResult (`Schemas['EntitySearchResult']` of `@shopware/api-client`) with typed `elements`:
 * `aggregations` is `[]` when empty, as PHP serialises an empty map; `limit` is the page size, or `total` without one.
 */
export type StoreEntitySearchResult<T> = Required<Omit<Schemas['EntitySearchResult'], 'aggregations'>> & {
  aggregations: [];
  elements: T[];
  apiAlias: 'dal_entity_search_result';
};

/** The EntitySearchResult envelope of `elements` of `entity` (see {@link StoreEntitySearchResult}). */
export function searchResult<T>(
  entity: string,
  elements: T[],
  total: number,
  page: number,
  limit: number | null,
): StoreEntitySearchResult<T> {
  return {
    entity,
    total,
    aggregations: [],
    page,
    limit: limit ?? total,
    elements,
    apiAlias: 'dal_entity_search_result',
  };
}
