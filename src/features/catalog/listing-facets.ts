/**
 * Facets of a listing from Shopware's `aggregations` (ProductListingResult): `manufacturer.entities` and
 * `properties.entities` (groups with options); counts are read when the backend sends them (`count` on an entity or
 * option, or a `buckets` list).
 */
import type { ProductListingResult } from '../../lib/store-api/types.ts';

export interface FacetOption {
  id: string;
  name: string;
  count: number | null;
}

export interface Facet {
  /** URL parameter the options go into. */
  param: 'manufacturer' | 'properties';
  id: string;
  name: string;
  options: FacetOption[];
}

interface NamedEntity {
  id: string;
  name?: string;
  translated?: { name?: string } | null;
  count?: number;
  options?: NamedEntity[] | null;
}

const nameOf = (e: NamedEntity) => e.translated?.name ?? e.name ?? '';

function bucketCounts(agg: unknown): Map<string, number> {
  const buckets = (agg as { buckets?: { key: string; count: number }[] } | undefined)?.buckets ?? [];
  return new Map(buckets.map((b) => [b.key, b.count]));
}

/** Number of listed articles in stock (`aggregations['in-stock'].count`), or null when the backend does not say. */
export function inStockCount(listing: Pick<ProductListingResult, 'aggregations'> | null): number | null {
  const agg = (listing?.aggregations ?? {})['in-stock'] as { count?: number } | undefined;
  return typeof agg?.count === 'number' ? agg.count : null;
}

/** Builds the manufacturer facet and one facet per property group; empty groups are left out. */
export function listingFacets(listing: Pick<ProductListingResult, 'aggregations'> | null): Facet[] {
  const aggs = (listing?.aggregations ?? {}) as Record<string, { entities?: NamedEntity[] } | undefined>;
  const facets: Facet[] = [];
  const manufacturers = aggs.manufacturer?.entities ?? [];
  const manufacturerCounts = bucketCounts(aggs['manufacturer-count'] ?? aggs.manufacturer);
  if (manufacturers.length) {
    facets.push({
      param: 'manufacturer',
      id: 'manufacturer',
      name: '',
      options: manufacturers
        .map((m) => ({ id: m.id, name: nameOf(m), count: m.count ?? manufacturerCounts.get(m.id) ?? null }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    });
  }
  for (const group of aggs.properties?.entities ?? []) {
    const options = (group.options ?? []).map((o) => ({ id: o.id, name: nameOf(o), count: o.count ?? null }));
    if (options.length) facets.push({ param: 'properties', id: group.id, name: nameOf(group), options });
  }
  return facets;
}
