/**
 * Facets of a listing from Shopware's `aggregations` (ProductListingResult): `manufacturer.entities` and
 * `properties.entities` (groups with options); counts are read when the backend sends them (`count` on an entity or
 * option, or a `buckets` list). `arrangeFacets` then turns the raw facets into a sidebar a buyer can use, and
 * `activeFilters` lists the chosen filters for the removable chips above the results.
 */
import type { ProductListingResult } from '../../lib/store-api/types.ts';
import type { ListingState } from './listing-params.ts';

/**
 * The listing parts the facets read. Shopware's schema types `aggregations` as `GenericRecord[] | {}`; the listing
 * route sends an object keyed by aggregation name, so any object is accepted and read by key.
 */
export type ListingAggregations = Pick<ProductListingResult, 'total'> & { aggregations?: object };

export interface FacetOption {
  id: string;
  name: string;
  /** Products of the listing's scope with this option, null when the backend does not say. */
  count: number | null;
}

export interface Facet {
  /** URL parameter the options go into. */
  param: 'manufacturer' | 'properties';
  id: string;
  name: string;
  /** Shopware's `property_group.sortingType` ('alphanumeric', 'numeric', 'position'); null for manufacturers. */
  sortingType: string | null;
  /** Shopware's `property_group.position`; 0 for manufacturers. */
  position: number;
  options: FacetOption[];
}

interface NamedEntity {
  id: string;
  name?: string;
  translated?: { name?: string } | null;
  count?: number;
  position?: number;
  sortingType?: string;
  options?: NamedEntity[] | null;
}

const nameOf = (e: NamedEntity) => e.translated?.name ?? e.name ?? '';

function bucketCounts(agg: unknown): Map<string, number> {
  const buckets = (agg as { buckets?: { key: string; count: number }[] } | undefined)?.buckets ?? [];
  return new Map(buckets.map((b) => [b.key, b.count]));
}

/** Number of listed articles in stock (`aggregations['in-stock'].count`), or null when the backend does not say. */
export function inStockCount(listing: Pick<ListingAggregations, 'aggregations'> | null): number | null {
  const agg = ((listing?.aggregations ?? {}) as Record<string, unknown>)['in-stock'] as { count?: number } | undefined;
  return typeof agg?.count === 'number' ? agg.count : null;
}

/**
 * Builds the manufacturer facet and one facet per property group, in the backend's order; empty groups are left
 * out.
 */
export function listingFacets(listing: Pick<ListingAggregations, 'aggregations'> | null): Facet[] {
  const aggs = (listing?.aggregations ?? {}) as Record<string, { entities?: NamedEntity[] } | undefined>;
  const facets: Facet[] = [];
  const manufacturers = aggs.manufacturer?.entities ?? [];
  const manufacturerCounts = bucketCounts(aggs['manufacturer-count'] ?? aggs.manufacturer);
  if (manufacturers.length) {
    facets.push({
      param: 'manufacturer',
      id: 'manufacturer',
      name: '',
      sortingType: null,
      position: 0,
      options: manufacturers.map((m) => ({
        id: m.id,
        name: nameOf(m),
        count: m.count ?? manufacturerCounts.get(m.id) ?? null,
      })),
    });
  }
  for (const group of aggs.properties?.entities ?? []) {
    const options = (group.options ?? []).map((o) => ({ id: o.id, name: nameOf(o), count: o.count ?? null }));
    if (options.length)
      facets.push({
        param: 'properties',
        id: group.id,
        name: nameOf(group),
        sortingType: group.sortingType ?? null,
        position: group.position ?? 0,
        options,
      });
  }
  return facets;
}

/** Options of an open group in the page's HTML before "show all (N)" (see `trimFacetOptions`). */
export const VISIBLE_OPTIONS = 8;
/** Groups that start open (after the availability section); groups with an active filter are always open. */
export const OPEN_GROUPS = 3;
/** Groups listed directly; the rest sit in a closed "more filters (N)" section. */
export const VISIBLE_GROUPS = 12;

/**
 * Leading number of an option name, read with a decimal comma or point ("3,60" → 3.6, "150 kg" → 150,
 * "0,75 x 1,80" → 0.75), or null when the name does not start with a number.
 */
export function leadingNumber(name: string): number | null {
  const match = /^\s*[-+]?\d+(?:[.,]\d+)?/.exec(name.replace(/^[ø⌀Ø]\s*/, ''));
  return match ? Number(match[0].replace(',', '.')) : null;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Options in the order a buyer scans them: the group's own order when its sortingType is 'position'; ascending by
 * value when most names are numbers (at least 80 %, so "1,20" < "2,5" < "10" and stray texts go last); otherwise
 * by count, most products first, then by name (numeric-aware). The manufacturer facet follows the same rule.
 */
export function sortFacetOptions(options: FacetOption[], sortingType: string | null = null): FacetOption[] {
  if (sortingType === 'position') return [...options];
  const numbers = new Map(options.map((o) => [o.id, leadingNumber(o.name)]));
  const numeric = [...numbers.values()].filter((n) => n !== null).length >= options.length * 0.8;
  return [...options].sort((a, b) => {
    if (numeric) {
      const x = numbers.get(a.id) ?? null;
      const y = numbers.get(b.id) ?? null;
      if (x !== y) return x === null ? 1 : y === null ? -1 : x - y;
    } else if ((a.count ?? 0) !== (b.count ?? 0)) return (b.count ?? 0) - (a.count ?? 0);
    return collator.compare(a.name, b.name);
  });
}

/**
 * The options of a group that go into the page's HTML: every chosen option, then the first options of the sorted
 * list until `limit` options are listed, in the sorted order. The rest is loaded on demand ("show all"), so a group
 * of hundreds of options costs the page `limit` rows (a listing page stays under Lighthouse's 1,500 DOM elements,
 * measured with `npm run bench:web`).
 */
export function trimFacetOptions(
  options: FacetOption[],
  selected: ReadonlySet<string>,
  limit: number = VISIBLE_OPTIONS,
): FacetOption[] {
  const chosen = options.filter((o) => selected.has(o.id)).length;
  let others = Math.max(0, limit - chosen);
  return options.filter((o) => selected.has(o.id) || others-- > 0);
}

/** Value of the `expand` URL parameter that lists every group of the "more filters" part. */
export const EXPAND_MORE = 'more';

export interface FacetSection extends Facet {
  /**
   * Options in the page's HTML: all of them when the group is expanded (`expand` URL parameter), else the trimmed
   * list (`trimFacetOptions`) of an open group, none for a closed one (loaded when it is opened).
   */
  visible: FacetOption[];
  /** Options of the group that are not in `visible` (behind "show all (N)"). */
  hidden: number;
  /** Chosen options of this group. */
  selected: number;
  /** The section starts open. */
  open: boolean;
}

export interface FacetLayout {
  /** Sections listed directly. */
  sections: FacetSection[];
  /**
   * Sections of the "more filters" part that are in the page: all of them when `expand` is EXPAND_MORE, else only
   * those with a chosen option or expanded.
   */
  more: FacetSection[];
  /** Number of sections of the "more filters" part, listed or not. */
  moreTotal: number;
  /** Every section of the "more filters" part is in `more`. */
  moreComplete: boolean;
  /** The "more filters" part starts open (a chosen option or an expanded group is in it, or it was expanded). */
  moreOpen: boolean;
}

/**
 * Why a facet is left out of the sidebar, or null when it is shown. A group with a chosen option is always shown
 * (the buyer must be able to undo it). Otherwise a group is left out when it cannot narrow the result:
 * - 'covers-all': every option is carried by all products of the scope (`scopeTotal`), e.g. the one manufacturer of
 *   a one-brand category, or "Material: Aluminium" on every ladder;
 * - 'one-per-product': every option matches exactly one product and there are more options than fit the visible
 *   list (VISIBLE_OPTIONS): weights, pack sizes or article numbers imported as properties, which list products
 *   one by one instead of filtering them.
 * Groups without counts are kept.
 */
export function facetHiddenReason(
  facet: Facet,
  selected: ReadonlySet<string>,
  scopeTotal: number | null,
): 'covers-all' | 'one-per-product' | null {
  if (facet.options.some((o) => selected.has(o.id))) return null;
  const counts = facet.options.map((o) => o.count);
  if (counts.some((c) => c === null)) return null;
  if (scopeTotal !== null && scopeTotal > 0 && counts.every((c) => (c as number) >= scopeTotal)) return 'covers-all';
  if (facet.options.length > VISIBLE_OPTIONS && counts.every((c) => c === 1)) return 'one-per-product';
  return null;
}

/** Products that carry some option of the facet (sum of option counts; an upper bound for multi-valued groups). */
const coverage = (f: Facet) => f.options.reduce((sum, o) => sum + (o.count ?? 0), 0);

/**
 * Arranges facets into the listing's filter sidebar:
 * - groups that cannot narrow the result are left out (see `facetHiddenReason`);
 * - the manufacturer facet comes first, then property groups by the backend's `position`, then by how many
 *   products they cover (most first, so the groups that matter for this listing lead when positions are equal, as
 *   in imported catalogues), then by name;
 * - the first OPEN_GROUPS sections, every section with a chosen option and the expanded one start open;
 * - options are sorted by `sortFacetOptions`; an open section lists its first VISIBLE_OPTIONS (chosen ones
 *   always), the expanded section (`expand`, a group id) all of them, a closed one none;
 * - after VISIBLE_GROUPS sections the rest go into a "more filters" part, whose groups are in the page only when
 *   they hold a chosen option or are expanded, or when `expand` is EXPAND_MORE.
 *
 * `scopeTotal` is the number of products the facet counts refer to (the unfiltered listing), or null when unknown.
 */
export function arrangeFacets(
  facets: Facet[],
  selected: ReadonlySet<string>,
  scopeTotal: number | null,
  expand: string | null = null,
): FacetLayout {
  const shown = facets
    .filter((f) => facetHiddenReason(f, selected, scopeTotal) === null)
    .map((f) => ({ facet: f, coverage: coverage(f) }))
    .sort(
      (a, b) =>
        Number(b.facet.param === 'manufacturer') - Number(a.facet.param === 'manufacturer') ||
        a.facet.position - b.facet.position ||
        b.coverage - a.coverage ||
        collator.compare(a.facet.name, b.facet.name),
    );
  const section = ({ facet }: (typeof shown)[number], index: number): FacetSection => {
    const options = sortFacetOptions(facet.options, facet.sortingType);
    const chosen = options.filter((o) => selected.has(o.id)).length;
    const expanded = facet.id === expand;
    const open = index < OPEN_GROUPS || chosen > 0 || expanded;
    const visible = expanded ? options : open ? trimFacetOptions(options, selected) : [];
    return { ...facet, options, visible, hidden: options.length - visible.length, selected: chosen, open };
  };
  const moreComplete = expand === EXPAND_MORE;
  // Only the sections the page holds are built (their options sorted): a category can have hundreds of groups in
  // "more filters" that stay out of the page.
  const more = shown
    .map((entry, index) => ({ entry, index }))
    .slice(VISIBLE_GROUPS)
    .filter(
      ({ entry }) => moreComplete || entry.facet.id === expand || entry.facet.options.some((o) => selected.has(o.id)),
    )
    .map(({ entry, index }) => section(entry, index));
  return {
    sections: shown.slice(0, VISIBLE_GROUPS).map(section),
    more,
    moreTotal: Math.max(0, shown.length - VISIBLE_GROUPS),
    moreComplete,
    moreOpen: moreComplete || more.length > 0,
  };
}

/**
 * Number of products the facet counts refer to. Facets describe the listing without its own filters (Shopware's
 * post-filter aggregations), so without filters this is the listing total; with filters the largest figure the
 * facets themselves give (products per manufacturer summed, the largest option count, the in-stock count).
 */
export function facetScopeTotal(
  listing: ListingAggregations | null,
  facets: Facet[],
  filtered: boolean,
): number | null {
  if (!listing) return null;
  // Shopware's schema marks `total` optional; the listing route always sends it.
  if (!filtered) return listing.total ?? null;
  const manufacturers = facets.find((f) => f.param === 'manufacturer');
  const figures = [
    listing.total ?? 0,
    inStockCount(listing) ?? 0,
    manufacturers ? coverage(manufacturers) : 0,
    ...facets.flatMap((f) => f.options.map((o) => o.count ?? 0)),
  ];
  return Math.max(...figures);
}

export interface ActiveFilter {
  /** What the chip says: group and option ("Leiterbreite: 350"), or the option alone for availability. */
  group: string | null;
  name: string;
  /** The listing state without this one filter. */
  without: Partial<ListingState>;
}

/**
 * The chosen filters, in the sidebar's group order, each with the listing state that drops it (for the chips'
 * links). Ids that no facet knows are left out (the "reset all" link still clears them). `manufacturerLabel` and
 * `availableLabel` are the translated names of the manufacturer group and of the in-stock filter.
 */
export function activeFilters(
  facets: Facet[],
  state: ListingState,
  labels: { manufacturer: string; available: string },
): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  if (state.available) out.push({ group: null, name: labels.available, without: { available: false } });
  for (const facet of facets) {
    const chosen = facet.param === 'manufacturer' ? state.manufacturer : state.properties;
    for (const option of facet.options) {
      if (!chosen.includes(option.id)) continue;
      out.push({
        group: facet.param === 'manufacturer' ? labels.manufacturer : facet.name,
        name: option.name,
        without: { [facet.param]: chosen.filter((id) => id !== option.id) },
      });
    }
  }
  return out;
}
