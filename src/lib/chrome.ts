/**
 * Data of the shared chrome: service, main and countries navigation at depths 2, 3 and 4 for the header, the
 * footer navigation at depth 1. A failing navigation call leaves that navigation empty: the chrome never fails
 * a page.
 *
 * The chrome is the same on every page of a domain, so a process keeps one per domain for the catalogue and channel
 * versions it knows (cache-version.ts): a page that misses the page cache does not load and parse the four trees again
 * (the main navigation alone is about 40 KB of JSON with the demo catalogue). A newer version makes the next page load
 * them again; a Store API without versions (both 0) keeps them CHROME_TTL_MS, as long as the sales-channel settings.
 */
import { knownCacheVersions } from './cache-version.ts';
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

/** How long a chrome is kept when the Store API reports no cache versions (ms). */
export const CHROME_TTL_MS = 60_000;

interface KeptChrome {
  catalog: number;
  channel: number;
  at: number;
  chrome: Promise<Chrome>;
}

/** Per domain (`id url`): the chrome of the versions known when it was loaded, or its load in flight. */
const kept = new Map<string, KeptChrome>();

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
  const key = `${domain.id} ${domain.url}`;
  const { catalog, channel } = knownCacheVersions();
  const now = Date.now();
  const entry = kept.get(key);
  if (
    entry &&
    entry.catalog === catalog &&
    entry.channel === channel &&
    (catalog > 0 || channel > 0 || now - entry.at <= CHROME_TTL_MS)
  )
    return entry.chrome;
  if (entry && (entry.catalog !== catalog || entry.channel !== channel)) kept.clear();
  const started: KeptChrome = {
    catalog,
    channel,
    at: now,
    chrome: loadFresh(client, domain).then(({ chrome, complete }) => {
      const answered = client.answeredCacheVersions.catalog;
      if (!complete || (answered !== undefined && answered < catalog)) {
        if (kept.get(key) === started) kept.delete(key);
      }
      return chrome;
    }),
  };
  kept.set(key, started);
  return started.chrome;
}
