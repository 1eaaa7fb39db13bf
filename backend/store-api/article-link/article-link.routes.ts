/**
 * Article link endpoints of the provider API (contract/provider/article-link.ts, docs/decisions/017):
 * - `GET /store-api/{provider}/article-links`: one page of the company's links (term, sort, order, page, limit);
 * - `POST …/article-links`: creates a link (`productId` supplier article number, `customerSku`);
 * - `POST …/article-links/info`: customer numbers of supplier article numbers and the other way round;
 * - `GET …/article-links/export`: every link of the company as a CSV file
 *   (backend/commerce/article-links/article-link-csv.ts);
 * - `POST …/article-links/import`: a CSV file (`text/csv`, at most 2 MiB, limited while it streams in) → a report;
 * - `PUT …/article-links/{id}`, `DELETE …/article-links/{id}` (204).
 *
 * Every endpoint needs a logged-in customer holding ROLE_MANAGE_ARTICLE_LINKS; a link of another company answers
 * 404 `{PROVIDER}__ARTICLE_LINK_NOT_FOUND` exactly like an unknown one. Every answer is per company:
 * `cache-control: private, no-store`.
 */
import type { Context, Hono } from 'hono';
import { ARTICLE_LINK_IMPORT_MAX_BYTES } from '../../../contract/provider/article-link.ts';
import { shopToday } from '../../../contract/order.ts';
import { requireCustomer, requireRight, type AuthenticatedCustomer } from '../../auth/guards.ts';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { storeApiBodyLimit } from '../../http/body-limit.ts';
import { providerRoute } from '../../http/provider-route.ts';
import type { StoreApiEnv } from '../context.ts';
import { exportLinksCsv, importLinks } from '../../commerce/article-links/article-link-csv.ts';
import {
  createLink,
  deleteLink,
  linkInfo,
  listLinks,
  updateLink,
  type ArticleLinkView,
} from '../../commerce/article-links/article-link.service.ts';

export interface ArticleLinkDeps {
  db: Db;
  config: BackendConfig;
}

/** Registers the article link endpoints (see the module comment). */
export function registerArticleLinkRoutes(app: Hono<StoreApiEnv>, deps: ArticleLinkDeps): void {
  const { db, config } = deps;

  /** The logged-in caller holding ROLE_MANAGE_ARTICLE_LINKS; the answer is marked private. */
  async function caller(c: Context<StoreApiEnv>): Promise<AuthenticatedCustomer> {
    c.header('cache-control', 'private, no-store');
    const me = await requireCustomer(c, db);
    requireRight(me, 'ROLE_MANAGE_ARTICLE_LINKS', config.provider);
    return me;
  }

  /** The caller's language and the media base URL. */
  function view(c: Context<StoreApiEnv>): ArticleLinkView {
    return { locale: c.get('context').language.localeCode, mediaBaseUrl: config.mediaBaseUrl };
  }

  providerRoute(app, config.provider, 'listArticleLinks', async (c) => {
    const me = await caller(c);
    return listLinks(db, me, c.req.valid('query'), view(c));
  });

  providerRoute(app, config.provider, 'createArticleLink', async (c) => {
    const me = await caller(c);
    return createLink(db, me, config.provider, c.req.valid('json'), view(c));
  });

  providerRoute(app, config.provider, 'articleLinkInfo', async (c) => {
    const me = await caller(c);
    return linkInfo(db, me, c.req.valid('json'));
  });

  providerRoute(app, config.provider, 'exportArticleLinks', async (c) => {
    const me = await caller(c);
    const csv = await exportLinksCsv(db, me);
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="article-links-${shopToday()}.csv"`);
    return c.body(csv);
  });

  providerRoute(
    app,
    config.provider,
    'importArticleLinks',
    async (c) => {
      const me = await caller(c);
      const text = new TextDecoder('utf-8').decode(await c.req.arrayBuffer());
      return importLinks(db, me, text);
    },
    { middleware: [storeApiBodyLimit(ARTICLE_LINK_IMPORT_MAX_BYTES)] },
  );

  providerRoute(app, config.provider, 'updateArticleLink', async (c) => {
    const me = await caller(c);
    return updateLink(db, me, config.provider, c.req.valid('param').id, c.req.valid('json'), view(c));
  });

  providerRoute(app, config.provider, 'deleteArticleLink', async (c) => {
    const me = await caller(c);
    await deleteLink(db, me, config.provider, c.req.valid('param').id);
    return null;
  });
}
