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
import { queryRows, runsQueriesConcurrently, type Db } from '../db/client.ts';
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
   * ../commerce/article-links/lookup.ts `productIdsByCustomerSku`): found and ranked as exact article-number hits.
   * Only for a caller holding ROLE_MANAGE_ARTICLE_LINKS; an answer using them is private to that caller.
   */
  linkedIds?: readonly string[];
  /**
   * PostgreSQL only: `statement_timeout` of each of the search's statements in milliseconds (config
   * `searchStatementTimeoutMs`); a statement over it fails with SQLSTATE 57014, which the Store API answers 503
   * `FRAMEWORK__QUERY_TIMEOUT` (backend/http/errors.ts). Absent: the server's setting.
   */
  statementTimeoutMs?: number;
}

export interface ProductSearchResult {
  /** Ids in rank order, at most `cap`. */
  ids: string[];
  /** Ids that matched an EAN or article number exactly (a subset of `ids`, ranked first). */
  exactIds: string[];
}

/** Anything that runs SQL: the database or a transaction. */
type Executor = Pick<Db, 'execute'>;

/**
 * One tier of a statement: `select` yields product ids in the tier's rank order (`SELECT id … ORDER BY … LIMIT …`).
 * With `while`, the tier runs only while fewer than that many distinct ids were found before it (the ids already
 * known plus the earlier tiers of the same statement), as the tiers ran one statement each before.
 */
interface Tier {
  select: SQL;
  while?: number;
}

/**
 * Runs several tiers as one statement and returns their ids, one list per tier in the tier's order. A tier whose
 * `while` condition fails is not executed (PostgreSQL evaluates the uncorrelated count once, as a one-time filter,
 * before the tier's scan). Each statement costs a parse, a plan and a round trip; on the embedded PGlite, which runs
 * statements one at a time in WebAssembly on the request's thread, fewer statements answer sooner.
 */
async function runStatement(db: Executor, tiers: Tier[], known: readonly string[]): Promise<string[][]> {
  const gated = tiers.some((tier) => tier.while !== undefined);
  if (tiers.length === 1 && !gated) return [(await queryRows<{ id: string }>(db, tiers[0]!.select)).map((r) => r.id)];
  const ctes: SQL[] = gated ? [sql`known AS MATERIALIZED (SELECT unnest(${textArray(known)}) AS id)`] : [];
  tiers.forEach((tier, i) => {
    const name = sql.raw(`t${i}`);
    const before = [sql`SELECT id FROM known`, ...tiers.slice(0, i).map((_, j) => sql.raw(`SELECT id FROM t${j}`))];
    const gate =
      tier.while === undefined
        ? sql``
        : sql` WHERE (SELECT count(*) FROM (${sql.join(before, sql` UNION `)}) seen) < ${tier.while}`;
    ctes.push(sql`${name} AS MATERIALIZED (SELECT id, row_number() OVER () AS ord FROM (${tier.select}) r${gate})`);
  });
  const parts = tiers.map((_, i) => sql.raw(`SELECT ${i} AS tier, id, ord FROM t${i}`));
  const rows = await queryRows<{ tier: number | string; id: string }>(
    db,
    sql`WITH ${sql.join(ctes, sql`, `)} ${sql.join(parts, sql` UNION ALL `)} ORDER BY tier, ord`,
  );
  const lists = tiers.map((): string[] => []);
  for (const row of rows) lists[Number(row.tier)]!.push(row.id);
  return lists;
}

/**
 * Product ids for a plan, best first.
 *
 * @throws the database error when PostgreSQL rejects a query (not expected: inputs are bound parameters and
 *   tsquery text is sanitised by the plan) or stops one at `statementTimeoutMs` (SQLSTATE 57014).
 */
export async function searchProductIds(
  db: Db,
  plan: SearchPlan,
  options: ProductSearchOptions,
): Promise<ProductSearchResult> {
  if (plan.shape === 'empty') return { ids: [], exactIds: [] };
  // The embedded PGlite holds the real catalogue of some thousand articles: there the tiers' plans are index plans
  // without help, or, for a short prefix that matches many, a sequential scan that stops at the candidate limit
  // after a few hundred rows (`EXPLAIN` of each tier), so it runs the tiers without the transaction and its three
  // extra statements (BEGIN, SET, COMMIT).
  if (!runsQueriesConcurrently(db)) return runTiers(db, plan, options);
  // The tiers stop after a bounded number of index matches (LIMIT without ORDER BY). With such a LIMIT the planner
  // may prefer a sequential scan that "stops early" — over 1.5 GB of product rows when the term is rare — so
  // sequential scans are ruled out for these statements: every tier has an index that answers it.
  // The statement timeout bounds what the term's bounds (contract/search.ts) cannot: a slow plan or a busy server
  // stops one search after the timeout instead of holding a pooled connection (docs/decisions/022-input-bounds.md).
  // Both settings are local to the transaction (`set_config(…, true)` is SET LOCAL, one statement for both).
  const timeout = options.statementTimeoutMs;
  return db.transaction(async (tx) => {
    await tx.execute(
      timeout === undefined
        ? sql`SET LOCAL enable_seqscan = off`
        : sql`SELECT set_config('enable_seqscan', 'off', true), set_config('statement_timeout', ${`${Math.max(1, Math.trunc(timeout))}ms`}, true)`,
    );
    return runTiers(tx, plan, options);
  });
}

/**
 * The tiers in at most five statements: the number tiers together; the brand, the whole words and the word prefix
 * each alone, a later one only while fewer than `cap` were found (planning is most of a tier's cost, and a tier in a
 * shared statement is planned even when it does not run); the other languages and the typo tier together, only when
 * fewer than five were found. Within a shared statement a tier runs only when the tiers before it left room, as when
 * each tier was a statement of its own.
 */
async function runTiers(db: Executor, plan: SearchPlan, options: ProductSearchOptions): Promise<ProductSearchResult> {
  const { cap } = options;
  const found: string[] = [];
  const seen = new Set<string>();
  const add = (list: string[]) => {
    for (const id of list) {
      if (found.length >= cap) return;
      if (!seen.has(id)) {
        seen.add(id);
        found.push(id);
      }
    }
  };
  const run = async (tiers: Tier[]) => {
    if (tiers.length > 0) for (const list of await runStatement(db, tiers, found)) add(list);
  };

  const linkedIds = [...(options.linkedIds ?? [])];
  const numberTiers: Tier[] = [];
  const exact = plan.eans.length > 0 || plan.numbers.length > 0 || linkedIds.length > 0;
  if (exact) {
    numberTiers.push({
      select: sql`
        SELECT id FROM product
         WHERE active AND (ean = ANY(${textArray(plan.eans)})
            OR lower(product_number) = ANY(${textArray(plan.numbers)})
            OR lower(manufacturer_number) = ANY(${textArray(plan.numbers)})
            OR id = ANY(${textArray(linkedIds)}))
         ORDER BY (parent_id IS NOT NULL), product_number
         LIMIT ${cap}`,
    });
  }
  if (plan.prefix) {
    const pattern = `${escapeLike(plan.prefix)}%`;
    numberTiers.push({
      select: sql`
        SELECT id FROM product
         WHERE active AND lower(product_number) LIKE ${pattern}
         ORDER BY lower(product_number) USING ~<~
         LIMIT ${cap}`,
      while: cap,
    });
  }
  const numberLists = numberTiers.length > 0 ? await runStatement(db, numberTiers, found) : [];
  if (exact) add(numberLists.shift()!);
  const exactIds = [...found];
  for (const list of numberLists) add(list);

  // A number that matched a number needs no word search (its digits would only match unrelated descriptions).
  if (!plan.fullText || (plan.shape === 'number' && found.length > 0)) return { ids: found, exactIds };
  const { tsConfig, nameColumn, searchColumn } = localeColumns(options.locale);
  const name = sql.raw(`p.${nameColumn}`);
  const vector = sql.raw(`p.${searchColumn}`);
  const config = sql.raw(`'${tsConfig}'::regconfig`);

  const brands = matchBrands(plan.textTerm, options.brands);
  if (brands.length > 0) {
    // One name-ordered read per brand, each stopping at the cap (the partial index on manufacturer, name and id of
    // migration 0017), merged by name: never all of a brand's products sorted.
    const perBrand = brands.map(
      (b) => sql`(SELECT p.id, ${name} AS name FROM product p
                   WHERE p.active AND p.parent_id IS NULL AND p.manufacturer_id = ${b.id}
                   ORDER BY ${name}, p.id LIMIT ${cap})`,
    );
    if (found.length < cap) {
      await run([
        { select: sql`SELECT id FROM (${sql.join(perBrand, sql` UNION ALL `)}) b ORDER BY name, id LIMIT ${cap}` },
      ]);
    }
  }
  if (plan.prefixTsQuery) {
    // Whole words first; the last word as a prefix (type-ahead) only when whole words found too little, since a
    // short prefix expands to many lexemes. Only a bounded candidate set is ranked: a common word may match a large
    // share of the catalogue.
    const candidates = Math.max(100, cap * 2);
    for (const query of [
      sql`websearch_to_tsquery(${config}, ${plan.textTerm})`,
      sql`to_tsquery(${config}, ${plan.prefixTsQuery})`,
    ]) {
      if (found.length >= cap) break;
      await run([
        {
          select: sql`
          SELECT id FROM (
            SELECT p.id, ts_rank_cd(${vector}, q.query) AS rank, ${name} AS name
              FROM product p, (SELECT ${query} AS query) q
             WHERE ${vector} @@ q.query AND p.parent_id IS NULL AND p.active
             LIMIT ${candidates}
          ) ranked
          ORDER BY rank DESC, name, id
          LIMIT ${cap}`,
        },
      ]);
    }
  }

  // Buyers type names in other languages too (a German article name on the Dutch site): when the context language
  // found little (fewer than five), the other languages' vectors are searched the same way, one after the other
  // while fewer than five were found; then, as long as that holds, trigram word similarity on the name for typos.
  const few = Math.min(5, cap);
  const fallbackTiers: Tier[] = [];
  if (plan.prefixTsQuery) {
    for (const locale of LOCALE_CODES.filter((l) => localeColumns(l).tsConfig !== tsConfig)) {
      const other = localeColumns(locale);
      const otherConfig = sql.raw(`'${other.tsConfig}'::regconfig`);
      const otherVector = sql.raw(`p.${other.searchColumn}`);
      fallbackTiers.push({
        select: sql`
          SELECT id FROM (
            SELECT p.id, ts_rank_cd(${otherVector}, q.query) AS rank
              FROM product p,
                   (SELECT websearch_to_tsquery(${otherConfig}, ${plan.textTerm}) || to_tsquery(${otherConfig}, ${plan.prefixTsQuery}) AS query) q
             WHERE ${otherVector} @@ q.query AND p.parent_id IS NULL AND p.active
             LIMIT 200
          ) ranked
          ORDER BY rank DESC, id
          LIMIT ${cap}`,
        while: few,
      });
    }
  }
  if (plan.textTerm.length >= 4) {
    // The similarity scan must go through the trigram index: selecting product_number keeps the planner off the
    // name-ordered index-only scan, which would test every listed name against the term. At most 200 lookalikes
    // are read from the wide product rows and ranked by word similarity. The term reaches `<%` as a one-time
    // subquery value, not a constant: given a constant, the planner estimates `<%` by computing the word similarity
    // of the term with each of the name column's statistics values (up to 100 common values and 101 histogram
    // bounds, per candidate index), which was most of the statement's cost (EXPLAIN, same plan either way: planning
    // 16 ms of 22 ms on 400,000 articles in PostgreSQL, about 2 of 2.7 ms in PGlite).
    fallbackTiers.push({
      select: sql`
        WITH lookalikes AS MATERIALIZED (
          SELECT p.id, ${name} AS name, p.product_number FROM product p
           WHERE (SELECT ${plan.textTerm}::text) <% ${name} AND p.parent_id IS NULL AND p.active
           LIMIT 200
        )
        SELECT id FROM lookalikes
         ORDER BY word_similarity(${plan.textTerm}, name) DESC, id
         LIMIT ${cap}`,
      while: few,
    });
  }
  if (found.length < few) await run(fallbackTiers);
  return { ids: found, exactIds };
}
