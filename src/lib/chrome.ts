/**
 * Data of the shared chrome: service, main and countries navigation at depths 2, 3 and 4 for the header, the
 * footer navigation at depth 1. A failing navigation call leaves that navigation empty: the chrome never fails
 * a page.
 */
import { toNavItems, type NavItem } from './navigation.ts';
import type { StorefrontDomain } from './domain.ts';
import type { StoreApiClient } from './store-api/client.ts';

export interface Chrome {
  main: NavItem[];
  service: NavItem[];
  countries: NavItem[];
  footer: NavItem[];
}

/** Navigation roots of Shopware's `navigation/{activeId}/{rootId}` with their depths. */
export const NAVIGATION_DEPTHS = {
  'main-navigation': 3,
  'service-navigation': 2,
  'countries-navigation': 4,
  'footer-navigation': 1,
} as const;

/**
 * The fields of the navigation trees the chrome reads (Shopware's `includes` criteria): what `toNavItems` and
 * `categoryHref` (navigation.ts) use. The main navigation at depth 3 is about a third of its full size with them.
 */
export const NAVIGATION_INCLUDES = {
  category: [
    'id',
    'name',
    'translated',
    'type',
    'linkType',
    'externalLink',
    'internalLink',
    'linkNewTab',
    'seoUrls',
    'visible',
    'active',
    'children',
  ],
  seo_url: ['seoPathInfo', 'languageId', 'isCanonical'],
};

async function loadNavigation(
  client: StoreApiClient,
  root: keyof typeof NAVIGATION_DEPTHS,
  domain: StorefrontDomain,
): Promise<NavItem[]> {
  try {
    const tree = await client.invoke('readNavigation post /navigation/{activeId}/{rootId}', {
      pathParams: { activeId: root, rootId: root },
      // Shopware's route reads `buildTree` as a boolean; its OpenAPI document declares an array.
      body: { depth: NAVIGATION_DEPTHS[root], buildTree: true as unknown as [], includes: NAVIGATION_INCLUDES },
    });
    return toNavItems(Array.isArray(tree) ? tree : [], domain);
  } catch (error) {
    console.error(`[storefront] ${root} could not be loaded`, error instanceof Error ? error.message : error);
    return [];
  }
}

/** Loads the four navigations in parallel. */
export async function loadChrome(client: StoreApiClient, domain: StorefrontDomain): Promise<Chrome> {
  const [main, service, countries, footer] = await Promise.all([
    loadNavigation(client, 'main-navigation', domain),
    loadNavigation(client, 'service-navigation', domain),
    loadNavigation(client, 'countries-navigation', domain),
    loadNavigation(client, 'footer-navigation', domain),
  ]);
  return { main, service, countries, footer };
}
