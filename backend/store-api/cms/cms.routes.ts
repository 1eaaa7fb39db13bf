/**
 * CMS endpoints of the Store API:
 * - Shopware's LandingPageRoute, `GET|POST /store-api/landing-page/{landingPageId}`: the landing page with its
 *   `cmsPage` (sections → blocks → slots, ../cms-page.ts) in the context language (fallback en-GB → de-DE). Content
 *   pages such as terms (`/agb`) and privacy (`/datenschutz`) are landing pages whose SEO URLs the `seo-url` route
 *   resolves.
 * - Shopware's CmsRoute, `GET|POST /store-api/cms/{id}`: a layout by id, the content pages' and the default listing
 *   and product page layouts that categories and products carry as `cmsPageId`. Read on their own, without a
 *   category or product, the built-in layouts' slots hold no data (the category and product routes answer them
 *   resolved).
 *
 * @throws StoreApiError 404 `CONTENT__LANDING_PAGE_NOT_FOUND` / `CONTENT__CMS_PAGE_NOT_FOUND` for an unknown id (the
 *   footer's content is no page of its own).
 */
import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { cmsPageTable } from '../../db/schema/index.ts';
import { isId } from '../../lib/ids.ts';
import type { StoreApiEnv } from '../context.ts';
import type { CatalogDeps } from '../deps.ts';
import { StoreApiError } from '../../http/errors.ts';
import { translateFields } from '../../lib/translate.ts';
import type { StoreCmsPage } from '../../http/shopware-schemas.ts';
import { builtInLayout, cmsPage, type StoredCmsSection } from '../cms-page.ts';
import { SHOPWARE_ERROR_CODES } from '../../../contract/error-codes.ts';

interface CmsTranslation {
  name?: string;
  metaTitle?: string;
  metaDescription?: string;
  sections?: StoredCmsSection[];
}

/** A stored content page in the context language, or null when there is none with that id. */
async function contentPage(
  deps: Pick<CatalogDeps, 'db'>,
  id: string,
  locale: string,
): Promise<{ key: string | null; translated: CmsTranslation; page: StoreCmsPage } | null> {
  if (!isId(id)) return null;
  const [row] = await deps.db.select().from(cmsPageTable).where(eq(cmsPageTable.id, id)).limit(1);
  if (!row || row.type === 'footer') return null;
  const t = translateFields(row.translated as Record<string, CmsTranslation>, locale);
  return {
    key: row.key,
    translated: t,
    page: cmsPage({ id: row.id, type: row.type, name: t.name ?? '', sections: t.sections ?? [] }),
  };
}

export function registerCmsRoutes(app: Hono<StoreApiEnv>, deps: Pick<CatalogDeps, 'db'>): void {
  const landingPage = async (c: Context<StoreApiEnv>) => {
    const id = c.req.param('landingPageId') ?? '';
    const found = await contentPage(deps, id, c.get('context').language.localeCode);
    if (!found) {
      throw new StoreApiError(
        404,
        SHOPWARE_ERROR_CODES.CONTENT__LANDING_PAGE_NOT_FOUND,
        `Landing page "${id}" not found.`,
        {
          parameters: { landingPageId: id },
        },
      );
    }
    const translated = {
      name: found.page.name,
      metaTitle: found.translated.metaTitle ?? null,
      metaDescription: found.translated.metaDescription ?? null,
    };
    return c.json({
      id: found.page.id,
      active: true,
      ...translated,
      url: found.key,
      translated,
      cmsPageId: found.page.id,
      cmsPage: found.page,
      apiAlias: 'landing_page',
    });
  };
  app.on(['GET', 'POST'], '/store-api/landing-page/:landingPageId', landingPage);

  app.on(['GET', 'POST'], '/store-api/cms/:id', async (c) => {
    const id = c.req.param('id');
    const builtIn = builtInLayout(id);
    if (builtIn) return c.json(builtIn);
    const found = await contentPage(deps, id, c.get('context').language.localeCode);
    if (!found) {
      throw new StoreApiError(
        404,
        SHOPWARE_ERROR_CODES.CONTENT__CMS_PAGE_NOT_FOUND,
        `Page with id "${id}" was not found.`,
        {
          parameters: { pageId: id },
        },
      );
    }
    return c.json(found.page);
  });
}
