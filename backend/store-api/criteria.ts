/**
 * Shopware criteria bodies (`page`, `limit`, `filter`, `sort`, `associations`, `includes`, `term`, `ids`) and the
 * product-listing parameters Shopware accepts next to them (`p`, `order`, `manufacturer`, `properties`, `min-price`,
 * `max-price`), parsed and validated once per request.
 *
 * Invalid input answers 400 in Shopware's violation envelope (`VIOLATION::…`, `source.pointer` naming the field):
 * limit outside 1…500, page below 1, wrong types, unknown filter types, and criteria too large to run cheaply
 * (`criteriaSizeViolations`: filter trees deeper than 8 or with more than 100 nodes, more than 10 text-matching
 * filters, more than 500 listed values, a filter value over 255 characters, a `search`/`term` over the bounds of
 * contract/search.ts). The size limits are checked on the raw body before the schema walks it, so a hostile tree
 * costs no more than reading it once (docs/decisions/022-input-bounds.md).
 *
 * GET twins of the read routes take the criteria object in one query parameter, `_criteria`
 * (`compressedCriteriaFromQuery`), as `@shopware/api-client`'s `encodeForQuery` writes it for cacheable reads.
 */
import { gunzipSync } from 'node:zlib';
import * as v from 'valibot';
import { MAX_STORE_API_BODY_BYTES } from '../http/body-limit.ts';
import { violations } from '../http/errors.ts';
import { isNulCharacterError, parseJsonText } from '../http/validate.ts';
import { searchTermExcess } from '../../contract/search.ts';

/** Largest page size a caller may ask for (Shopware's `core.listing.maxLimit` analogue). */
const MAX_LIMIT = 500;
/** Deepest nesting of `multi`/`not` filters; a top-level filter is at depth 1. */
const MAX_FILTER_DEPTH = 8;
/** Most filter nodes in `filter` and `post-filter` together, nested ones included. */
const MAX_FILTER_NODES = 100;
/**
 * Most entries in one value list (`ids`, `manufacturer`, `properties`) and in the `equalsAny` values of all filters
 * together.
 */
const MAX_FILTER_VALUES = 500;
/**
 * Most `contains`, `prefix` and `suffix` filters in `filter` and `post-filter` together. Each is an `ILIKE` that
 * PostgreSQL tests against every candidate row; the storefront sends at most one. 100 such filters of 9,000
 * characters held the embedded PGlite for 4.4 s per request (docs/decisions/022-input-bounds.md).
 */
const MAX_TEXT_FILTERS = 10;
/**
 * Longest string value of a filter (an `equals`, `contains`, `prefix` or `suffix` value, one `equalsAny` entry): the
 * length of the longest text field a filter names (names, numbers, ids are at most 255 characters), so a longer
 * value could match nothing anyway.
 */
const MAX_FILTER_VALUE_LENGTH = 255;

export type FilterNode =
  | { type: 'equals'; field: string; value: string | number | boolean | null }
  | { type: 'equalsAny'; field: string; value: (string | number)[] }
  | { type: 'contains' | 'prefix' | 'suffix'; field: string; value: string }
  | { type: 'range'; field: string; parameters: { gte?: number; gt?: number; lte?: number; lt?: number } }
  | { type: 'multi'; operator: 'and' | 'or'; queries: FilterNode[] }
  | { type: 'not'; operator: 'and' | 'or'; queries: FilterNode[] };

export interface SortField {
  field: string;
  order: 'ASC' | 'DESC';
  naturalSorting?: boolean;
}

/** A parsed criteria body. `page` and `limit` are absent when the caller sent none (the route picks defaults). */
export interface Criteria {
  page?: number;
  limit?: number;
  term?: string;
  ids?: string[];
  filter: FilterNode[];
  postFilter: FilterNode[];
  sort: SortField[];
  associations: Record<string, unknown>;
  /** apiAlias → fields to keep (Shopware `includes`). */
  includes?: Record<string, string[]>;
  /** Listing sorting key from `availableSortings` (`order` parameter). */
  order?: string;
  /** Manufacturer ids (`manufacturer`, pipe-separated in Shopware). */
  manufacturer: string[];
  /** Property option ids (`properties`, pipe-separated). */
  properties: string[];
  /** Whole currency units (`min-price`, `max-price`); only honoured for logged-in contexts. */
  minPrice?: number;
  maxPrice?: number;
  /** Only products with pieces in stock (`in-stock`). */
  inStock: boolean;
  /** Search term of `/search` and `/search-suggest` (`search`). */
  search?: string;
  noAggregations: boolean;
  onlyAggregations: boolean;
  /** Navigation: levels to load (`depth`). */
  depth?: number;
  /** Navigation: tree (default) or flat list (`buildTree: false`). */
  buildTree: boolean;
  totalCountMode?: 'none' | 'exact' | 'next-pages';
}

const idList = v.union([
  v.pipe(
    v.string(),
    v.transform((s) =>
      s
        .split('|')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ),
  v.array(v.string()),
]);

const intLike = v.union([
  v.number(),
  v.pipe(v.string(), v.regex(/^-?\d+$/, 'Expected an integer'), v.transform(Number)),
]);
const numLike = v.union([
  v.number(),
  v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/, 'Expected a number'), v.transform(Number)),
]);
const flag = v.union([v.boolean(), v.null(), v.string(), v.number()]);

const scalar = v.union([v.string(), v.number(), v.boolean(), v.null()]);

const filterSchema: v.GenericSchema<unknown, FilterNode> = v.variant('type', [
  v.object({ type: v.literal('equals'), field: v.string(), value: scalar }),
  v.object({
    type: v.literal('equalsAny'),
    field: v.string(),
    value: v.union([
      v.array(v.union([v.string(), v.number()])),
      v.pipe(
        v.string(),
        v.transform((s) => s.split('|').filter(Boolean)),
      ),
    ]),
  }),
  v.object({
    type: v.picklist(['contains', 'prefix', 'suffix']),
    field: v.string(),
    value: v.pipe(scalar, v.transform(String)),
  }),
  v.object({
    type: v.literal('range'),
    field: v.string(),
    parameters: v.object({
      gte: v.optional(numLike),
      gt: v.optional(numLike),
      lte: v.optional(numLike),
      lt: v.optional(numLike),
    }),
  }),
  v.object({
    type: v.picklist(['multi', 'not']),
    operator: v.optional(v.pipe(v.string(), v.toLowerCase(), v.picklist(['and', 'or'])), 'and'),
    queries: v.array(v.lazy(() => filterSchema)),
  }),
]) as unknown as v.GenericSchema<unknown, FilterNode>;

const sortSchema = v.object({
  field: v.string(),
  order: v.optional(v.pipe(v.string(), v.toUpperCase(), v.picklist(['ASC', 'DESC'])), 'ASC'),
  naturalSorting: v.optional(v.boolean()),
});

const bodySchema = v.object({
  page: v.optional(v.pipe(intLike, v.minValue(1, 'page must be 1 or greater'))),
  p: v.optional(v.pipe(intLike, v.minValue(1, 'p must be 1 or greater'))),
  limit: v.optional(
    v.pipe(
      intLike,
      v.minValue(1, 'limit must be 1 or greater'),
      v.maxValue(MAX_LIMIT, `limit must not exceed ${MAX_LIMIT}`),
    ),
  ),
  term: v.optional(v.string()),
  search: v.optional(v.string()),
  ids: v.optional(v.array(v.string())),
  filter: v.optional(v.array(filterSchema), []),
  'post-filter': v.optional(v.array(filterSchema), []),
  sort: v.optional(v.array(sortSchema), []),
  associations: v.optional(v.record(v.string(), v.unknown()), {}),
  includes: v.optional(v.record(v.string(), v.array(v.string()))),
  order: v.optional(v.string()),
  manufacturer: v.optional(idList),
  properties: v.optional(idList),
  'min-price': v.optional(v.pipe(numLike, v.minValue(0))),
  'max-price': v.optional(v.pipe(numLike, v.minValue(0))),
  'in-stock': v.optional(flag),
  'no-aggregations': v.optional(flag),
  'only-aggregations': v.optional(flag),
  depth: v.optional(v.pipe(intLike, v.minValue(1), v.maxValue(10))),
  buildTree: v.optional(v.union([v.boolean(), v.array(v.unknown()), v.string()])),
  'total-count-mode': v.optional(
    v.union([
      v.picklist(['none', 'exact', 'next-pages']),
      v.pipe(
        v.number(),
        v.transform((n) => (n === 1 ? 'exact' : n === 2 ? 'next-pages' : 'none')),
      ),
    ]),
  ),
});

interface Violation {
  pointer: string;
  code: string;
  detail: string;
  parameters?: Record<string, unknown>;
}

/** Entries of a list given as an array or as Shopware's pipe-separated string; 0 for anything else. */
function listLength(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (typeof value === 'string') return value.split('|').length;
  return 0;
}

/** The violation of a search text (`search`, `term`) that breaks the bounds of contract/search.ts; null if none. */
function searchTextViolation(key: string, value: unknown): Violation | null {
  if (typeof value !== 'string') return null;
  const excess = searchTermExcess(value);
  if (!excess) return null;
  return excess.kind === 'length'
    ? {
        pointer: `/${key}`,
        code: 'TOO_LONG_ERROR',
        detail: `This value is too long. It should have ${excess.limit} characters or less.`,
        parameters: { '{{ limit }}': excess.limit },
      }
    : {
        pointer: `/${key}`,
        code: 'TOO_LONG_ERROR',
        detail: `This value is too long. It should contain ${excess.limit} words or less.`,
        parameters: { '{{ max }}': excess.limit },
      };
}

/** The violation of a filter value string longer than MAX_FILTER_VALUE_LENGTH; null if none. */
function valueLengthViolation(pointer: string, value: unknown): Violation | null {
  if (typeof value !== 'string' || value.length <= MAX_FILTER_VALUE_LENGTH) return null;
  return {
    pointer,
    code: 'TOO_LONG_ERROR',
    detail: `This value is too long. It should have ${MAX_FILTER_VALUE_LENGTH} characters or less.`,
    parameters: { '{{ limit }}': MAX_FILTER_VALUE_LENGTH },
  };
}

/**
 * Size limits of a raw criteria body, checked before parsing: `search` and `term` within the bounds of
 * contract/search.ts (`VIOLATION::TOO_LONG_ERROR`, `{{ limit }}` characters or `{{ max }}` words); `filter` and
 * `post-filter` trees at most `MAX_FILTER_DEPTH` deep with at most `MAX_FILTER_NODES` nodes in all, of which at most
 * `MAX_TEXT_FILTERS` `contains`/`prefix`/`suffix`; value lists (`ids`, `manufacturer`, `properties`, and all
 * `equalsAny` values together) of at most `MAX_FILTER_VALUES` entries; filter values of at most
 * `MAX_FILTER_VALUE_LENGTH` characters (`VIOLATION::TOO_LONG_ERROR`). Iterative, and it stops at the first excess,
 * so a deeply nested or huge body is refused without recursing through it.
 *
 * @returns the violations (codes `TOO_LONG_ERROR`, `CRITERIA_FILTER_TOO_DEEP`, `CRITERIA_TOO_MANY_FILTERS`,
 *   `CRITERIA_TOO_MANY_VALUES`), empty when the body is within the limits.
 */
function criteriaSizeViolations(body: Record<string, unknown>): Violation[] {
  for (const key of ['search', 'term']) {
    const violation = searchTextViolation(key, body[key]);
    if (violation) return [violation];
  }
  for (const key of ['ids', 'manufacturer', 'properties']) {
    if (listLength(body[key]) > MAX_FILTER_VALUES) {
      return [
        {
          pointer: `/${key}`,
          code: 'CRITERIA_TOO_MANY_VALUES',
          detail: `${key} must not list more than ${MAX_FILTER_VALUES} entries.`,
        },
      ];
    }
  }
  const stack: { node: unknown; depth: number; pointer: string }[] = [];
  for (const key of ['filter', 'post-filter']) {
    const list = body[key];
    if (Array.isArray(list)) list.forEach((node, i) => stack.push({ node, depth: 1, pointer: `/${key}/${i}` }));
  }
  const tooMany: Violation = {
    pointer: '/filter',
    code: 'CRITERIA_TOO_MANY_FILTERS',
    detail: `filter and post-filter must not hold more than ${MAX_FILTER_NODES} filters in all.`,
  };
  if (stack.length > MAX_FILTER_NODES) return [tooMany];
  let nodes = 0;
  let textFilters = 0;
  let listedValues = 0;
  while (stack.length > 0) {
    const { node, depth, pointer } = stack.pop()!;
    nodes++;
    if (depth > MAX_FILTER_DEPTH) {
      return [
        {
          pointer,
          code: 'CRITERIA_FILTER_TOO_DEEP',
          detail: `Filters must not be nested more than ${MAX_FILTER_DEPTH} levels deep.`,
        },
      ];
    }
    if (typeof node !== 'object' || node === null) continue;
    const { type, value, queries } = node as { type?: unknown; value?: unknown; queries?: unknown };
    if (type === 'contains' || type === 'prefix' || type === 'suffix') {
      if (++textFilters > MAX_TEXT_FILTERS) {
        return [
          {
            pointer,
            code: 'CRITERIA_TOO_MANY_FILTERS',
            detail: `filter and post-filter must not hold more than ${MAX_TEXT_FILTERS} contains, prefix and suffix filters in all.`,
          },
        ];
      }
    }
    if (type === 'equalsAny') {
      listedValues += listLength(value);
      if (listedValues > MAX_FILTER_VALUES) {
        return [
          {
            pointer: `${pointer}/value`,
            code: 'CRITERIA_TOO_MANY_VALUES',
            detail: `equalsAny filters must not list more than ${MAX_FILTER_VALUES} values in all.`,
          },
        ];
      }
      const entries = Array.isArray(value) ? value : typeof value === 'string' ? value.split('|') : [];
      for (let i = 0; i < entries.length; i++) {
        const tooLong = valueLengthViolation(
          Array.isArray(value) ? `${pointer}/value/${i}` : `${pointer}/value`,
          entries[i],
        );
        if (tooLong) return [tooLong];
      }
    } else {
      const tooLong = valueLengthViolation(`${pointer}/value`, value);
      if (tooLong) return [tooLong];
    }
    if (!Array.isArray(queries)) continue;
    if (nodes + stack.length + queries.length > MAX_FILTER_NODES) return [tooMany];
    queries.forEach((child, i) => stack.push({ node: child, depth: depth + 1, pointer: `${pointer}/queries/${i}` }));
  }
  return [];
}

function isTruthyFlag(value: unknown): boolean {
  if (value === undefined || value === false) return false;
  if (typeof value === 'string') return value !== '0' && value !== 'false';
  if (typeof value === 'number') return value !== 0;
  return true; // null and true: Shopware's flag parameters count by presence
}

/**
 * Parses a criteria body merged with URL query parameters (body wins, as in Shopware's request merging).
 *
 * @param body the parsed JSON body (anything; null/undefined for none).
 * @param query URL query parameters (e.g. `p`, `limit`, `order`).
 * @throws StoreApiError 400 with one violation per invalid field, or with the first size limit exceeded
 *   (`criteriaSizeViolations`).
 */
export function parseCriteria(body: unknown, query: Record<string, string> = {}): Criteria {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw violations([{ pointer: '/', code: 'INVALID_TYPE', detail: 'The request body must be a JSON object.' }]);
  }
  const merged: Record<string, unknown> = {};
  for (const key of [
    'p',
    'page',
    'limit',
    'order',
    'manufacturer',
    'properties',
    'min-price',
    'max-price',
    'in-stock',
    'search',
    'term',
    'no-aggregations',
    'only-aggregations',
    'total-count-mode',
    'depth',
    'buildTree',
  ]) {
    if (query[key] !== undefined) merged[key] = query[key];
  }
  Object.assign(merged, body ?? {});
  const tooLarge = criteriaSizeViolations(merged);
  if (tooLarge.length > 0) throw violations(tooLarge);
  const parsed = v.safeParse(bodySchema, merged);
  if (!parsed.success) {
    throw violations(
      parsed.issues.map((issue) => ({
        pointer: `/${(issue.path ?? []).map((p) => String(p.key)).join('/')}`,
        code: issue.kind === 'validation' ? 'INVALID_VALUE' : 'INVALID_TYPE',
        detail: issue.message,
      })),
    );
  }
  const b = parsed.output;
  const page = b.p ?? b.page;
  const term = b.term?.trim();
  const search = b.search?.trim();
  return {
    ...(page !== undefined ? { page } : {}),
    ...(b.limit !== undefined ? { limit: b.limit } : {}),
    ...(term ? { term } : {}),
    ...(search ? { search } : {}),
    ...(b.ids ? { ids: b.ids } : {}),
    filter: b.filter,
    postFilter: b['post-filter'],
    sort: b.sort.map((s) => ({
      field: s.field,
      order: s.order as 'ASC' | 'DESC',
      ...(s.naturalSorting !== undefined ? { naturalSorting: s.naturalSorting } : {}),
    })),
    associations: b.associations,
    ...(b.includes ? { includes: b.includes } : {}),
    ...(b.order ? { order: b.order } : {}),
    manufacturer: b.manufacturer ?? [],
    properties: b.properties ?? [],
    ...(b['min-price'] !== undefined ? { minPrice: b['min-price'] } : {}),
    ...(b['max-price'] !== undefined && b['max-price'] > 0 ? { maxPrice: b['max-price'] } : {}),
    inStock: isTruthyFlag(b['in-stock']),
    noAggregations: isTruthyFlag(b['no-aggregations']),
    onlyAggregations: isTruthyFlag(b['only-aggregations']),
    ...(b.depth !== undefined ? { depth: b.depth } : {}),
    buildTree: b.buildTree === undefined || (b.buildTree !== false && b.buildTree !== 'false'),
    ...(b['total-count-mode'] ? { totalCountMode: b['total-count-mode'] } : {}),
  };
}

/** Page and limit with defaults applied; `offset` in rows. */
export function pagination(criteria: Criteria, defaultLimit: number): { page: number; limit: number; offset: number } {
  const page = criteria.page ?? 1;
  const limit = criteria.limit ?? defaultLimit;
  return { page, limit, offset: (page - 1) * limit };
}

/**
 * Reads a criteria body as the request validator does (backend/http/validate.ts `parseJsonText`): an empty body is
 * `{}`.
 *
 * @throws StoreApiError 400 `VIOLATION::INVALID_JSON` at `/` for a body that is not JSON,
 *   `VIOLATION::NUL_CHARACTER_ERROR` for a string holding U+0000.
 */
export async function readJsonBody(req: { text(): Promise<string> }): Promise<unknown> {
  const text = await req.text();
  if (!text.trim()) return {};
  return parseJsonText(text);
}

/**
 * The criteria object of a `_criteria` query parameter: base64url(gzip(JSON)), the format of Shopware's
 * `CompressedCriteria` parameter (Store API OpenAPI document, `#/components/parameters/CompressedCriteria`). The
 * unpacked JSON may be at most MAX_STORE_API_BODY_BYTES long, as a POST body may.
 *
 * @returns the decoded object, or `{}` when `encoded` is undefined or empty.
 * @throws StoreApiError 400 `VIOLATION::INVALID_VALUE` at `/_criteria` for anything that is not such an encoding of
 *   a JSON object (bad base64url, not gzip, larger than the limit, not JSON, not an object), and
 *   `VIOLATION::NUL_CHARACTER_ERROR` for a string in it holding U+0000.
 */
export function compressedCriteriaFromQuery(encoded: string | undefined): Record<string, unknown> {
  if (!encoded) return {};
  const invalid = () =>
    violations([
      {
        pointer: '/_criteria',
        code: 'INVALID_VALUE',
        detail: 'The _criteria parameter must be base64url(gzip(JSON criteria)).',
      },
    ]);
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(encoded)) throw invalid();
  let json: string;
  try {
    json = gunzipSync(Buffer.from(encoded, 'base64url'), { maxOutputLength: MAX_STORE_API_BODY_BYTES }).toString(
      'utf8',
    );
  } catch {
    throw invalid();
  }
  let decoded: unknown;
  try {
    decoded = parseJsonText(json);
  } catch (error) {
    // A NUL character answers as in a body; anything else that is not JSON is a bad `_criteria`.
    if (isNulCharacterError(error)) throw error;
    throw invalid();
  }
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw invalid();
  return decoded as Record<string, unknown>;
}
