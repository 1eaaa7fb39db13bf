-- Keeps product_listing (schema/listing.ts) in sync with product: one row per active main product and category of
-- its category_tree. Statement-level triggers with transition tables, so the catalogue writer's batched upserts and
-- set-based finalize cost one set-based statement each, not one trigger call per row.
CREATE OR REPLACE FUNCTION product_listing_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_listing (category_id, product_id, name_de, name_en, name_fr, name_nl, listing_price, manufacturer_id, in_stock, property_ids)
  SELECT DISTINCT ON (c, n.id) c, n.id, n.name_de, n.name_en, n.name_fr, n.name_nl, n.listing_price, n.manufacturer_id, n.available_stock > 0, n.property_ids
    FROM new_rows n, unnest(n.category_tree) AS c
   WHERE n.active AND n.parent_id IS NULL
  ON CONFLICT (category_id, product_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_listing l USING old_rows o WHERE l.product_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_listing l
   USING new_rows n JOIN old_rows o ON o.id = n.id
   WHERE l.product_id = n.id
     AND (o.active, o.parent_id, o.category_tree, o.name_de, o.name_en, o.name_fr, o.name_nl, o.listing_price,
          o.manufacturer_id, o.available_stock > 0, o.property_ids)
         IS DISTINCT FROM
         (n.active, n.parent_id, n.category_tree, n.name_de, n.name_en, n.name_fr, n.name_nl, n.listing_price,
          n.manufacturer_id, n.available_stock > 0, n.property_ids);
  INSERT INTO product_listing (category_id, product_id, name_de, name_en, name_fr, name_nl, listing_price, manufacturer_id, in_stock, property_ids)
  SELECT DISTINCT ON (c, n.id) c, n.id, n.name_de, n.name_en, n.name_fr, n.name_nl, n.listing_price, n.manufacturer_id, n.available_stock > 0, n.property_ids
    FROM new_rows n JOIN old_rows o ON o.id = n.id, unnest(n.category_tree) AS c
   WHERE n.active AND n.parent_id IS NULL
     AND (o.active, o.parent_id, o.category_tree, o.name_de, o.name_en, o.name_fr, o.name_nl, o.listing_price,
          o.manufacturer_id, o.available_stock > 0, o.property_ids)
         IS DISTINCT FROM
         (n.active, n.parent_id, n.category_tree, n.name_de, n.name_en, n.name_fr, n.name_nl, n.listing_price,
          n.manufacturer_id, n.available_stock > 0, n.property_ids)
  ON CONFLICT (category_id, product_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_listing_insert ON product;
--> statement-breakpoint
CREATE TRIGGER product_listing_insert AFTER INSERT ON product REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_listing_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_listing_delete ON product;
--> statement-breakpoint
CREATE TRIGGER product_listing_delete AFTER DELETE ON product REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_listing_delete();
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_listing_update ON product;
--> statement-breakpoint
CREATE TRIGGER product_listing_update AFTER UPDATE ON product REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_listing_update();
--> statement-breakpoint
-- Backfill for databases that already hold a catalogue.
INSERT INTO product_listing (category_id, product_id, name_de, name_en, name_fr, name_nl, listing_price, manufacturer_id, in_stock, property_ids)
SELECT DISTINCT ON (c, p.id) c, p.id, p.name_de, p.name_en, p.name_fr, p.name_nl, p.listing_price, p.manufacturer_id, p.available_stock > 0, p.property_ids
  FROM product p, unnest(p.category_tree) AS c
 WHERE p.active AND p.parent_id IS NULL
ON CONFLICT (category_id, product_id) DO NOTHING;
