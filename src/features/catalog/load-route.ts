/**
 * Loads everything a catalogue URL needs (home, search, category listing, product detail, landing page) through the
 * Store API, starting independent calls together so a page waits for the slowest call, not for their sum. Used by
 * the catch-all route `src/pages/[...path].astro`, which serves every domain because each domain has its own path
 * prefix (`/en/search` and `/search` both reach it).
 */
import { loadChrome, type Chrome } from '../../lib/chrome.ts';
import { createVersionMemo } from '../../lib/version-memo.ts';
import { domainPath, type StorefrontDomain } from '../../lib/domain.ts';
import { createStoreApiClient, type StoreApiClient } from '../../lib/store-api/client.ts';
import { StoreApiClientError } from '../../lib/store-api/errors.ts';
import type {
  Category,
  CrossSellingElement,
  Product,
  ProductListingResult,
  PropertyGroup,
  SeoUrl,
} from '../../lib/store-api/types.ts';
import type { BreadcrumbEntry, NavItem } from '../../lib/navigation.ts';
import { listingCriteria, parseListingState, type ListingState } from './listing-params.ts';
import { canonicalSeoUrl, resolvePath, ROUTES } from './resolve-path.ts';
import { boundSearchTerm } from '../../../contract/search.ts';
import { SHOPWARE_ERROR_CODES } from '../../../contract/error-codes.ts';

export interface LandingPageData {
  id: string;
  title: string;
  html: string;
  metaTitle?: string | undefined;
  metaDescription?: string | undefined;
}

export type RouteData =
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found'; chrome: Chrome }
  | { kind: 'home'; chrome: Chrome }
  | {
      kind: 'search';
      chrome: Chrome;
      /** The term searched: the `query` parameter within the search term bounds (contract/search.ts). */
      query: string;
      /** Whether `query` is shorter than what the parameter held (the page says so). */
      shortened: boolean;
      state: ListingState;
      listing: ProductListingResult | null;
      /**
       * The search was stopped by the Store API's statement timeout (503 `FRAMEWORK__QUERY_TIMEOUT`, ADR 022): the
       * page answers 503 and asks the visitor to try again or search more narrowly.
       */
      busy: boolean;
    }
  | {
      kind: 'category';
      chrome: Chrome;
      category: Category;
      listing: ProductListingResult | null;
      state: ListingState;
      breadcrumb: BreadcrumbEntry[];
      subcategories: NavItem[];
      alternates: Map<string, string>;
    }
  | {
      kind: 'product';
      chrome: Chrome;
      product: Product;
      configurator: PropertyGroup[];
      siblings: Product[];
      crossSellings: CrossSellingElement[];
      breadcrumb: BreadcrumbEntry[];
      alternates: Map<string, string>;
    }
  | { kind: 'landing'; chrome: Chrome; page: LandingPageData; alternates: Map<string, string> };

export interface RouteLocals {
  domain: StorefrontDomain;
  domains: StorefrontDomain[];
  path: string;
  storeApi: StoreApiClient;
}

const isNotFound = (e: unknown) => e instanceof StoreApiClientError && (e.status === 404 || e.status === 400);

const SEARCH_BUSY = Symbol('search busy');
/** A search stopped by the Store API's statement timeout (503 `FRAMEWORK__QUERY_TIMEOUT`) as SEARCH_BUSY; else rethrows. */
function busyOrThrow(error: unknown): typeof SEARCH_BUSY {
  if (
    error instanceof StoreApiClientError &&
    error.errors.some((e) => e.code === SHOPWARE_ERROR_CODES.FRAMEWORK__QUERY_TIMEOUT)
  )
    return SEARCH_BUSY;
  throw error;
}

/**
 * Absolute href of the same entity on every other domain: the language switcher and the hreflang links keep the
 * visitor on it. A domain's path is the entity's canonical `seoUrls` entry of the domain's language when the entity
 * came with one (the association `seoUrls`, which lists every language), else one seo-url call per language.
 */
async function entityAlternates(
  locals: RouteLocals,
  foreignKey: string,
  routeName: string,
  technical: string,
  ownSeoPath: string,
  seoUrls: readonly Pick<SeoUrl, 'languageId' | 'seoPathInfo' | 'isCanonical'>[] = [],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const byLanguage = new Map<string, Promise<string | null>>();
  for (const seo of seoUrls)
    if (seo.isCanonical !== false && seo.languageId && !byLanguage.has(seo.languageId))
      byLanguage.set(seo.languageId, Promise.resolve(seo.seoPathInfo));
  await Promise.all(
    locals.domains.map(async (d) => {
      if (d.languageId === locals.domain.languageId) {
        out.set(d.id, `${d.url}/${ownSeoPath}`);
        return;
      }
      let lookup = byLanguage.get(d.languageId);
      if (!lookup) {
        const client = createStoreApiClient({ languageId: d.languageId });
        lookup = canonicalSeoUrl(client, foreignKey, routeName).then(
          (s) => s?.seoPathInfo ?? null,
          () => null,
        );
        byLanguage.set(d.languageId, lookup);
      }
      const seo = await lookup;
      out.set(d.id, `${d.url}/${seo ?? technical}`);
    }),
  );
  return out;
}

interface BreadcrumbResponse {
  breadcrumbs?: { name?: string; categoryId?: string; type?: string; path?: string; translated?: { name?: string } }[];
}

async function loadBreadcrumb(
  locals: RouteLocals,
  id: string,
  type: 'category' | 'product',
): Promise<BreadcrumbEntry[]> {
  try {
    const res: unknown = await locals.storeApi.invoke('readBreadcrumb get /breadcrumb/{id}', {
      pathParams: { id },
      query: { type },
    });
    // Shopware answers a BreadcrumbCollection (`{ breadcrumbs }`); a bare list is read the same way.
    const items = (Array.isArray(res) ? res : ((res as BreadcrumbResponse | null)?.breadcrumbs ?? [])) as NonNullable<
      BreadcrumbResponse['breadcrumbs']
    >;
    return items.map((b) => ({
      name: b.translated?.name ?? b.name ?? '',
      href: b.type === 'folder' || !b.path ? null : domainPath(locals.domain, b.path),
    }));
  } catch {
    return [];
  }
}

function findNav(items: NavItem[], id: string): NavItem | null {
  for (const item of items) {
    if (item.id === id) return item;
    const hit = findNav(item.children, id);
    if (hit) return hit;
  }
  return null;
}

/** Associations of the detail page (Shopware criteria); bench/run.ts sends the same. */
export const DETAIL_ASSOCIATIONS = {
  media: { sort: [{ field: 'position', order: 'ASC' as const }] },
  properties: { associations: { group: {} } },
  options: { associations: { group: {} } },
  manufacturer: {},
  categories: {},
  // Every language's canonical path, for the language switcher and the hreflang links (entityAlternates).
  seoUrls: {},
};

async function loadSiblings(client: StoreApiClient, product: Product): Promise<Product[]> {
  const embedded = ((product.extensions as Record<string, unknown> | undefined)?.variants ??
    (product as { children?: Product[] }).children) as Product[] | undefined;
  if (Array.isArray(embedded) && embedded.length) return embedded;
  const parentId = product.parentId ?? ((product.childCount ?? 0) > 0 ? product.id : null);
  if (!parentId) return [];
  try {
    const res = await client.invoke('readProduct post /product', {
      body: {
        limit: 100,
        filter: [{ type: 'equals', field: 'parentId', value: parentId }],
        associations: { options: { associations: { group: {} } } },
      },
    });
    return res.elements ?? [];
  } catch {
    return [];
  }
}

/**
 * The facets (`aggregations`) of category listings per domain language, category and filters, kept for the known
 * Store API versions (version-memo.ts): every page and sorting of a category shows the same facets, and the
 * largest demo category's are about half a megabyte of JSON (201 property groups with 2,461 options). The filters are
 * part of the key, as a Store API may count the options of a filtered listing differently.
 */
const categoryFacets = createVersionMemo<ProductListingResult['aggregations']>({ maxEntries: 16 });

/** Forgets the kept facets (tests). */
export function clearCategoryFacets(): void {
  categoryFacets.clear();
}

/**
 * A category's product listing for `state`; null for an unknown category. With its facets kept (`categoryFacets`)
 * the listing is asked for without aggregations (Shopware's `no-aggregations`) and given the kept ones; otherwise
 * the answer's aggregations are kept, unless a Store API process behind the known catalogue version answered.
 */
async function loadCategoryListing(
  locals: RouteLocals,
  categoryId: string,
  state: ListingState,
): Promise<ProductListingResult | null> {
  const client = locals.storeApi;
  const scope = [state.manufacturer.toSorted(), state.properties.toSorted(), state.available].join(' ');
  const key = `${locals.domain.languageId} ${categoryId} ${scope}`;
  const invoke = (body: Record<string, unknown>) =>
    loadListing(
      client.invoke('readProductListing post /product-listing/{categoryId}', { pathParams: { categoryId }, body }),
    );
  const kept = categoryFacets.peek(key);
  if (kept) {
    const [listing, aggregations] = await Promise.all([
      invoke({ ...listingCriteria(state), 'no-aggregations': true }),
      kept,
    ]);
    return listing && { ...listing, aggregations };
  }
  // The memo stamps the entry with the versions known before the listing is asked for.
  const own: { listing?: ProductListingResult | null } = {};
  const aggregations = await categoryFacets.get(key, async () => {
    own.listing = await invoke(listingCriteria(state));
    return {
      value: own.listing?.aggregations,
      complete: own.listing?.aggregations !== undefined,
      answeredCatalog: client.answeredCacheVersions.catalog,
    };
  });
  if (own.listing !== undefined) return own.listing;
  // Another page's load of the same facets was in flight: this page asks for its own listing without them.
  const listing = await invoke({ ...listingCriteria(state), 'no-aggregations': true });
  return listing && { ...listing, aggregations };
}

/** A product listing or search answer; null when the Store API answers 404 (unknown category). */
async function loadListing(listing: Promise<ProductListingResult>): Promise<ProductListingResult | null> {
  try {
    return await listing;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * Resolves and loads a request.
 *
 * @throws StoreApiClientError for Store API failures other than "not found" (the page then shows the 500 page).
 */
export async function loadRoute(locals: RouteLocals, url: URL): Promise<RouteData> {
  const client = locals.storeApi;
  const path = locals.path.replace(/\/{2,}/g, '/');
  const chromePromise = loadChrome(client, locals.domain);

  if (path === '/' || path === '') return { kind: 'home', chrome: await chromePromise };

  if (path === '/search' || path === '/search/') {
    // Within the Store API's bounds of a search term, which answers 400 beyond them (a pasted text, a crafted link).
    const { term: query, shortened } = boundSearchTerm(url.searchParams.get('query') ?? '');
    const state = parseListingState(url.searchParams);
    const listing = query
      ? loadListing(client.invoke('searchPage post /search', { body: { ...listingCriteria(state), search: query } }))
      : Promise.resolve(null);
    const [chrome, result] = await Promise.all([chromePromise, listing.catch(busyOrThrow)]);
    if (result === SEARCH_BUSY) return { kind: 'search', chrome, query, shortened, state, listing: null, busy: true };
    return { kind: 'search', chrome, query, shortened, state, listing: result, busy: false };
  }

  const resolved = await resolvePath(client, path);
  if (resolved.kind === 'redirect')
    return { kind: 'redirect', location: `${domainPath(locals.domain, `/${resolved.seoPathInfo}`)}${url.search}` };
  if (resolved.kind === 'not-found') return { kind: 'not-found', chrome: await chromePromise };

  const ownSeoPath = path.replace(/^\//, '');
  if (resolved.kind === 'category') {
    const state = parseListingState(url.searchParams);
    const categoryPromise = client
      .invoke('readCategory post /category/{navigationId}', {
        pathParams: { navigationId: resolved.id },
        body: { associations: { seoUrls: {} } },
      })
      .catch((e) => (isNotFound(e) ? null : Promise.reject(e)));
    const [chrome, category, listing, breadcrumb, alternates] = await Promise.all([
      chromePromise,
      categoryPromise,
      loadCategoryListing(locals, resolved.id, state),
      loadBreadcrumb(locals, resolved.id, 'category'),
      categoryPromise.then((c) =>
        entityAlternates(locals, resolved.id, ROUTES.navigation, `navigation/${resolved.id}`, ownSeoPath, c?.seoUrls),
      ),
    ]);
    if (!category) return { kind: 'not-found', chrome };
    const subcategories = findNav(chrome.main, resolved.id)?.children ?? [];
    return { kind: 'category', chrome, category, listing, state, breadcrumb, subcategories, alternates };
  }

  if (resolved.kind === 'product') {
    const detail = await client
      .invoke('readProductDetail post /product/{productId}', {
        pathParams: { productId: resolved.id },
        body: { associations: DETAIL_ASSOCIATIONS },
      })
      .catch((e) => (isNotFound(e) ? null : Promise.reject(e)));
    if (!detail) return { kind: 'not-found', chrome: await chromePromise };
    const [chrome, siblings, crossSellings, breadcrumb, alternates] = await Promise.all([
      chromePromise,
      loadSiblings(client, detail.product),
      client
        .invoke('readProductCrossSellings post /product/{productId}/cross-selling', {
          pathParams: { productId: resolved.id },
        })
        .catch((): CrossSellingElement[] => []),
      loadBreadcrumb(locals, resolved.id, 'product'),
      entityAlternates(locals, resolved.id, ROUTES.detail, `detail/${resolved.id}`, ownSeoPath, detail.product.seoUrls),
    ]);
    return {
      kind: 'product',
      chrome,
      product: detail.product,
      configurator: detail.configurator ?? [],
      siblings,
      crossSellings: Array.isArray(crossSellings) ? crossSellings : [],
      breadcrumb,
      alternates,
    };
  }

  const [chrome, page, alternates] = await Promise.all([
    chromePromise,
    loadLandingPage(client, resolved.id),
    entityAlternates(locals, resolved.id, ROUTES.landingPage, `landingPage/${resolved.id}`, ownSeoPath),
  ]);
  if (!page) return { kind: 'not-found', chrome };
  return { kind: 'landing', chrome, page, alternates };
}

interface CmsSlot {
  type?: string;
  config?: { content?: { value?: unknown } } | null;
  translated?: { config?: { content?: { value?: unknown } } | null } | null;
}

interface LandingResponse {
  id?: string;
  name?: string;
  translated?: Record<string, unknown> | null;
  cmsPage?: {
    name?: string;
    translated?: Record<string, unknown> | null;
    sections?: { blocks?: { slots?: CmsSlot[] }[] }[] | null;
  } | null;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/** HTML of the text slots of a Shopware CMS page, in section/block order. */
function cmsHtml(page: LandingResponse['cmsPage']): string {
  return (page?.sections ?? [])
    .flatMap((section) => section.blocks ?? [])
    .flatMap((block) => block.slots ?? [])
    .map((slot) => str(slot.translated?.config?.content?.value) ?? str(slot.config?.content?.value) ?? '')
    .filter(Boolean)
    .join('\n');
}

/**
 * A landing page through Shopware's `POST /store-api/landing-page/{id}` (LandingPage with its `cmsPage`): title
 * from `translated.name`/`title`, HTML from `translated.content`/`html` or the CMS page's text slots. Null when
 * the Store API does not know the page.
 */
async function loadLandingPage(client: StoreApiClient, id: string): Promise<LandingPageData | null> {
  try {
    // The schema types a CMS slot's `config` as a generic record; the text slots carry `config.content.value`.
    const res = (await client.invoke('readLandingPage post /landing-page/{landingPageId}', {
      pathParams: { landingPageId: id },
      body: {},
    })) as LandingResponse;
    const tr = { ...(res.cmsPage?.translated ?? {}), ...(res.translated ?? {}) };
    return {
      id,
      title: str(tr.title) ?? str(tr.name) ?? str(res.name) ?? str(res.cmsPage?.name) ?? '',
      html: str(tr.content) ?? str(tr.html) ?? cmsHtml(res.cmsPage),
      metaTitle: str(tr.metaTitle),
      metaDescription: str(tr.metaDescription),
    };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
