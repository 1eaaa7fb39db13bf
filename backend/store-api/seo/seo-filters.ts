/**
 * The criteria filters `GET|POST /store-api/seo-url` understands: `equals`/`equalsAny` on `seoPathInfo`, `foreignKey`,
 * `routeName`, `pathInfo` and `isCanonical` (with or without the `seo_url.` prefix), combined with AND, as Shopware's
 * SeoUrlRoute is used by storefronts.
 */
import { StoreApiError } from '../../http/errors.ts';
import type { FilterNode } from '../criteria.ts';
import { SHOPWARE_ERROR_CODES } from '../../../contract/error-codes.ts';

export interface SeoFilters {
  seoPathInfo?: string[];
  foreignKey?: string[];
  routeName?: string[];
  pathInfo?: string[];
  isCanonical?: boolean;
}

const FIELDS = ['seoPathInfo', 'foreignKey', 'routeName', 'pathInfo', 'isCanonical'] as const;

/** Reads the supported equals/equalsAny filters. @throws StoreApiError 400 for other fields or filter types. */
export function seoFilters(filters: FilterNode[]): SeoFilters {
  const out: SeoFilters = {};
  const visit = (f: FilterNode) => {
    if (f.type === 'multi' && f.operator === 'and') return f.queries.forEach(visit);
    if (
      (f.type !== 'equals' && f.type !== 'equalsAny') ||
      !(FIELDS as readonly string[]).includes(f.field.replace(/^seo_url\./, ''))
    ) {
      throw new StoreApiError(
        400,
        SHOPWARE_ERROR_CODES.FRAMEWORK__INVALID_FILTER_QUERY,
        'seo-url supports equals/equalsAny filters on seoPathInfo, foreignKey, routeName, pathInfo and isCanonical.',
        {
          parameters: { field: 'field' in f ? f.field : f.type },
        },
      );
    }
    const field = f.field.replace(/^seo_url\./, '') as (typeof FIELDS)[number];
    if (field === 'isCanonical') {
      out.isCanonical =
        f.type === 'equals' ? f.value === true || f.value === 1 || f.value === '1' || f.value === 'true' : true;
      return;
    }
    const values = f.type === 'equals' ? [String(f.value ?? '')] : f.value.map(String);
    out[field] = [...(out[field] ?? []), ...values];
  };
  filters.forEach(visit);
  return out;
}
