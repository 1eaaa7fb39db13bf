/**
 * Data of the shared chrome: service, main and countries navigation at depths 2, 3 and 4 for the header, the
 * footer navigation at depth 1. A failing navigation call leaves that navigation empty: the chrome never fails
 * a page.
 *
 * The chrome is the same on every page of a domain, so a process keeps one per domain for the Store API versions it
 * knows (version-memo.ts): a page that misses the page cache does not load and parse the four trees again (the main
 * navigation alone is about 40 KB of JSON with the demo catalogue).
 */
import { createVersionMemo } from './version-memo.ts';
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

/** A navigation tree, or null when its call failed (logged). */
async function loadNavigation(
  client: StoreApiClient,
  root: keyof typeof NAVIGATION_DEPTHS,
  domain: StorefrontDomain,
): Promise<NavItem[] | null> {
  try {
    const tree = await client.invoke('readNavigation post /navigation/{activeId}/{rootId}', {
      pathParams: { activeId: root, rootId: root },
      // Shopware's route reads `buildTree` as a boolean; its OpenAPI document declares an array.
      body: { depth: NAVIGATION_DEPTHS[root], buildTree: true as unknown as [], includes: NAVIGATION_INCLUDES },
    });
    return toNavItems(Array.isArray(tree) ? tree : [], domain);
  } catch (error) {
    console.error(`[storefront] ${root} could not be loaded`, error instanceof Error ? error.message : error);
    return null;
  }
}

/** Per domain (`id url`): the chrome of the versions known when it was loaded (version-memo.ts). */
const kept = createVersionMemo<Chrome>({ maxEntries: 64 });

/** Forgets the kept chromes (tests). */
export function clearChromeCache(): void {
  kept.clear();
}

/** Loads the four navigations in parallel; resolves to the chrome and whether every call succeeded. */
async function loadFresh(
  client: StoreApiClient,
  domain: StorefrontDomain,
): Promise<{ chrome: Chrome; complete: boolean }> {
  const trees = await Promise.all(
    (['main-navigation', 'service-navigation', 'countries-navigation', 'footer-navigation'] as const).map((root) =>
      loadNavigation(client, root, domain),
    ),
  );
  const [main, service, countries, footer] = trees.map((tree) => tree ?? []) as [
    NavItem[],
    NavItem[],
    NavItem[],
    NavItem[],
  ];
  return { chrome: { main, service, countries, footer }, complete: trees.every((tree) => tree !== null) };
}

/**
 * The chrome of `domain`: the one kept for the known versions (see the module comment), else loaded with `client`
 * (one load per domain at a time; later pages wait for it). A load with a failed navigation, or answered by a Store
 * API process behind the known catalogue version, serves its page but is not kept.
 */
export function loadChrome(client: StoreApiClient, domain: StorefrontDomain): Promise<Chrome> {
  return kept.get(`${domain.id} ${domain.url}`, async () => {
    const { chrome, complete } = await loadFresh(client, domain);
    return { value: chrome, complete, answeredCatalog: client.answeredCacheVersions.catalog };
  });
}
