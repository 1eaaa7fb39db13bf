/**
 * Shopware's SitemapRoute and its file download:
 * - `GET /store-api/sitemap`: the sitemap files (`[{ filename, created }]`) of the sales channel's domains in the
 *   context language; `filename` is `sitemap/salesChannel-{salesChannelId}-{languageId}/{domainId}-sitemap-{n}.xml.gz`
 *   (Shopware's folder naming), `created` the time of the answer (the files are generated when asked for);
 * - `GET /store-api/sitemap/{filePath}`: such a file, `filePath` being the filename below `sitemap/` or only its
 *   last segment (channel and language then those of the context); gzip-compressed (`application/gzip`) for
 *   `.xml.gz`, plain (`application/xml`) for `.xml`; the domain must belong to the channel and speak the language.
 * Contents and limits: ./sitemap.ts.
 *
 * @throws StoreApiError 404 `CONTENT__SITEMAP_UNKNOWN_FILE` (Shopware's code) for a file that does not exist.
 */
import { gzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import type { StoreApiEnv, StoreContext } from '../context.ts';
import type { CatalogDeps } from '../deps.ts';
import { StoreApiError } from '../../http/errors.ts';
import { sitemapFile, sitemapFileCount, type SitemapDomain } from './sitemap.ts';
import { SHOPWARE_ERROR_CODES } from '../../../contract/error-codes.ts';

/** `[salesChannel-{channelId}-{languageId}/]{domainId}-sitemap-{n}.xml[.gz]` below `/store-api/sitemap/`. */
const FILE = /^(?:salesChannel-([0-9a-f]{32})-([0-9a-f]{32})\/)?([0-9a-f]{32})-sitemap-([1-9]\d{0,5})\.xml(\.gz)?$/;

/** The channel's domains in `languageId`, with the language's locale. */
function domainsOf(ctx: StoreContext, languageId: string): SitemapDomain[] {
  const locale = ctx.languages.find((l) => l.id === languageId)?.localeCode;
  if (!locale) return [];
  return ctx.salesChannel.domains
    .filter((d) => d.languageId === languageId)
    .map((d) => ({ id: d.id, url: d.url.replace(/\/+$/, ''), languageId, locale }));
}

export function registerSitemapRoutes(app: Hono<StoreApiEnv>, deps: Pick<CatalogDeps, 'db' | 'cache'>): void {
  app.get('/store-api/sitemap', async (c) => {
    const ctx = c.get('context');
    const channelId = ctx.salesChannel.id;
    const languageId = ctx.language.id;
    const created = new Date().toISOString();
    const files: { filename: string; created: string }[] = [];
    for (const domain of domainsOf(ctx, languageId)) {
      const count = await sitemapFileCount(deps.db, channelId, domain);
      for (let n = 1; n <= count; n++) {
        files.push({
          filename: `sitemap/salesChannel-${channelId}-${languageId}/${domain.id}-sitemap-${n}.xml.gz`,
          created,
        });
      }
    }
    return c.json(files);
  });

  app.get('/store-api/sitemap/:filePath{.+}', async (c) => {
    const filePath = c.req.param('filePath');
    const unknown = new StoreApiError(
      404,
      SHOPWARE_ERROR_CODES.CONTENT__SITEMAP_UNKNOWN_FILE,
      `Sitemap file ${filePath} not found.`,
      {
        parameters: { path: filePath },
      },
    );
    const match = FILE.exec(filePath);
    const ctx = c.get('context');
    if (!match || (match[1] ?? ctx.salesChannel.id) !== ctx.salesChannel.id) throw unknown;
    const domain = domainsOf(ctx, match[2] ?? ctx.language.id).find((d) => d.id === match[3]);
    if (!domain) throw unknown;
    const xml = await sitemapFile(deps.db, deps.cache, ctx.salesChannel.id, domain, Number(match[4]));
    if (xml === null) throw unknown;
    const gzip = match[5] !== undefined;
    return c.body(gzip ? gzipSync(xml) : xml, 200, {
      'content-type': gzip ? 'application/gzip' : 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    });
  });
}
