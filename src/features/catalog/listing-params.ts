/**
 * Listing state in the URL (filters, sorting, page), so listings work without JavaScript: the filter form is a GET
 * form and every link carries the full state. Parameter names are Shopware's listing parameters: `order`, `p`,
 * `manufacturer` and `properties` (ids separated by `|`; repeated parameters from a GET form are accepted too) and
 * `in-stock` (only articles with pieces in stock; the backend's availability filter and facet).
 */

/** Listing page size: 24 products per page, Shopware's default `core.listing.productsPerPage`. */
export const LISTING_LIMIT = 24;

export interface ListingState {
  page: number;
  order: string | null;
  manufacturer: string[];
  properties: string[];
  available: boolean;
}

const ID = /^[0-9a-f]{32}$/;

function ids(params: URLSearchParams, name: string): string[] {
  const values = params.getAll(name).flatMap((v) => v.split('|'));
  return [...new Set(values.map((v) => v.trim()).filter((v) => ID.test(v)))];
}

/** Reads the listing state from a query string; invalid values are dropped, page is at least 1. */
export function parseListingState(params: URLSearchParams): ListingState {
  const page = Number.parseInt(params.get('p') ?? '1', 10);
  const order = params.get('order');
  return {
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
    order: order && /^[a-z0-9-]{1,40}$/.test(order) ? order : null,
    manufacturer: ids(params, 'manufacturer'),
    properties: ids(params, 'properties'),
    available: params.get('in-stock') === '1' || params.get('in-stock') === 'true',
  };
}

/** Body of POST /store-api/product-listing/{categoryId} (and /search with `search`) for a listing state. */
export function listingCriteria(state: ListingState): Record<string, unknown> {
  const body: Record<string, unknown> = { p: state.page, limit: LISTING_LIMIT };
  if (state.order) body.order = state.order;
  if (state.manufacturer.length) body.manufacturer = state.manufacturer.join('|');
  if (state.properties.length) body.properties = state.properties.join('|');
  if (state.available) body['in-stock'] = true;
  return body;
}

/**
 * Query string for a listing state with changes applied; a changed filter or order goes back to page 1. Empty
 * values are left out, so the unfiltered first page has no query at all.
 */
export function listingQuery(
  state: ListingState,
  change: Partial<ListingState> = {},
  extra: Record<string, string> = {},
): string {
  const resetsPage = ['order', 'manufacturer', 'properties', 'available'].some((k) => k in change);
  const next: ListingState = { ...state, ...change, page: change.page ?? (resetsPage ? 1 : state.page) };
  const params = new URLSearchParams(extra);
  if (next.order) params.set('order', next.order);
  if (next.manufacturer.length) params.set('manufacturer', next.manufacturer.join('|'));
  if (next.properties.length) params.set('properties', next.properties.join('|'));
  if (next.available) params.set('in-stock', '1');
  if (next.page > 1) params.set('p', String(next.page));
  const q = params.toString();
  return q ? `?${q}` : '';
}

/** Page numbers to show around the current page, with `null` for a gap: 1 … 4 5 [6] 7 8 … 20. */
export function paginationItems(current: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - current) <= 2) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  // A gap that hides a single page shows that page instead.
  return out.map((v, i) =>
    v === null && out[i - 1] !== null && out[i + 1] === (out[i - 1] as number) + 2 ? (out[i - 1] as number) + 1 : v,
  );
}
