CREATE TABLE "product_listing" (
	"category_id" text NOT NULL,
	"product_id" text NOT NULL,
	"name_de" text NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_nl" text NOT NULL,
	"listing_price" numeric(18, 5),
	"manufacturer_id" text,
	"in_stock" boolean NOT NULL,
	"property_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "product_listing_category_id_product_id_pk" PRIMARY KEY("category_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "product_listing_product_idx" ON "product_listing" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_listing_cat_name_de_idx" ON "product_listing" USING btree ("category_id","name_de","product_id");--> statement-breakpoint
CREATE INDEX "product_listing_cat_name_en_idx" ON "product_listing" USING btree ("category_id","name_en","product_id");--> statement-breakpoint
CREATE INDEX "product_listing_cat_name_fr_idx" ON "product_listing" USING btree ("category_id","name_fr","product_id");--> statement-breakpoint
CREATE INDEX "product_listing_cat_name_nl_idx" ON "product_listing" USING btree ("category_id","name_nl","product_id");--> statement-breakpoint
CREATE INDEX "product_listing_cat_price_idx" ON "product_listing" USING btree ("category_id","listing_price","product_id");--> statement-breakpoint
CREATE INDEX "product_listing_cat_price_desc_idx" ON "product_listing" USING btree ("category_id","listing_price" DESC NULLS LAST,"product_id");