/**
 * Same-origin Store API proxy for islands and the account SPA; see src/lib/store-api/proxy.ts.
 */
import type { APIRoute } from 'astro';
import { proxyStoreApi } from '../../lib/store-api/proxy.ts';

export const ALL: APIRoute = ({ params, request, url, cookies, locals, clientAddress }) =>
  proxyStoreApi({
    path: params.path ?? '',
    request,
    url,
    cookies,
    languageId: locals.domain.languageId,
    publicUrl: locals.domain.url,
    clientAddress,
  });
