/**
 * The stored SEO URLs (`seo_url`: category and landing-page paths, current and earlier ones; product paths are derived
 * from name and number, docs/decisions/004-seo-urls.md) as the seo-url route reads them: by path, and the canonical
 * path of an entity in a language.
 *
 * They are read from an in-memory index of every row, kept by the catalogue cache (`CatalogCache.memo`: stamped with
 * the catalogue version, which every writer of `seo_url` raises in its transaction), so resolving a catalogue URL costs
 * no statement. A shop with more than SEO_INDEX_MAX_ROWS rows is read in SQL instead: each row takes a few hundred
 * bytes of heap in the index.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { textArray } from '../../db/sql-params.ts';
import type { SeoRouteName } from '../../http/entities.ts';
import type { CatalogDeps, ViewContext } from '../deps.ts';

/** Rows the in-memory index holds at most (about 50 MB of heap); beyond, SEO URLs are read in SQL. */
export const SEO_INDEX_MAX_ROWS = 200_000;

export interface StoredSeoUrl {
  id: string;
  foreignKey: string;
  routeName: SeoRouteName;
  seoPathInfo: string;
  isCanonical: boolean;
  languageId: string;
}

interface SeoUrlIndex {
  /** Rows by `${salesChannelId} ${seoPathInfo}`. */
  byPath: Map<string, StoredSeoUrl[]>;
  /** The canonical row by `${salesChannelId} ${languageId} ${foreignKey}`. */
  canonical: Map<string, StoredSeoUrl>;
}

interface SeoUrlDbRow {
  id: string;
  sales_channel_id: string;
  foreign_key: string;
  route_name: SeoRouteName;
  seo_path_info: string;
  is_canonical: boolean;
  language_id: string;
}

const toStored = (r: Omit<SeoUrlDbRow, 'sales_channel_id'>): StoredSeoUrl => ({
  id: r.id,
  foreignKey: r.foreign_key,
  routeName: r.route_name,
  seoPathInfo: r.seo_path_info,
  isCanonical: Boolean(r.is_canonical),
  languageId: r.language_id,
});

/** The index of every stored SEO URL, or null when there are more than SEO_INDEX_MAX_ROWS. */
function seoUrlIndex(deps: CatalogDeps): Promise<SeoUrlIndex | null> {
  return deps.cache.memo('stored-seo-urls', async () => {
    const list = await queryRows<SeoUrlDbRow>(
      deps.db,
      sql`SELECT id, sales_channel_id, foreign_key, route_name, seo_path_info, is_canonical, language_id
            FROM seo_url WHERE NOT is_deleted LIMIT ${SEO_INDEX_MAX_ROWS + 1}`,
    );
    if (list.length > SEO_INDEX_MAX_ROWS) return null;
    const byPath = new Map<string, StoredSeoUrl[]>();
    const canonical = new Map<string, StoredSeoUrl>();
    for (const r of list) {
      const row = toStored(r);
      const pathKey = `${r.sales_channel_id} ${r.seo_path_info}`;
      byPath.set(pathKey, [...(byPath.get(pathKey) ?? []), row]);
      if (row.isCanonical) canonical.set(`${r.sales_channel_id} ${r.language_id} ${r.foreign_key}`, row);
    }
    return { byPath, canonical };
  });
}

/**
 * The stored SEO URL of one of the `paths` in the sales channel: one of the context language first, then a canonical
 * one; null when none is stored.
 */
export async function storedSeoUrlByPath(
  deps: CatalogDeps,
  view: Pick<ViewContext, 'salesChannelId' | 'languageId'>,
  paths: string[],
): Promise<StoredSeoUrl | null> {
  const rank = (r: StoredSeoUrl) => (r.languageId === view.languageId ? 2 : 0) + (r.isCanonical ? 1 : 0);
  const index = await seoUrlIndex(deps);
  if (index) {
    const found = paths.flatMap((p) => index.byPath.get(`${view.salesChannelId} ${p}`) ?? []);
    return found.reduce<StoredSeoUrl | null>((best, r) => (!best || rank(r) > rank(best) ? r : best), null);
  }
  const [hit] = await queryRows<Omit<SeoUrlDbRow, 'sales_channel_id'>>(
    deps.db,
    sql`
      SELECT id, foreign_key, route_name, seo_path_info, is_canonical, language_id FROM seo_url
       WHERE sales_channel_id = ${view.salesChannelId} AND seo_path_info = ANY(${textArray(paths)}) AND NOT is_deleted
       ORDER BY (language_id = ${view.languageId}) DESC, is_canonical DESC LIMIT 1`,
  );
  return hit ? toStored(hit) : null;
}

/** The canonical stored SEO URL of each of `foreignKeys` in the context language and sales channel, by foreign key. */
export async function storedCanonicalSeoUrls(
  deps: CatalogDeps,
  view: Pick<ViewContext, 'salesChannelId' | 'languageId'>,
  foreignKeys: string[],
): Promise<Map<string, StoredSeoUrl>> {
  if (foreignKeys.length === 0) return new Map();
  const index = await seoUrlIndex(deps);
  if (index) {
    const out = new Map<string, StoredSeoUrl>();
    for (const key of foreignKeys) {
      const row = index.canonical.get(`${view.salesChannelId} ${view.languageId} ${key}`);
      if (row) out.set(key, row);
    }
    return out;
  }
  const list = await queryRows<Omit<SeoUrlDbRow, 'sales_channel_id'>>(
    deps.db,
    sql`
      SELECT id, foreign_key, route_name, seo_path_info, is_canonical, language_id FROM seo_url
       WHERE sales_channel_id = ${view.salesChannelId} AND language_id = ${view.languageId}
         AND foreign_key = ANY(${textArray(foreignKeys)}) AND is_canonical AND NOT is_deleted`,
  );
  return new Map(list.map((r) => [r.foreign_key, toStored(r)]));
}
