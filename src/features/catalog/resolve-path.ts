/**
 * Resolves a storefront path the way Shopware's storefront does (`seo-url` entity, `isCanonical`): the SEO URL of a
 * category, product or landing page; technical paths (`/navigation/{id}`, `/detail/{id}`, `/landingPage/{id}`) and
 * non-canonical SEO paths answer with a 301 to the canonical SEO path.
 *
 * Store API calls: POST /store-api/seo-url with criteria filters on `seoPathInfo`, or on `foreignKey` + `routeName`
 * + `isCanonical` to find the canonical path of an entity.
 */
import type { StoreApiClient } from '../../lib/store-api/client.ts';
import type { SeoUrl } from '../../lib/store-api/types.ts';

export type ResolvedPath =
  | { kind: 'category'; id: string }
  | { kind: 'product'; id: string }
  | { kind: 'landing'; id: string }
  | { kind: 'redirect'; seoPathInfo: string }
  | { kind: 'not-found' };

/** Shopware route names by technical path segment. */
export const ROUTES = {
  navigation: 'frontend.navigation.page',
  detail: 'frontend.detail.page',
  landingPage: 'frontend.landing.page',
} as const;

const KIND_BY_ROUTE: Record<string, 'category' | 'product' | 'landing'> = {
  [ROUTES.navigation]: 'category',
  [ROUTES.detail]: 'product',
  [ROUTES.landingPage]: 'landing',
};

const TECHNICAL = /^\/(navigation|detail|landingPage)\/([0-9a-f]{32})\/?$/;

/** Finds the canonical SEO URL of an entity in the client's language, or null. */
export async function canonicalSeoUrl(
  client: StoreApiClient,
  foreignKey: string,
  routeName: string,
): Promise<SeoUrl | null> {
  const result = await client.invoke('readSeoUrl post /seo-url', {
    body: {
      limit: 1,
      filter: [
        { type: 'equals', field: 'foreignKey', value: foreignKey },
        { type: 'equals', field: 'routeName', value: routeName },
        { type: 'equals', field: 'isCanonical', value: true },
      ],
    },
  });
  return result.elements?.[0] ?? null;
}

async function bySeoPath(client: StoreApiClient, seoPathInfo: string): Promise<SeoUrl | null> {
  const result = await client.invoke('readSeoUrl post /seo-url', {
    body: { limit: 1, filter: [{ type: 'equals', field: 'seoPathInfo', value: seoPathInfo }] },
  });
  return result.elements?.[0] ?? null;
}

/**
 * Resolves `path` (below the domain prefix, starting with '/', already URI-decoded per segment by the caller is not
 * required: it is decoded here).
 *
 * @throws StoreApiClientError when the Store API fails with anything other than 404.
 */
export async function resolvePath(client: StoreApiClient, path: string): Promise<ResolvedPath> {
  const technical = TECHNICAL.exec(path);
  if (technical) {
    const [, segment, id] = technical as unknown as [string, keyof typeof ROUTES, string];
    const canonical = await canonicalSeoUrl(client, id, ROUTES[segment]).catch(() => null);
    if (canonical) return { kind: 'redirect', seoPathInfo: canonical.seoPathInfo };
    return { kind: KIND_BY_ROUTE[ROUTES[segment]]!, id };
  }
  let seoPath: string;
  try {
    seoPath = decodeURIComponent(path.replace(/^\/+/, ''));
  } catch {
    return { kind: 'not-found' };
  }
  if (!seoPath) return { kind: 'not-found' };
  // Category paths end with '/', product paths do not; accept either form and redirect to the stored one.
  const alternative = seoPath.endsWith('/') ? seoPath.replace(/\/+$/, '') : `${seoPath}/`;
  const found = (await bySeoPath(client, seoPath)) ?? (alternative ? await bySeoPath(client, alternative) : null);
  if (!found) return { kind: 'not-found' };
  const kind = KIND_BY_ROUTE[found.routeName];
  if (!kind) return { kind: 'not-found' };
  if (found.isCanonical === false || found.seoPathInfo !== seoPath) {
    const canonical =
      found.isCanonical === false ? await canonicalSeoUrl(client, found.foreignKey, found.routeName) : found;
    if (canonical && canonical.seoPathInfo !== seoPath) return { kind: 'redirect', seoPathInfo: canonical.seoPathInfo };
  }
  return { kind, id: found.foreignKey };
}
