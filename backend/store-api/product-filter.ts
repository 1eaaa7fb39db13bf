/**
 * Compiles Shopware criteria filters on products (`equals`, `equalsAny`, `contains`, `prefix`, `suffix`, `range`,
 * `multi`, `not`) into SQL over the `product` table (alias `p`), for a whitelist of fields. Price and stock fields
 * are only filterable and sortable by logged-in contexts: anonymous callers never learn them, not even indirectly.
 *
 * @throws StoreApiError 400 (`FRAMEWORK__INVALID_FILTER_QUERY`, `FRAMEWORK__INVALID_SORT_QUERY`) for unknown fields,
 *   price/stock fields in an anonymous context, or values of the wrong type.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FilterNode, SortField } from './criteria.ts';
import { StoreApiError } from '../http/errors.ts';
import { localeColumns } from '../db/locale-columns.ts';
import { escapeLike } from '../db/like.ts';
import { textArray, intArray } from '../db/sql-params.ts';
import { SHOPWARE_ERROR_CODES } from '../../contract/error-codes.ts';

type FieldKind = 'text' | 'number' | 'boolean' | 'array' | 'decimal';
interface FieldDef {
  column: string;
  kind: FieldKind;
  /** Only for logged-in contexts. */
  restricted?: boolean;
}

function fieldDef(field: string, locale: string): FieldDef | undefined {
  const f = field.replace(/^product\./, '');
  switch (f) {
    case 'id':
      return { column: 'p.id', kind: 'text' };
    case 'parentId':
      return { column: 'p.parent_id', kind: 'text' };
    case 'productNumber':
      return { column: 'p.product_number', kind: 'text' };
    case 'ean':
      return { column: 'p.ean', kind: 'text' };
    case 'manufacturerNumber':
      return { column: 'p.manufacturer_number', kind: 'text' };
    case 'manufacturerId':
    case 'manufacturer.id':
      return { column: 'p.manufacturer_id', kind: 'text' };
    case 'active':
      return { column: 'p.active', kind: 'boolean' };
    case 'childCount':
      return { column: 'p.child_count', kind: 'number' };
    case 'name':
    case 'translated.name':
      return { column: `p.${localeColumns(locale).nameColumn}`, kind: 'text' };
    case 'categoryIds':
    case 'categories.id':
      return { column: 'p.category_ids', kind: 'array' };
    case 'categoryTree':
    case 'categoriesRo.id':
      return { column: 'p.category_tree', kind: 'array' };
    case 'propertyIds':
    case 'properties.id':
      return { column: 'p.property_ids', kind: 'array' };
    case 'optionIds':
    case 'options.id':
      return { column: 'p.option_ids', kind: 'array' };
    case 'releaseDate':
      return { column: 'p.release_date', kind: 'text' };
    case 'stock':
      return { column: 'p.stock', kind: 'number', restricted: true };
    case 'availableStock':
      return { column: 'p.available_stock', kind: 'number', restricted: true };
    case 'price':
    case 'listingPrice':
    case 'cheapestPrice':
      return { column: 'p.listing_price', kind: 'decimal', restricted: true };
    default:
      return undefined;
  }
}

function invalid(code: string, detail: string, field: string): StoreApiError {
  return new StoreApiError(400, code, detail, { parameters: { field } });
}

function resolve(field: string, locale: string, pricesVisible: boolean, code: string): FieldDef {
  const def = fieldDef(field, locale);
  if (!def || (def.restricted && !pricesVisible)) throw invalid(code, `Field "${field}" cannot be used here.`, field);
  return def;
}

function scalarValue(def: FieldDef, value: unknown, field: string): unknown {
  if (def.kind === 'number' || def.kind === 'decimal') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n))
      throw invalid(SHOPWARE_ERROR_CODES.FRAMEWORK__INVALID_FILTER_QUERY, `Field "${field}" expects a number.`, field);
    return def.kind === 'decimal' ? String(value) : n;
  }
  if (def.kind === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (value === 1 || value === '1' || value === 'true') return true;
    if (value === 0 || value === '0' || value === 'false') return false;
    throw invalid(SHOPWARE_ERROR_CODES.FRAMEWORK__INVALID_FILTER_QUERY, `Field "${field}" expects a boolean.`, field);
  }
  return String(value);
}

/** SQL condition for one filter node. */
export function compileFilter(node: FilterNode, locale: string, pricesVisible: boolean): SQL {
  if (node.type === 'multi' || node.type === 'not') {
    if (node.queries.length === 0) return node.type === 'not' ? sql`false` : sql`true`;
    const parts = node.queries.map((q) => compileFilter(q, locale, pricesVisible));
    const joined = sql.join(parts, node.operator === 'or' ? sql` OR ` : sql` AND `);
    return node.type === 'not' ? sql`NOT (${joined})` : sql`(${joined})`;
  }
  const def = resolve(node.field, locale, pricesVisible, SHOPWARE_ERROR_CODES.FRAMEWORK__INVALID_FILTER_QUERY);
  const col = sql.raw(def.column);
  switch (node.type) {
    case 'equals':
      if (node.value === null) return def.kind === 'array' ? sql`cardinality(${col}) = 0` : sql`${col} IS NULL`;
      if (def.kind === 'array') return sql`${col} @> ARRAY[${String(node.value)}]::text[]`;
      return sql`${col} = ${scalarValue(def, node.value, node.field)}`;
    case 'equalsAny': {
      const values = node.value.map((v) => String(v));
      if (def.kind === 'array') return sql`${col} && ${textArray(values)}`;
      if (def.kind === 'number')
        return sql`${col} = ANY(${intArray(values.map((v) => Number(scalarValue(def, v, node.field))))})`;
      return sql`${col}::text = ANY(${textArray(values)})`;
    }
    case 'contains':
    case 'prefix':
    case 'suffix': {
      if (def.kind !== 'text')
        throw invalid(
          SHOPWARE_ERROR_CODES.FRAMEWORK__INVALID_FILTER_QUERY,
          `Field "${node.field}" cannot be matched as text.`,
          node.field,
        );
      const v = escapeLike(node.value);
      const pattern = node.type === 'contains' ? `%${v}%` : node.type === 'prefix' ? `${v}%` : `%${v}`;
      return sql`${col} ILIKE ${pattern}`;
    }
    case 'range': {
      const parts: SQL[] = [];
      const p = node.parameters;
      const val = (x: number) => (def.kind === 'decimal' ? sql`${String(x)}::numeric` : sql`${x}`);
      if (p.gte !== undefined) parts.push(sql`${col} >= ${val(p.gte)}`);
      if (p.gt !== undefined) parts.push(sql`${col} > ${val(p.gt)}`);
      if (p.lte !== undefined) parts.push(sql`${col} <= ${val(p.lte)}`);
      if (p.lt !== undefined) parts.push(sql`${col} < ${val(p.lt)}`);
      return parts.length ? sql`(${sql.join(parts, sql` AND `)})` : sql`true`;
    }
  }
}

/** SQL ORDER BY items for criteria `sort` fields. */
export function compileSort(sort: SortField[], locale: string, pricesVisible: boolean): SQL[] {
  return sort.map((s) => {
    const def = resolve(s.field, locale, pricesVisible, SHOPWARE_ERROR_CODES.FRAMEWORK__INVALID_SORT_QUERY);
    if (def.kind === 'array')
      throw invalid(
        SHOPWARE_ERROR_CODES.FRAMEWORK__INVALID_SORT_QUERY,
        `Field "${s.field}" cannot be sorted.`,
        s.field,
      );
    return sql.raw(`${def.column} ${s.order} NULLS LAST`);
  });
}
