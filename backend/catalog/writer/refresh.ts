/**
 * Set-based post-processing of the catalogue after a write (run by `finalize()`, and by the static-content seed):
 * category paths, levels, child and product counts, and the product columns that depend on other rows.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Recomputes every category's `path` (`|rootId|…|parentId|`, Shopware's format), `level` (1 for a root) and
 * `childCount`, set-based from `parent_id`. Rows that are already right are not touched. Categories whose parent
 * does not exist are treated as roots.
 */
export async function refreshCategoryTree(db: Db): Promise<void> {
  await db.execute(sql`
    WITH RECURSIVE tree AS (
      SELECT c.id, NULL::text AS path, 1 AS level
        FROM category c
       WHERE c.parent_id IS NULL OR NOT EXISTS (SELECT 1 FROM category p WHERE p.id = c.parent_id)
      UNION ALL
      SELECT c.id, coalesce(t.path, '|') || t.id || '|', t.level + 1
        FROM category c JOIN tree t ON c.parent_id = t.id
       WHERE t.level < 50
    )
    UPDATE category c SET path = tree.path, level = tree.level, updated_at = now()
      FROM tree
     WHERE c.id = tree.id AND (c.path IS DISTINCT FROM tree.path OR c.level <> tree.level)`);
  await db.execute(sql`
    UPDATE category c SET child_count = x.n
      FROM (SELECT c2.id, (SELECT count(*) FROM category k WHERE k.parent_id = c2.id)::int AS n FROM category c2) x
     WHERE c.id = x.id AND c.child_count <> x.n`);
}

/**
 * Product post-processing that depends on other rows: category trees (direct categories and their ancestors;
 * variants without own categories take their parent's), variant counts, the parent's property ids as the union of
 * its variants', names and search vectors of variants without own name (taken from the parent, Shopware's
 * inheritance), listing prices of parents without own prices (cheapest variant) and of variants without own prices
 * (the parent's), and reference targets resolved by product number.
 */
export async function refreshProducts(db: Db): Promise<void> {
  await db.execute(sql`
    WITH lineage AS (
      SELECT id, array_append(coalesce(string_to_array(trim(both '|' from path), '|'), '{}'::text[]), id) AS ids FROM category
    ), trees AS (
      SELECT p.id, coalesce(array(
        SELECT DISTINCT u FROM unnest(p.category_ids) AS cid JOIN lineage l ON l.id = cid, unnest(l.ids) AS u ORDER BY u
      ), '{}'::text[]) AS tree
        FROM product p
    )
    UPDATE product p SET category_tree = trees.tree
      FROM trees
     WHERE p.id = trees.id AND p.category_tree IS DISTINCT FROM trees.tree
       AND NOT (p.category_ids = '{}'::text[] AND EXISTS (SELECT 1 FROM product parent WHERE parent.id = p.parent_id))`);
  // A variant without own categories takes its parent's tree here, and only here: the statement above leaves it
  // alone instead of emptying it first, so a finalize does not rewrite every such variant twice (on 400,000
  // generated articles about 250,000 rows, each write touching the product's GIN indexes).
  await db.execute(sql`
    UPDATE product v SET category_tree = parent.category_tree
      FROM product parent
     WHERE v.parent_id = parent.id AND v.category_ids = '{}'::text[]
       AND v.category_tree IS DISTINCT FROM parent.category_tree`);
  await db.execute(sql`
    UPDATE product p SET child_count = coalesce(x.n, 0)
      FROM product p2
      LEFT JOIN (SELECT parent_id, count(*)::int AS n FROM product WHERE parent_id IS NOT NULL GROUP BY parent_id) x
        ON x.parent_id = p2.id
     WHERE p.id = p2.id AND p.child_count <> coalesce(x.n, 0)`);
  await db.execute(sql`
    WITH u AS (
      SELECT parent_id AS id, array_agg(DISTINCT x) AS ids
        FROM product, unnest(property_ids) AS x
       WHERE parent_id IS NOT NULL
       GROUP BY parent_id
    )
    UPDATE product p SET property_ids = array(SELECT DISTINCT y FROM unnest(p.property_ids || u.ids) AS y ORDER BY y)
      FROM u
     WHERE p.id = u.id AND NOT (p.property_ids @> u.ids)`);
  await db.execute(sql`
    UPDATE product v SET
           name_de = parent.name_de, name_en = parent.name_en, name_fr = parent.name_fr, name_nl = parent.name_nl,
           search_de = coalesce(v.search_de, ''::tsvector) || coalesce(parent.search_de, ''::tsvector),
           search_en = coalesce(v.search_en, ''::tsvector) || coalesce(parent.search_en, ''::tsvector),
           search_fr = coalesce(v.search_fr, ''::tsvector) || coalesce(parent.search_fr, ''::tsvector),
           search_nl = coalesce(v.search_nl, ''::tsvector) || coalesce(parent.search_nl, ''::tsvector)
      FROM product parent
     WHERE v.parent_id = parent.id AND v.name_de = '' AND parent.name_de <> ''`);
  await db.execute(sql`
    UPDATE product p SET listing_price = m.price
      FROM (SELECT parent_id, min(listing_price) AS price FROM product
             WHERE parent_id IS NOT NULL AND listing_price IS NOT NULL GROUP BY parent_id) m
     WHERE p.id = m.parent_id AND p.listing_price IS DISTINCT FROM m.price
       AND NOT EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = p.id)`);
  await db.execute(sql`
    UPDATE product v SET listing_price = parent.listing_price
      FROM product parent
     WHERE v.parent_id = parent.id AND v.listing_price IS DISTINCT FROM parent.listing_price
       AND NOT EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = v.id)`);
  await db.execute(sql`
    UPDATE product_reference r SET target_product_id = t.id
      FROM product t
     WHERE t.product_number = r.target_product_number AND r.target_product_id IS DISTINCT FROM t.id`);
  await db.execute(sql`
    UPDATE product_reference r SET target_product_id = NULL
     WHERE r.target_product_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM product t WHERE t.id = r.target_product_id)`);
}

/**
 * Sets every category's `productCount`: active listed products (main products, `parent_id IS NULL`) whose category
 * tree contains the category, so a parent counts its descendants' products once each.
 */
export async function refreshCategoryProductCounts(db: Db): Promise<void> {
  await db.execute(sql`
    WITH counts AS (
      SELECT u AS id, count(*)::int AS n
        FROM product, unnest(category_tree) AS u
       WHERE active AND parent_id IS NULL
       GROUP BY u
    )
    UPDATE category c SET product_count = coalesce(counts.n, 0)
      FROM category c2 LEFT JOIN counts ON counts.id = c2.id
     WHERE c.id = c2.id AND c.product_count <> coalesce(counts.n, 0)`);
}
