/**
 * Category SEO URLs (docs/decisions/004-seo-urls.md), written set-based after a catalogue write.
 */
import { sql } from 'drizzle-orm';
import { queryRows as query, type Db } from '../../db/client.ts';
import { seoUrlTable } from '../../db/schema/index.ts';
import { LANGUAGES, languageId, ROOT_CATEGORY_IDS, SALES_CHANNEL_ID } from '../../db/seed-channel.ts';
import { stableId } from '../../lib/ids.ts';
import { categorySeoPath } from '../../lib/slug.ts';
import type { LocaleCode, LocalizedText } from '../model.ts';
import { chunks, excludedSet } from './batch.ts';
import { pickText } from './rows.ts';

interface SeoCategory {
  id: string;
  parentId: string | null;
  level: number;
  position: number;
  externalId: string | null;
  translated: Record<string, { name?: string } | undefined>;
}

/**
 * Writes `seo_url` rows (route 'frontend.navigation.page', pathInfo `/navigation/{id}`) for every category below
 * the main navigation root, in every language: the path is `categorySeoPath` of the translated names of the
 * category and its ancestors below the root (a name falls back en-GB → de-DE → any, then to the external id).
 * A path another category already holds gets `-2`, `-3`, … on its last segment. A category keeps its current path
 * while that still fits its names; when the names change, the new path becomes canonical and the old row stays as
 * a non-canonical redirect source (Shopware's behaviour). Categories are processed by level, position, source and
 * external id, so suffixes are deterministic.
 */
export async function refreshCategorySeoUrls(db: Db, salesChannelId: string = SALES_CHANNEL_ID): Promise<number> {
  const mainRoot = ROOT_CATEGORY_IDS.main;
  const rows = await query<{
    id: string;
    parent_id: string | null;
    level: number;
    position: number;
    external_id: string | null;
    translated: SeoCategory['translated'];
  }>(
    db,
    sql`
    SELECT id, parent_id, level, position, external_id, translated FROM category
     WHERE path LIKE ${`%|${mainRoot}|%`} AND active
     ORDER BY level, position, source, external_id, id`,
  );
  const cats = new Map<string, SeoCategory>();
  for (const r of rows) {
    cats.set(r.id, {
      id: r.id,
      parentId: r.parent_id,
      level: Number(r.level),
      position: Number(r.position),
      externalId: r.external_id,
      translated: r.translated ?? {},
    });
  }
  const existing = await query<{
    id: string;
    language_id: string;
    foreign_key: string;
    seo_path_info: string;
    is_canonical: boolean;
  }>(
    db,
    sql`
    SELECT id, language_id, foreign_key, seo_path_info, is_canonical FROM seo_url
     WHERE sales_channel_id = ${salesChannelId}`,
  );

  let written = 0;
  for (const { locale } of LANGUAGES) {
    const lang = languageId(locale);
    const taken = new Map<string, string>(); // path → foreign key
    const current = new Map<string, string[]>(); // foreign key → its paths
    const canonicalNow = new Map<string, string>(); // foreign key → its canonical path
    for (const e of existing) {
      if (e.language_id !== lang) continue;
      taken.set(e.seo_path_info, e.foreign_key);
      if (!cats.has(e.foreign_key)) continue;
      current.set(e.foreign_key, [...(current.get(e.foreign_key) ?? []), e.seo_path_info]);
      if (e.is_canonical) canonicalNow.set(e.foreign_key, e.seo_path_info);
    }
    const nameOf = (c: SeoCategory): string => {
      const t: LocalizedText = {};
      for (const [l, v] of Object.entries(c.translated)) if (v?.name) t[l as LocaleCode] = v.name;
      return pickText(t, locale) ?? c.externalId ?? c.id;
    };
    const segments = (c: SeoCategory): string[] => {
      const names: string[] = [];
      let node: SeoCategory | undefined = c;
      while (node) {
        names.unshift(nameOf(node));
        node = node.parentId ? cats.get(node.parentId) : undefined;
      }
      return names;
    };
    const inserts: (typeof seoUrlTable.$inferInsert)[] = [];
    const canonical: { foreignKey: string; path: string }[] = [];
    for (const c of cats.values()) {
      const base = categorySeoPath(segments(c));
      if (!base) continue;
      const stem = base.slice(0, -1);
      const suffixed = new RegExp(`^${escapeRegExp(stem)}-\\d+/$`);
      const fits = (path: string) => path === base || suffixed.test(path);
      const mine = current.get(c.id) ?? [];
      const now = canonicalNow.get(c.id);
      let path = now !== undefined && fits(now) ? now : mine.find(fits);
      if (!path) {
        path = base;
        for (let n = 2; taken.has(path) && taken.get(path) !== c.id; n++) path = `${stem}-${n}/`;
        taken.set(path, c.id);
      }
      if (path === now) continue;
      canonical.push({ foreignKey: c.id, path });
      if (!mine.includes(path)) {
        inserts.push({
          id: stableId('seo-url', `${salesChannelId}:${lang}:${path}`),
          salesChannelId,
          languageId: lang,
          foreignKey: c.id,
          routeName: 'frontend.navigation.page',
          pathInfo: `/navigation/${c.id}`,
          seoPathInfo: path,
          isCanonical: true,
        });
      }
    }
    for (const batch of chunks(inserts, 1000)) {
      await db
        .insert(seoUrlTable)
        .values(batch)
        .onConflictDoUpdate({
          target: seoUrlTable.id,
          set: excludedSet(seoUrlTable, ['foreignKey', 'routeName', 'pathInfo', 'isCanonical']),
        });
    }
    for (const batch of chunks(canonical, 1000)) {
      const keys = batch.map((b) => b.foreignKey);
      const paths = batch.map((b) => b.path);
      await db.execute(sql`
        UPDATE seo_url s SET is_canonical = (s.seo_path_info = x.path), is_deleted = false, updated_at = now()
          FROM unnest(${sql.param(keys)}::text[], ${sql.param(paths)}::text[]) AS x(fk, path)
         WHERE s.sales_channel_id = ${salesChannelId} AND s.language_id = ${lang} AND s.foreign_key = x.fk
           AND s.is_canonical IS DISTINCT FROM (s.seo_path_info = x.path)`);
    }
    written += canonical.length;
  }
  return written;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
