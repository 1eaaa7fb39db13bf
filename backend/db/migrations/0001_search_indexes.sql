-- Search and listing indexes that drizzle-kit cannot express: pg_trgm for typo-tolerant search, GIN indexes on
-- the per-language tsvectors and the category/property arrays, prefix indexes on article numbers.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_search_de_idx ON product USING gin (search_de);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_search_en_idx ON product USING gin (search_en);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_search_fr_idx ON product USING gin (search_fr);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_search_nl_idx ON product USING gin (search_nl);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_category_tree_idx ON product USING gin (category_tree);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_property_ids_idx ON product USING gin (property_ids);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_number_prefix_idx ON product (lower(product_number) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_manufacturer_number_prefix_idx ON product (lower(manufacturer_number) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_name_de_trgm_idx ON product USING gin (name_de gin_trgm_ops);
