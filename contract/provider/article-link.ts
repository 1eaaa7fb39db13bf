/**
 * Article links of the provider API (`/store-api/{provider}/article-links…`, docs/decisions/017): a company's own
 * article number (`customerSku`) for a supplier article (`productId`, the supplier article number). Buyers find,
 * order and read articles by it: search, quick search and the quick order form accept it, and product page, cart,
 * checkout, order lists, orders and offers show it.
 *
 * Every endpoint needs ROLE_MANAGE_ARTICLE_LINKS; links belong to one company and are never visible to another (a
 * link of another company answers 404 exactly like an unknown one). Within a company an article has at most one
 * link and a customer number names at most one article, both compared without regard to case.
 */
import * as v from 'valibot';
import { CoverImageSchema } from '../cover-image.ts';
import { CSV_FORMULA_START } from '../csv-formula.ts';
import { TimestampSchema } from '../fields.ts';
import { IdInputSchema, IdSchema } from '../ids.ts';
import { optionalSearchText, QueryPageNumberSchema } from '../query.ts';

/** Longest customer number; longest supplier article number. */
export const CUSTOMER_SKU_MAX_LENGTH = 64;
export const PRODUCT_NUMBER_MAX_LENGTH = 64;
/** Page size unless the query names one; the largest page; most numbers of one info request. */
export const ARTICLE_LINK_DEFAULT_LIMIT = 25;
export const ARTICLE_LINK_MAX_LIMIT = 100;
export const ARTICLE_LINK_INFO_MAX = 500;
/** Most rows of one CSV import; largest CSV file in bytes (the body limit of the import). */
export const ARTICLE_LINK_IMPORT_MAX_ROWS = 20_000;
export const ARTICLE_LINK_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * True for the path of the CSV import below `/store-api/` (`{provider}/article-links/import`, any provider segment):
 * the one request whose body may be larger than the Store API's general limit, up to ARTICLE_LINK_IMPORT_MAX_BYTES.
 * The standalone backend and the storefront's proxy both apply the limit by this rule.
 */
export function isArticleLinkImportPath(storeApiPath: string): boolean {
  return /^\/?(?:store-api\/)?[^/]+\/article-links\/import$/.test(storeApiPath);
}

/**
 * Error codes of the article link endpoints, as the specification names them (without provider prefix, each also
 * as the `code` of a violation item with `source.pointer` of the field):
 * - `CUSTOMER_SKU_NOT_UNIQUE` (400, `/customerSku`): another article of the company has this customer number;
 * - `PRODUCT_ID_NOT_UNIQUE` (400, `/productId`): the article already has a customer number in the company;
 * - `PRODUCT_ID_NOT_FOUND` (400, `/productId`): no article has this supplier article number;
 * - `VALIDATION_ERROR`: a field is blank, too long or holds control characters, or a customer number begins with a
 *   formula character (violations name the field);
 * - `{PROVIDER}__ARTICLE_LINK_NOT_FOUND` (404): unknown id or a link of another company;
 * - `{PROVIDER}__MISSING_RIGHT` (403, `meta.parameters.right`).
 */
export const ARTICLE_LINK_ERRORS = {
  customerSkuNotUnique: 'CUSTOMER_SKU_NOT_UNIQUE',
  productIdNotUnique: 'PRODUCT_ID_NOT_UNIQUE',
  productIdNotFound: 'PRODUCT_ID_NOT_FOUND',
  validation: 'VALIDATION_ERROR',
  notFound: 'ARTICLE_LINK_NOT_FOUND',
} as const;
export type ArticleLinkErrorCode = (typeof ARTICLE_LINK_ERRORS)[Exclude<keyof typeof ARTICLE_LINK_ERRORS, 'notFound'>];

/** Characters a number may not hold: control, format and line or paragraph separator characters. */
const FORBIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** An article number as typed: trimmed, 1 to 64 characters, no control characters. */
function numberSchema(max: number) {
  return v.pipe(
    v.string('IS_BLANK_ERROR'),
    v.trim(),
    v.nonEmpty('IS_BLANK_ERROR'),
    v.maxLength(max, 'TOO_LONG_ERROR'),
    v.check((s) => !FORBIDDEN_CHARACTERS.test(s), 'REGEX_FAILED_ERROR'),
  );
}

/**
 * The customer's own article number: an article number that does not begin with `=`, `+`, `-` or `@`
 * (`FORMULA_ERROR`): a spreadsheet would run it as a formula (OWASP CSV Injection). Exports guard such cells anyway
 * (contract/csv-formula.ts); the rule keeps them out of every other file the number may end up in.
 */
export const CustomerSkuSchema = v.pipe(
  numberSchema(CUSTOMER_SKU_MAX_LENGTH),
  v.check((s) => !CSV_FORMULA_START.test(s), 'FORMULA_ERROR'),
);

/**
 * Body of `POST …/article-links` and `PUT …/article-links/{id}`: `productId` is the supplier article number
 * (`productNumber`, not the product's uuid: the specification's naming), `customerSku` the customer's own number.
 */
export const ArticleLinkRequestSchema = v.object({
  productId: numberSchema(PRODUCT_NUMBER_MAX_LENGTH),
  customerSku: CustomerSkuSchema,
});
export type ArticleLinkRequest = v.InferInput<typeof ArticleLinkRequestSchema>;
export type ArticleLinkInput = v.InferOutput<typeof ArticleLinkRequestSchema>;

/**
 * Body of `POST …/article-links/info`: `productIds`, supplier article numbers (`productNumber`s) whose customer
 * numbers are asked for, and/or `customerSkus`, customer numbers whose supplier articles are asked for (the quick
 * order form resolves typed numbers with it); 1 to 500 numbers in all.
 */
export const ArticleLinkInfoRequestSchema = v.pipe(
  v.object({
    productIds: v.optional(v.array(numberSchema(PRODUCT_NUMBER_MAX_LENGTH)), []),
    customerSkus: v.optional(v.array(numberSchema(CUSTOMER_SKU_MAX_LENGTH)), []),
  }),
  v.forward(
    v.check((body) => body.productIds.length + body.customerSkus.length >= 1, 'TOO_FEW_ERROR'),
    ['productIds'],
  ),
  v.forward(
    v.check((body) => body.productIds.length + body.customerSkus.length <= ARTICLE_LINK_INFO_MAX, 'TOO_MANY_ERROR'),
    ['productIds'],
  ),
);
export type ArticleLinkInfoRequest = v.InferInput<typeof ArticleLinkInfoRequestSchema>;

/**
 * Answer of `POST …/article-links/info`: `customerSkus`, the customer number of each asked article that has one,
 * keyed by supplier article number as the article spells it; `productNumbers`, the supplier article number of each
 * asked customer number that the company uses, keyed by the customer number as asked. Numbers without a link are
 * left out.
 */
export const ArticleLinkInfoResponseSchema = v.object({
  customerSkus: v.record(v.string(), v.string()),
  productNumbers: v.record(v.string(), v.string()),
});
export type ArticleLinkInfoResponse = v.InferOutput<typeof ArticleLinkInfoResponseSchema>;

/** Sort fields of the list. */
export const ARTICLE_LINK_SORTS = ['customerSku', 'productNumber', 'name', 'createdAt'] as const;

/**
 * Query of `GET …/article-links`: `page` (default 1), `limit` (default 25, at most 100), `term` (part of the
 * customer number, the supplier number or the article name, case ignored), `sort` (default customerSku) and
 * `order` ('asc' default, 'desc').
 */
export const ArticleLinkQuerySchema = v.object({
  page: v.optional(QueryPageNumberSchema, '1'),
  limit: v.optional(
    v.pipe(QueryPageNumberSchema, v.maxValue(ARTICLE_LINK_MAX_LIMIT, 'TOO_HIGH_ERROR')),
    String(ARTICLE_LINK_DEFAULT_LIMIT),
  ),
  term: optionalSearchText(100),
  sort: v.optional(v.picklist(ARTICLE_LINK_SORTS, 'NO_SUCH_CHOICE_ERROR'), 'customerSku'),
  order: v.optional(v.picklist(['asc', 'desc'] as const, 'NO_SUCH_CHOICE_ERROR'), 'asc'),
});
export type ArticleLinkQuery = v.InferInput<typeof ArticleLinkQuerySchema>;
export type ArticleLinkFilter = v.InferOutput<typeof ArticleLinkQuerySchema>;

/** Path parameters of `…/article-links/{id}`. */
export const ArticleLinkPathSchema = v.object({ id: IdInputSchema });

/** An article link with what the list shows of its article. */
export const ArticleLinkSchema = v.object({
  id: IdSchema,
  productId: v.pipe(v.string(), v.description('Supplier article number (productNumber).')),
  customerSku: v.string(),
  product: v.object({
    id: IdSchema,
    name: v.string(),
    url: v.pipe(v.nullable(v.string()), v.description("Path of the product page in the caller's language.")),
    cover: v.pipe(v.nullable(CoverImageSchema), v.description('The cover image; null when the article has none.')),
  }),
  createdAt: TimestampSchema,
  updatedAt: v.nullable(TimestampSchema),
  apiAlias: v.literal('article_link'),
});
export type ArticleLink = v.InferOutput<typeof ArticleLinkSchema>;

/** Answer of `GET …/article-links`: one page. */
export const ArticleLinkListResponseSchema = v.object({
  elements: v.array(ArticleLinkSchema),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type ArticleLinkListResponse = v.InferOutput<typeof ArticleLinkListResponseSchema>;

/**
 * CSV of `GET …/article-links/export` and `POST …/article-links/import`: UTF-8 (a byte order mark is accepted),
 * separator `;` or `,` (detected from the header), a header row with the columns `productId` (supplier article
 * number) and `customerSku`; other columns are ignored. The import is sent as `text/csv` (at most 2 MiB, 20,000
 * rows).
 */
export const ARTICLE_LINK_CSV_COLUMNS = ['productId', 'customerSku'] as const;

/**
 * What the import did with one data row: `created` (new link), `updated` (the article's link got a new number),
 * `unchanged` (the link exists as given) or `error` with the error code (one of ARTICLE_LINK_ERRORS or a
 * violation code such as `IS_BLANK_ERROR`) and the field. `line` is the 1-based line of the file (the header is 1).
 */
export const ArticleLinkImportRowSchema = v.object({
  line: v.pipe(v.number(), v.integer(), v.minValue(2)),
  productId: v.string(),
  customerSku: v.string(),
  result: v.picklist(['created', 'updated', 'unchanged', 'error'] as const),
  error: v.nullable(v.object({ code: v.string(), field: v.picklist(ARTICLE_LINK_CSV_COLUMNS) })),
});
export type ArticleLinkImportRow = v.InferOutput<typeof ArticleLinkImportRowSchema>;

/**
 * Answer of `POST …/article-links/import`: a report of every data row in file order, and counts. Rows without
 * errors are written in one transaction; rows with errors are reported and nothing of them is written. Within the
 * file, a later row naming the same article or customer number as an earlier one is an error (not unique).
 */
export const ArticleLinkImportResponseSchema = v.object({
  rows: v.array(ArticleLinkImportRowSchema),
  created: v.pipe(v.number(), v.integer(), v.minValue(0)),
  updated: v.pipe(v.number(), v.integer(), v.minValue(0)),
  unchanged: v.pipe(v.number(), v.integer(), v.minValue(0)),
  errors: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type ArticleLinkImportResponse = v.InferOutput<typeof ArticleLinkImportResponseSchema>;
