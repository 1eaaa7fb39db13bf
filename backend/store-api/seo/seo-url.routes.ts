/**
 * `GET|POST /store-api/seo-url` (Shopware SeoUrlRoute) with path resolution (docs/decisions/004-seo-urls.md):
 *
 * Criteria filters (`equals`/`equalsAny`, combined with AND) on `seoPathInfo`, `foreignKey`, `routeName`,
 * `isCanonical`, `pathInfo`; the context language selects the paths. A `seoPathInfo` filter resolves a path the way
 * the storefront's catch-all route needs it, and every element carries `extensions.canonical.seoPathInfo`, the path
 * to redirect to when it differs from the requested one:
 * 1. technical paths `/navigation/{id}`, `/detail/{id}`, `/landingPage/{id}` (leading slash optional);
 * 2. stored category and landing-page paths (`seo_url`), in the context language, then in any language (a path of
 *    another language resolves, not canonical);
 * 3. product paths: the last segment is a productNumber (URI-decoded); the canonical path is
 *    `productCanonicalPath` (backend/lib/slug.ts) in the context language, so renamed products keep working.
 * An unknown path answers an empty result (`total: 0`), as Shopware does.
 */
import { queryPrepared } from '../../db/client.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import { isId } from '../../lib/ids.ts';
import { productCanonicalPath } from '../../lib/slug.ts';
import type { StoreApiEnv } from '../context.ts';
import { pagination } from '../criteria.ts';
import { requestCriteria, viewContext, type CatalogDeps, type ViewContext } from '../deps.ts';
import { searchResult, seoUrl, technicalPath, type SeoRouteName } from '../../http/entities.ts';
import { applyIncludes } from '../includes.ts';
import { textArray } from '../../db/sql-params.ts';
import type { StoreResolvedSeoUrl } from '../../http/shopware-schemas.ts';
import { seoFilters } from './seo-filters.ts';
import { storedCanonicalSeoUrls, storedSeoUrlByPath } from './stored-seo-urls.ts';

interface Resolved {
  foreignKey: string;
  routeName: SeoRouteName;
  /** The path as requested (or stored). */
  seoPathInfo: string;
  canonical: string;
  id?: string;
}

/** Routes whose paths are stored in `seo_url`; product paths are derived from name and number. */
const STORED_ROUTES: ReadonlySet<string> = new Set<SeoRouteName>(['frontend.navigation.page', 'frontend.landing.page']);

function rows<T>(deps: CatalogDeps, statement: SQL): Promise<T[]> {
  return queryPrepared<T>(deps.db, statement);
}

export function registerSeoRoutes(app: Hono<StoreApiEnv>, deps: CatalogDeps): void {
  /** Canonical product paths (active products) in the context language. */
  async function productCanonical(
    view: ViewContext,
    where: SQL,
  ): Promise<{ id: string; productNumber: string; path: string }[]> {
    const list = await rows<{
      id: string;
      product_number: string;
      translated: Record<string, { name?: string }>;
      parent_translated: Record<string, { name?: string }> | null;
    }>(
      deps,
      sql`
      SELECT p.id, p.product_number, p.translated, parent.translated AS parent_translated
        FROM product p LEFT JOIN product parent ON parent.id = p.parent_id
       WHERE p.active AND ${where} LIMIT 100`,
    );
    return list.map((r) => ({
      id: r.id,
      productNumber: r.product_number,
      path: productCanonicalPath(
        { productNumber: r.product_number, translated: r.translated },
        r.parent_translated,
        view.locale,
      ),
    }));
  }

  async function resolvePath(view: ViewContext, raw: string): Promise<Resolved | null> {
    const path = raw.replace(/^\/+/, '');
    const technical = /^(navigation|detail|landingPage)\/([0-9a-f]{32})\/?$/.exec(path);
    if (technical) {
      const id = technical[2]!;
      const routeName: SeoRouteName =
        technical[1] === 'navigation'
          ? 'frontend.navigation.page'
          : technical[1] === 'detail'
            ? 'frontend.detail.page'
            : 'frontend.landing.page';
      if (routeName === 'frontend.detail.page') {
        const [p] = await productCanonical(view, sql`p.id = ${id}`);
        return p ? { foreignKey: id, routeName, seoPathInfo: path, canonical: p.path } : null;
      }
      if (routeName === 'frontend.navigation.page') {
        const index = await deps.cache.categories();
        const cat = index.byId.get(id);
        if (!cat?.active) return null;
      }
      const stored = (await storedCanonicalSeoUrls(deps, view, [id])).get(id);
      return {
        foreignKey: id,
        routeName,
        seoPathInfo: path,
        canonical: stored?.seoPathInfo ?? technicalPath(routeName, id).slice(1),
      };
    }
    const candidates = [...new Set([path, path.endsWith('/') ? path.slice(0, -1) : `${path}/`])];
    const hit = await storedSeoUrlByPath(deps, view, candidates);
    if (hit) {
      const canonical = (await storedCanonicalSeoUrls(deps, view, [hit.foreignKey])).get(hit.foreignKey);
      return {
        foreignKey: hit.foreignKey,
        routeName: hit.routeName,
        seoPathInfo: hit.seoPathInfo,
        canonical: canonical?.seoPathInfo ?? hit.seoPathInfo,
        id: hit.id,
      };
    }
    const last = path.replace(/\/+$/, '').split('/').pop() ?? '';
    let productNumber: string;
    try {
      productNumber = decodeURIComponent(last);
    } catch {
      return null;
    }
    if (!productNumber) return null;
    const [p] = await productCanonical(view, sql`p.product_number = ${productNumber}`);
    return p
      ? {
          foreignKey: p.id,
          routeName: 'frontend.detail.page',
          seoPathInfo: path.replace(/\/+$/, ''),
          canonical: p.path,
        }
      : null;
  }

  function element(view: ViewContext, r: Resolved): StoreResolvedSeoUrl {
    return {
      ...seoUrl({
        ...(r.id ? { id: r.id } : {}),
        salesChannelId: view.salesChannelId,
        languageId: view.languageId,
        foreignKey: r.foreignKey,
        routeName: r.routeName,
        seoPathInfo: r.seoPathInfo,
        isCanonical: r.seoPathInfo === r.canonical,
      }),
      extensions: {
        canonical: {
          seoPathInfo: r.canonical,
          pathInfo: technicalPath(r.routeName, r.foreignKey),
          apiAlias: 'seo_url_canonical',
        },
      },
    };
  }

  app.on(['GET', 'POST'], '/store-api/seo-url', async (c) => {
    const criteria = await requestCriteria(c);
    const view = await viewContext(c.get('context'), deps);
    const f = seoFilters(criteria.filter);
    const { page, limit, offset } = pagination(criteria, 100);
    let resolved: Resolved[] = [];
    if (f.seoPathInfo) {
      for (const p of f.seoPathInfo.slice(0, 50)) {
        const r = await resolvePath(view, p);
        if (r) resolved.push(r);
      }
    } else if (f.foreignKey || f.pathInfo) {
      const keys = [...(f.foreignKey ?? []), ...(f.pathInfo ?? []).map((p) => p.split('/').pop() ?? '')].filter(isId);
      // Only categories and landing pages have stored paths (docs/decisions/004-seo-urls.md): a request for product
      // paths alone (the storefront's language switcher on a product page) has none to read.
      const wantsStored = !f.routeName || f.routeName.some((route) => STORED_ROUTES.has(route));
      const stored = wantsStored ? await storedCanonicalSeoUrls(deps, view, keys) : new Map<string, never>();
      for (const s of stored.values())
        resolved.push({
          foreignKey: s.foreignKey,
          routeName: s.routeName,
          seoPathInfo: s.seoPathInfo,
          canonical: s.seoPathInfo,
          id: s.id,
        });
      const rest = keys.filter((k) => !stored.has(k));
      for (const p of rest.length ? await productCanonical(view, sql`p.id = ANY(${textArray(rest)})`) : []) {
        resolved.push({ foreignKey: p.id, routeName: 'frontend.detail.page', seoPathInfo: p.path, canonical: p.path });
      }
    } else {
      const list = await rows<{
        id: string;
        foreign_key: string;
        route_name: SeoRouteName;
        seo_path_info: string;
        is_canonical: boolean;
      }>(
        deps,
        sql`
        SELECT id, foreign_key, route_name, seo_path_info, is_canonical FROM seo_url
         WHERE sales_channel_id = ${view.salesChannelId} AND language_id = ${view.languageId} AND NOT is_deleted
           ${f.routeName ? sql`AND route_name = ANY(${textArray(f.routeName)})` : sql``}
         ORDER BY seo_path_info LIMIT ${limit} OFFSET ${offset}`,
      );
      resolved = list.map((r) => ({
        foreignKey: r.foreign_key,
        routeName: r.route_name,
        seoPathInfo: r.seo_path_info,
        canonical: r.is_canonical ? r.seo_path_info : '',
        id: r.id,
      }));
    }
    let elements = resolved.map((r) => element(view, r));
    if (f.routeName) elements = elements.filter((e) => f.routeName!.includes(e.routeName as string));
    if (f.isCanonical !== undefined) elements = elements.filter((e) => e.isCanonical === f.isCanonical);
    return c.json(applyIncludes(searchResult('seo_url', elements, elements.length, page, limit), criteria.includes));
  });
}
