/**
 * Article links of a company (contract/provider/article-link.ts, docs/decisions/017): the company's own article
 * number (`customerSku`) for a supplier article, read as pages, written one at a time, and resolved both ways.
 *
 * Rules (the specification: "the supplier article number must exist; customerSku must be unique"):
 * - `productId` on the wire is the supplier article number (`product.product_number`, unique in the catalogue);
 *   inside, a link names the product by its uuid;
 * - within a company an article has at most one link (`PRODUCT_ID_NOT_UNIQUE`) and a customer number names at most
 *   one article, compared without regard to case (`CUSTOMER_SKU_NOT_UNIQUE`). Two unique indexes hold both rules
 *   (`article_link_company_product_idx`, `article_link_company_sku_idx`); every write also locks the company row, so
 *   writers of one company take turns and the checks before a write see what the write will meet. A unique violation
 *   that still happens (a writer that does not lock) answers the same error as the check.
 */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ARTICLE_LINK_ERRORS,
  type ArticleLink,
  type ArticleLinkFilter,
  type ArticleLinkInfoResponse,
  type ArticleLinkInput,
  type ArticleLinkListResponse,
} from '../../../contract/provider/article-link.ts';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { localeColumns } from '../../db/locale-columns.ts';
import { articleLinkTable, companyTable, productTable } from '../../db/schema/index.ts';
import { loadMedia } from '../catalog/product.repository.ts';
import { StoreApiError } from '../../http/errors.ts';
import { randomId } from '../../lib/ids.ts';
import { productSeoPath } from '../../lib/slug.ts';
import { containsPattern } from '../../db/like.ts';
import { coverImage, mapMedia } from '../../http/entities.ts';
import { customerSkusByProductId, productIdsByCustomerSku } from './lookup.ts';
import { providerErrorCode } from '../../../contract/provider.ts';

/** What the answers are read in: the caller's language and where media files are served from. */
export interface ArticleLinkView {
  locale: string;
  mediaBaseUrl: string;
}

/** A field of a link body, as a violation pointer names it. */
export type ArticleLinkField = 'productId' | 'customerSku';

/** 404 `{PROVIDER}__ARTICLE_LINK_NOT_FOUND`: unknown id or a link of another company (indistinguishable). */
export function articleLinkNotFound(provider: string, id: string): StoreApiError {
  return new StoreApiError(
    404,
    providerErrorCode(provider, ARTICLE_LINK_ERRORS.notFound),
    `The article link "${id}" was not found.`,
    { parameters: { id } },
  );
}

const DETAILS = {
  CUSTOMER_SKU_NOT_UNIQUE: 'Another article of the company already has this customer article number.',
  PRODUCT_ID_NOT_UNIQUE: 'The article already has a customer article number in the company.',
  PRODUCT_ID_NOT_FOUND: 'No article has this supplier article number.',
} as const;

/** The field each rule error points at. */
const FIELD_OF = {
  CUSTOMER_SKU_NOT_UNIQUE: 'customerSku',
  PRODUCT_ID_NOT_UNIQUE: 'productId',
  PRODUCT_ID_NOT_FOUND: 'productId',
} as const satisfies Record<keyof typeof DETAILS, ArticleLinkField>;

export type ArticleLinkRuleError = keyof typeof DETAILS;

/**
 * 400 with the specification's code (without provider prefix) as the envelope's one item, pointing at the field:
 * `CUSTOMER_SKU_NOT_UNIQUE` at `/customerSku`, `PRODUCT_ID_NOT_UNIQUE` and `PRODUCT_ID_NOT_FOUND` at `/productId`.
 */
export function articleLinkRuleError(code: ArticleLinkRuleError): StoreApiError {
  const detail = DETAILS[code];
  return new StoreApiError(400, code, detail, {
    items: [
      {
        status: '400',
        code,
        title: 'Bad Request',
        detail,
        source: { pointer: `/${FIELD_OF[code]}` },
        meta: { parameters: {} },
      },
    ],
  });
}

/** The field a rule error names (`productId` or `customerSku`). */
export function ruleErrorField(code: ArticleLinkRuleError): ArticleLinkField {
  return FIELD_OF[code];
}

/**
 * The rule a PostgreSQL unique violation (SQLSTATE 23505, also when wrapped by the driver) broke:
 * `CUSTOMER_SKU_NOT_UNIQUE` for `article_link_company_sku_idx`, `PRODUCT_ID_NOT_UNIQUE` for
 * `article_link_company_product_idx`; null for any other error.
 */
export function uniqueRuleOf(err: unknown): ArticleLinkRuleError | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code !== '23505') continue;
    const name = `${typeof constraint === 'string' ? constraint : ''} ${typeof message === 'string' ? message : ''}`;
    if (name.includes('article_link_company_sku_idx')) return 'CUSTOMER_SKU_NOT_UNIQUE';
    if (name.includes('article_link_company_product_idx')) return 'PRODUCT_ID_NOT_UNIQUE';
  }
  return null;
}

/**
 * Runs a write, answering a unique violation of the article link indexes with the rule's 400 error.
 *
 * @throws StoreApiError 400 `CUSTOMER_SKU_NOT_UNIQUE` / `PRODUCT_ID_NOT_UNIQUE`; other errors unchanged.
 */
export async function uniqueLinks<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const rule = uniqueRuleOf(err);
    if (rule) throw articleLinkRuleError(rule);
    throw err;
  }
}

/** Locks the company row inside a transaction: article link writers of one company take turns. */
export async function lockCompanyLinks(tx: Db, companyId: string): Promise<void> {
  await tx.select({ id: companyTable.id }).from(companyTable).where(eq(companyTable.id, companyId)).for('update');
}

/**
 * The product ids of supplier article numbers (exact `product_number`), as a map number → product id; unknown
 * numbers are left out.
 */
export async function productIdsByNumber(db: Db, numbers: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(numbers)];
  const result = new Map<string, string>();
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db
      .select({ id: productTable.id, productNumber: productTable.productNumber })
      .from(productTable)
      .where(inArray(productTable.productNumber, unique.slice(i, i + 1000)));
    for (const r of rows) result.set(r.productNumber, r.id);
  }
  return result;
}

const parent = alias(productTable, 'parent');

/** The columns of a link with what the answer shows of its article, in the caller's language. */
function linkColumns(locale: string) {
  const key = localeColumns(locale).nameKey;
  return {
    id: articleLinkTable.id,
    customerSku: articleLinkTable.customerSku,
    createdAt: articleLinkTable.createdAt,
    updatedAt: articleLinkTable.updatedAt,
    productId: productTable.id,
    productNumber: productTable.productNumber,
    active: productTable.active,
    name: sql<string>`coalesce(nullif(${productTable[key]}, ''), ${parent[key]}, '')`,
    coverMediaId: sql<string | null>`coalesce(${productTable.coverMediaId}, ${parent.coverMediaId})`,
  };
}

type LinkRow = {
  id: string;
  customerSku: string;
  createdAt: Date;
  updatedAt: Date | null;
  productId: string;
  productNumber: string;
  active: boolean;
  name: string;
  coverMediaId: string | null;
};

/** The name expression of the list's `name` sort and term, in the caller's language. */
function nameExpression(locale: string): SQL {
  const key = localeColumns(locale).nameKey;
  return sql`coalesce(nullif(${productTable[key]}, ''), ${parent[key]}, '')`;
}

/** Links of the caller's company joined with their article (and its parent for name and cover). */
function selectLinks(db: Db, locale: string) {
  return db
    .select(linkColumns(locale))
    .from(articleLinkTable)
    .innerJoin(productTable, eq(productTable.id, articleLinkTable.productId))
    .leftJoin(parent, eq(parent.id, productTable.parentId));
}

/**
 * Maps joined rows to the answer: `productId` is the supplier article number, `product.url` the product page path
 * `/{name}/{productNumber}` in the caller's language (null for an inactive article, which has no page),
 * `product.cover` the cover image (contract/cover-image.ts) or null.
 */
async function mapLinks(db: Db, rows: LinkRow[], view: ArticleLinkView): Promise<ArticleLink[]> {
  const coverIds = [...new Set(rows.map((r) => r.coverMediaId).filter((id): id is string => id !== null))];
  // With the stored file, whose thumbnails make the picture (a media row alone has no URL without MEDIA_BASE_URL).
  const media = await loadMedia(db, coverIds);
  const covers = new Map([...media].map(([id, m]) => [id, coverImage(mapMedia(m, view.locale, view.mediaBaseUrl))]));
  return rows.map((r) => ({
    id: r.id,
    productId: r.productNumber,
    customerSku: r.customerSku,
    product: {
      id: r.productId,
      name: r.name,
      url: r.active ? `/${productSeoPath(r.name, r.productNumber)}` : null,
      cover: (r.coverMediaId ? covers.get(r.coverMediaId) : null) ?? null,
    },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt ? r.updatedAt.toISOString() : null,
    apiAlias: 'article_link' as const,
  }));
}

/**
 * Loads a link of the caller's company as the answer shows it.
 *
 * @throws StoreApiError 404 `{PROVIDER}__ARTICLE_LINK_NOT_FOUND` when unknown or of another company.
 */
export async function readLink(
  db: Db,
  me: AuthenticatedCustomer,
  provider: string,
  id: string,
  view: ArticleLinkView,
): Promise<ArticleLink> {
  const rows = await selectLinks(db, view.locale)
    .where(and(eq(articleLinkTable.id, id), eq(articleLinkTable.companyId, me.companyId)))
    .limit(1);
  if (!rows[0]) throw articleLinkNotFound(provider, id);
  const [link] = await mapLinks(db, rows, view);
  return link!;
}

/**
 * One page of the company's links. `term`: part of the customer number, the supplier article number or the article
 * name in the caller's language (case ignored); `sort` customerSku (case ignored), productNumber, name or createdAt,
 * `order` asc or desc, the link id breaking ties.
 */
export async function listLinks(
  db: Db,
  me: AuthenticatedCustomer,
  query: ArticleLinkFilter,
  view: ArticleLinkView,
): Promise<ArticleLinkListResponse> {
  const name = nameExpression(view.locale);
  const where = and(
    eq(articleLinkTable.companyId, me.companyId),
    query.term
      ? or(
          ilike(articleLinkTable.customerSku, containsPattern(query.term)),
          ilike(productTable.productNumber, containsPattern(query.term)),
          sql`${name} ILIKE ${containsPattern(query.term)}`,
        )
      : undefined,
  );
  const sortBy: Record<ArticleLinkFilter['sort'], SQL> = {
    customerSku: sql`lower(${articleLinkTable.customerSku})`,
    productNumber: sql`${productTable.productNumber}`,
    name: sql`lower(${name})`,
    createdAt: sql`${articleLinkTable.createdAt}`,
  };
  const direction = query.order === 'desc' ? desc : asc;
  const [total] = await db
    .select({ n: count() })
    .from(articleLinkTable)
    .innerJoin(productTable, eq(productTable.id, articleLinkTable.productId))
    .leftJoin(parent, eq(parent.id, productTable.parentId))
    .where(where);
  const rows = await selectLinks(db, view.locale)
    .where(where)
    .orderBy(direction(sortBy[query.sort]), direction(articleLinkTable.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    elements: await mapLinks(db, rows, view),
    total: total?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * Checks a body against the catalogue and the company's links: the supplier article number exists, the article has
 * no other link, no other article has the customer number (case ignored). `exceptId`: the link being changed.
 *
 * @returns the product id of the article.
 * @throws StoreApiError 400 `PRODUCT_ID_NOT_FOUND`, `PRODUCT_ID_NOT_UNIQUE`, `CUSTOMER_SKU_NOT_UNIQUE`.
 */
async function checkInput(db: Db, companyId: string, input: ArticleLinkInput, exceptId?: string): Promise<string> {
  const productId = (await productIdsByNumber(db, [input.productId])).get(input.productId);
  if (!productId) throw articleLinkRuleError('PRODUCT_ID_NOT_FOUND');
  const others = await db
    .select({ productId: articleLinkTable.productId })
    .from(articleLinkTable)
    .where(
      and(
        eq(articleLinkTable.companyId, companyId),
        exceptId ? ne(articleLinkTable.id, exceptId) : undefined,
        or(
          eq(articleLinkTable.productId, productId),
          sql`lower(${articleLinkTable.customerSku}) = lower(${input.customerSku})`,
        ),
      ),
    );
  if (others.some((o) => o.productId === productId)) throw articleLinkRuleError('PRODUCT_ID_NOT_UNIQUE');
  if (others.length) throw articleLinkRuleError('CUSTOMER_SKU_NOT_UNIQUE');
  return productId;
}

/**
 * Creates a link of the caller's company.
 *
 * @throws see `checkInput`.
 */
export async function createLink(
  db: Db,
  me: AuthenticatedCustomer,
  provider: string,
  input: ArticleLinkInput,
  view: ArticleLinkView,
): Promise<ArticleLink> {
  const id = randomId();
  await uniqueLinks(() =>
    db.transaction(async (tx) => {
      await lockCompanyLinks(tx, me.companyId);
      const productId = await checkInput(tx, me.companyId, input);
      await tx
        .insert(articleLinkTable)
        .values({ id, companyId: me.companyId, productId, customerSku: input.customerSku, createdById: me.id });
    }),
  );
  return readLink(db, me, provider, id, view);
}

/**
 * Changes article and customer number of a link of the caller's company.
 *
 * @throws StoreApiError 404 `{PROVIDER}__ARTICLE_LINK_NOT_FOUND`, and see `checkInput`.
 */
export async function updateLink(
  db: Db,
  me: AuthenticatedCustomer,
  provider: string,
  id: string,
  input: ArticleLinkInput,
  view: ArticleLinkView,
): Promise<ArticleLink> {
  await uniqueLinks(() =>
    db.transaction(async (tx) => {
      await lockCompanyLinks(tx, me.companyId);
      const [row] = await tx
        .select({ id: articleLinkTable.id })
        .from(articleLinkTable)
        .where(and(eq(articleLinkTable.id, id), eq(articleLinkTable.companyId, me.companyId)));
      if (!row) throw articleLinkNotFound(provider, id);
      const productId = await checkInput(tx, me.companyId, input, id);
      await tx
        .update(articleLinkTable)
        .set({ productId, customerSku: input.customerSku, updatedAt: new Date() })
        .where(and(eq(articleLinkTable.id, id), eq(articleLinkTable.companyId, me.companyId)));
    }),
  );
  return readLink(db, me, provider, id, view);
}

/**
 * Deletes a link of the caller's company.
 *
 * @throws StoreApiError 404 `{PROVIDER}__ARTICLE_LINK_NOT_FOUND` when unknown or of another company.
 */
export async function deleteLink(db: Db, me: AuthenticatedCustomer, provider: string, id: string): Promise<void> {
  const deleted = await db
    .delete(articleLinkTable)
    .where(and(eq(articleLinkTable.id, id), eq(articleLinkTable.companyId, me.companyId)))
    .returning({ id: articleLinkTable.id });
  if (!deleted.length) throw articleLinkNotFound(provider, id);
}

/**
 * Resolves numbers both ways for the caller's company (through ./lookup.ts): `customerSkus`, the customer number
 * of each asked supplier article number that has one, keyed by the article's own spelling of its number;
 * `productNumbers`, the supplier article number of each asked customer number the company uses (case ignored),
 * keyed as asked. Numbers without a link are left out.
 */
export async function linkInfo(
  db: Db,
  me: AuthenticatedCustomer,
  request: { productIds: string[]; customerSkus: string[] },
): Promise<ArticleLinkInfoResponse> {
  const reader = { companyId: me.companyId, rights: me.rights };
  const idsByNumber = await productIdsByNumber(db, request.productIds);
  const skus = await customerSkusByProductId(db, reader, [...idsByNumber.values()]);
  const customerSkus: Record<string, string> = {};
  for (const [number, productId] of idsByNumber) {
    const sku = skus.get(productId);
    if (sku !== undefined) customerSkus[number] = sku;
  }
  const productIds = await productIdsByCustomerSku(db, reader, request.customerSkus);
  const numbers = productIds.size
    ? await db
        .select({ id: productTable.id, productNumber: productTable.productNumber })
        .from(productTable)
        .where(inArray(productTable.id, [...new Set(productIds.values())]))
    : [];
  const numberOf = new Map(numbers.map((n) => [n.id, n.productNumber]));
  const productNumbers: Record<string, string> = {};
  for (const [asked, productId] of productIds) {
    const number = numberOf.get(productId);
    if (number !== undefined) productNumbers[asked] = number;
  }
  return { customerSkus, productNumbers };
}
