/**
 * Runs a search plan (route-query.ts) against PostgreSQL and returns product ids in rank order: exact EAN/number
 * hits (and, for a caller with article links, the article the company's own number names) first, then article-number prefixes, brand products, full-text matches in the context language and, when
 * those found fewer than five, full-text matches in the other languages and typo-tolerant trigram matches on the name.
 *
 * Every tier stops at `cap` rows (LIMIT early, no unbounded ranking): the caller asks for as many candidates as it
 * can page through (quick search: a few dozen; the search page: up to 1,000), so the work per query stays bounded on
 * a 400,000-article catalogue. Exact and prefix tiers include variants (a variant's own number finds it); the
 * text tiers list main products only, as listings do, through indexes over listed products only (migrations 0005,
 * 0007); the brand tier reads each brand in name order from the partial index of migration 0017 and stops at the cap.
 */
import { sql, type SQL } from 'drizzle-orm';
import { LOCALE_CODES } from '../../contract/locales.ts';
import { queryRows, type Db } from '../db/client.ts';
import { localeColumns } from '../db/locale-columns.ts';
import { escapeLike } from '../db/like.ts';
import { textArray } from '../db/sql-params.ts';
import { matchBrands, type SearchPlan } from './route-query.ts';

export interface ProductSearchOptions {
  /** Locale code of the context (selects the text-search configuration and name column). */
  locale: string;
  /** Most ids to return. */
  cap: number;
  /** Manufacturers, for brand matching. */
  brands: { id: string; name: string }[];
  /**
   * Products the caller's company links to the term as its own article number (article links,
   * ../store-api/article-link/lookup.ts `productIdsByCustomerSku`): found and ranked as exact article-number hits.
   * Only for a caller holding ROLE_MANAGE_ARTICLE_LINKS; an answer using them is private to that caller.
   */
  linkedIds?: readonly string[];
}

export interface ProductSearchResult {
  /** Ids in rank order, at most `cap`. */
  ids: string[];
  /** Ids that matched an EAN or article number exactly (a subset of `ids`, ranked first). */
  exactIds: string[];
}

/** Anything that runs SQL: the database or a transaction. */
type Executor = Pick<Db, 'execute'>;

async function ids(db: Executor, statement: SQL): Promise<string[]> {
  return (await queryRows<{ id: string }>(db, statement)).map((r) => r.id);
}

/**
 * Product ids for a plan, best first.
 *
 * @throws the database error when PostgreSQL rejects a query (not expected: inputs are bound parameters and
 *   tsquery text is sanitised by the plan).
 */
export async function searchProductIds(
  db: Db,
  plan: SearchPlan,
  options: ProductSearchOptions,
): Promise<ProductSearchResult> {
  if (plan.shape === 'empty') return { ids: [], exactIds: [] };
  // The tiers stop after a bounded number of index matches (LIMIT without ORDER BY). With such a LIMIT the planner
  // may prefer a sequential scan that "stops early" — over 1.5 GB of product rows when the term is rare — so
  // sequential scans are ruled out for these statements: every tier has an index that answers it.
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    return runTiers(tx, plan, options);
  });
}

async function runTiers(db: Executor, plan: SearchPlan, options: ProductSearchOptions): Promise<ProductSearchResult> {
  const found: string[] = [];
  const seen = new Set<string>();
  const add = (list: string[]) => {
    for (const id of list) {
      if (found.length >= options.cap) return;
      if (!seen.has(id)) {
        seen.add(id);
        found.push(id);
      }
    }
  };
  const remaining = () => options.cap - found.length;

  const linkedIds = [...(options.linkedIds ?? [])];
  if (plan.eans.length > 0 || plan.numbers.length > 0 || linkedIds.length > 0) {
    add(
      await ids(
        db,
        sql`
        SELECT id FROM product
         WHERE active AND (ean = ANY(${textArray(plan.eans)})
            OR lower(product_number) = ANY(${textArray(plan.numbers)})
            OR lower(manufacturer_number) = ANY(${textArray(plan.numbers)})
            OR id = ANY(${textArray(linkedIds)}))
         ORDER BY (parent_id IS NOT NULL), product_number
         LIMIT ${options.cap}`,
      ),
    );
  }
  const exactIds = [...found];

  if (plan.prefix && remaining() > 0) {
    const pattern = `${escapeLike(plan.prefix)}%`;
    add(
      await ids(
        db,
        sql`
        SELECT id FROM product
         WHERE active AND lower(product_number) LIKE ${pattern}
         ORDER BY lower(product_number) USING ~<~
         LIMIT ${remaining() + found.length}`,
      ),
    );
  }

  // A number that matched a number needs no word search (its digits would only match unrelated descriptions).
  if (!plan.fullText || (plan.shape === 'number' && found.length > 0)) return { ids: found, exactIds };
  const { tsConfig, nameColumn, searchColumn } = localeColumns(options.locale);
  const name = sql.raw(`p.${nameColumn}`);
  const vector = sql.raw(`p.${searchColumn}`);
  const config = sql.raw(`'${tsConfig}'::regconfig`);

  const brands = matchBrands(plan.term, options.brands);
  if (brands.length > 0 && remaining() > 0) {
    // One name-ordered read per brand, each stopping at the cap (the partial index on manufacturer, name and id of
    // migration 0017), merged by name: never all of a brand's products sorted.
    const n = remaining() + found.length;
    const perBrand = brands.map(
      (b) => sql`(SELECT p.id, ${name} AS name FROM product p
                   WHERE p.active AND p.parent_id IS NULL AND p.manufacturer_id = ${b.id}
                   ORDER BY ${name}, p.id LIMIT ${n})`,
    );
    add(await ids(db, sql`SELECT id FROM (${sql.join(perBrand, sql` UNION ALL `)}) b ORDER BY name, id LIMIT ${n}`));
  }

  if (remaining() > 0 && plan.prefixTsQuery) {
    // Whole words first; the last word as a prefix (type-ahead) only when whole words found too little, since a
    // short prefix expands to many lexemes. Only a bounded candidate set is ranked: a common word may match a large
    // share of the catalogue.
    const candidates = Math.max(100, (remaining() + found.length) * 2);
    const queries = [
      sql`websearch_to_tsquery(${config}, ${plan.term})`,
      sql`to_tsquery(${config}, ${plan.prefixTsQuery})`,
    ];
    for (const query of queries) {
      if (remaining() <= 0) break;
      add(
        await ids(
          db,
          sql`
          SELECT id FROM (
            SELECT p.id, ts_rank_cd(${vector}, q.query) AS rank, ${name} AS name
              FROM product p, (SELECT ${query} AS query) q
             WHERE ${vector} @@ q.query AND p.parent_id IS NULL AND p.active
             LIMIT ${candidates}
          ) ranked
          ORDER BY rank DESC, name, id
          LIMIT ${remaining() + found.length}`,
        ),
      );
    }
  }

  // Buyers type names in other languages too (a German article name on the Dutch site): when the context language
  // found little, the other languages' vectors are searched the same way.
  if (remaining() > 0 && plan.prefixTsQuery && found.length < 5) {
    for (const locale of LOCALE_CODES.filter((l) => localeColumns(l).tsConfig !== tsConfig)) {
      const other = localeColumns(locale);
      const otherConfig = sql.raw(`'${other.tsConfig}'::regconfig`);
      const otherVector = sql.raw(`p.${other.searchColumn}`);
      add(
        await ids(
          db,
          sql`
          SELECT id FROM (
            SELECT p.id, ts_rank_cd(${otherVector}, q.query) AS rank
              FROM product p,
                   (SELECT websearch_to_tsquery(${otherConfig}, ${plan.term}) || to_tsquery(${otherConfig}, ${plan.prefixTsQuery}) AS query) q
             WHERE ${otherVector} @@ q.query AND p.parent_id IS NULL AND p.active
             LIMIT 200
          ) ranked
          ORDER BY rank DESC, id
          LIMIT ${remaining() + found.length}`,
        ),
      );
      if (found.length >= 5) break;
    }
  }

  if (remaining() > 0 && plan.term.length >= 4 && found.length < 5) {
    // The similarity scan must go through the trigram index: selecting product_number keeps the planner off the
    // name-ordered index-only scan, which would test every listed name against the term. At most 200 lookalikes
    // are read from the wide product rows and ranked by word similarity.
    add(
      await ids(
        db,
        sql`
        WITH lookalikes AS MATERIALIZED (
          SELECT p.id, ${name} AS name, p.product_number FROM product p
           WHERE ${plan.term} <% ${name} AND p.parent_id IS NULL AND p.active
           LIMIT 200
        )
        SELECT id FROM lookalikes
         ORDER BY word_similarity(${plan.term}, name) DESC, id
         LIMIT ${remaining() + found.length}`,
      ),
    );
  }
  return { ids: found, exactIds };
}
