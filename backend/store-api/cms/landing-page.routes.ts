/**
 * Shopware's LandingPageRoute: `POST /store-api/landing-page/{landingPageId}` returns the landing page with its
 * `cmsPage` (sections → blocks → slots) in the context language (fallback en-GB → de-DE). Content pages such as
 * terms (`/agb`) and privacy (`/datenschutz`) are landing pages whose SEO URLs the `seo-url` route resolves.
 *
 * @throws StoreApiError 404 `CONTENT__LANDING_PAGE_NOT_FOUND` for an unknown id.
 */
import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { cmsPageTable } from '../../db/schema/index.ts';
import { isId } from '../../lib/ids.ts';
import type { StoreApiEnv } from '../context.ts';
import type { CatalogDeps } from '../deps.ts';
import { StoreApiError } from '../../http/errors.ts';
import { translateFields } from '../../lib/translate.ts';

interface CmsTranslation {
  name?: string;
  metaTitle?: string;
  metaDescription?: string;
  sections?: unknown[];
}

export function registerLandingPageRoutes(app: Hono<StoreApiEnv>, deps: Pick<CatalogDeps, 'db'>): void {
  const handler = async (c: Context<StoreApiEnv>) => {
    const id = c.req.param('landingPageId') ?? '';
    const notFound = new StoreApiError(404, 'CONTENT__LANDING_PAGE_NOT_FOUND', `Landing page "${id}" not found.`, {
      parameters: { landingPageId: id },
    });
    if (!isId(id)) throw notFound;
    const [row] = await deps.db.select().from(cmsPageTable).where(eq(cmsPageTable.id, id)).limit(1);
    if (!row || row.type === 'footer') throw notFound;
    const locale = c.get('context').language.localeCode;
    const t = translateFields(row.translated as Record<string, CmsTranslation>, locale);
    const translated = {
      name: t.name ?? '',
      metaTitle: t.metaTitle ?? null,
      metaDescription: t.metaDescription ?? null,
    };
    return c.json({
      id: row.id,
      active: true,
      name: translated.name,
      metaTitle: translated.metaTitle,
      metaDescription: translated.metaDescription,
      url: row.key,
      translated,
      cmsPageId: row.id,
      cmsPage: {
        id: row.id,
        type: row.type,
        name: translated.name,
        translated: { name: translated.name },
        sections: t.sections ?? [],
        apiAlias: 'cms_page',
      },
      apiAlias: 'landing_page',
    });
  };
  app.post('/store-api/landing-page/:landingPageId', handler);
  app.get('/store-api/landing-page/:landingPageId', handler);
}
