CREATE INDEX "product_listing_name_de_idx" ON "product" USING btree ("name_de","id") WHERE "product"."parent_id" IS NULL AND "product"."active";--> statement-breakpoint
CREATE INDEX "product_listing_name_en_idx" ON "product" USING btree ("name_en","id") WHERE "product"."parent_id" IS NULL AND "product"."active";--> statement-breakpoint
CREATE INDEX "product_listing_name_fr_idx" ON "product" USING btree ("name_fr","id") WHERE "product"."parent_id" IS NULL AND "product"."active";--> statement-breakpoint
CREATE INDEX "product_listing_name_nl_idx" ON "product" USING btree ("name_nl","id") WHERE "product"."parent_id" IS NULL AND "product"."active";--> statement-breakpoint
CREATE INDEX "product_listing_price_idx" ON "product" USING btree ("listing_price","id") WHERE "product"."parent_id" IS NULL AND "product"."active";--> statement-breakpoint
CREATE INDEX "product_name_en_trgm_idx" ON "product" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_name_fr_trgm_idx" ON "product" USING gin ("name_fr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_name_nl_trgm_idx" ON "product" USING gin ("name_nl" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "seo_url_seo_path_idx" ON "seo_url" USING btree ("seo_path_info");