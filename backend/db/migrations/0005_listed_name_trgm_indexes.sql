DROP INDEX "product_name_en_trgm_idx";--> statement-breakpoint
DROP INDEX "product_name_fr_trgm_idx";--> statement-breakpoint
DROP INDEX "product_name_nl_trgm_idx";--> statement-breakpoint
CREATE INDEX "product_listed_name_de_trgm_idx" ON "product" USING gin ("name_de" gin_trgm_ops) WHERE "product"."parent_id" IS NULL AND "product"."active";--> statement-breakpoint
CREATE INDEX "product_listed_name_en_trgm_idx" ON "product" USING gin ("name_en" gin_trgm_ops) WHERE "product"."parent_id" IS NULL AND "product"."active";--> statement-breakpoint
CREATE INDEX "product_listed_name_fr_trgm_idx" ON "product" USING gin ("name_fr" gin_trgm_ops) WHERE "product"."parent_id" IS NULL AND "product"."active";--> statement-breakpoint
CREATE INDEX "product_listed_name_nl_trgm_idx" ON "product" USING gin ("name_nl" gin_trgm_ops) WHERE "product"."parent_id" IS NULL AND "product"."active";