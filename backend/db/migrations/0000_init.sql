CREATE TABLE "currency" (
	"id" text PRIMARY KEY NOT NULL,
	"iso_code" text NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"decimal_precision" integer DEFAULT 2 NOT NULL,
	"factor" numeric(12, 6) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "currency_iso_code_unique" UNIQUE("iso_code")
);
--> statement-breakpoint
CREATE TABLE "language" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"locale_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "language_locale_code_unique" UNIQUE("locale_code")
);
--> statement-breakpoint
CREATE TABLE "sales_channel_domain" (
	"id" text PRIMARY KEY NOT NULL,
	"sales_channel_id" text NOT NULL,
	"url" text NOT NULL,
	"language_id" text NOT NULL,
	"currency_id" text NOT NULL,
	"snippet_set_id" text NOT NULL,
	"language_label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sales_channel" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"access_key" text NOT NULL,
	"language_id" text NOT NULL,
	"currency_id" text NOT NULL,
	"navigation_category_id" text NOT NULL,
	"navigation_category_depth" integer DEFAULT 3 NOT NULL,
	"service_category_id" text,
	"footer_category_id" text,
	"countries_category_id" text,
	"maintenance" boolean DEFAULT false NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "sales_channel_access_key_unique" UNIQUE("access_key")
);
--> statement-breakpoint
CREATE TABLE "category" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"path" text,
	"level" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"type" text DEFAULT 'page' NOT NULL,
	"link_type" text,
	"internal_link" text,
	"link_new_tab" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"media_file_name" text,
	"translated" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"product_count" integer DEFAULT 0 NOT NULL,
	"child_count" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'static' NOT NULL,
	"external_id" text,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_manufacturer" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"link" text,
	"media_file_name" text,
	"translated" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "product_manufacturer_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text,
	"file_extension" text,
	"url" text,
	"translated" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "media_file_name_unique" UNIQUE("file_name")
);
--> statement-breakpoint
CREATE TABLE "product_media" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"media_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"purpose" text DEFAULT 'normal' NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "product_price" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"price_type" text DEFAULT 'net_list' NOT NULL,
	"lower_bound" integer DEFAULT 1 NOT NULL,
	"amount" numeric(18, 5) NOT NULL,
	"price_quantity" numeric(14, 4) DEFAULT '1' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"tax" numeric(6, 4),
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_reference" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"type" text NOT NULL,
	"target_product_number" text NOT NULL,
	"target_product_id" text,
	"quantity" integer,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"product_number" text NOT NULL,
	"ean" text,
	"ean_valid" boolean DEFAULT true NOT NULL,
	"manufacturer_id" text,
	"manufacturer_number" text,
	"active" boolean DEFAULT true NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"available_stock" integer DEFAULT 0 NOT NULL,
	"is_closeout" boolean DEFAULT false NOT NULL,
	"min_purchase" integer DEFAULT 1 NOT NULL,
	"max_purchase" integer,
	"purchase_steps" integer DEFAULT 1 NOT NULL,
	"unit" text DEFAULT 'C62' NOT NULL,
	"content_unit" text,
	"content_per_unit" numeric(14, 4),
	"delivery_time_min" integer,
	"delivery_time_max" integer,
	"delivery_time_unit" text DEFAULT 'day' NOT NULL,
	"restock_time" integer,
	"cover_media_id" text,
	"translated" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"option_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"property_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_tree" text[] DEFAULT '{}'::text[] NOT NULL,
	"child_count" integer DEFAULT 0 NOT NULL,
	"listing_price" numeric(18, 5),
	"tax_rate" numeric(5, 2) DEFAULT '21' NOT NULL,
	"rating_average" numeric(3, 2),
	"release_date" timestamp with time zone,
	"name_de" text DEFAULT '' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"name_fr" text DEFAULT '' NOT NULL,
	"name_nl" text DEFAULT '' NOT NULL,
	"search_de" "tsvector",
	"search_en" "tsvector",
	"search_fr" "tsvector",
	"search_nl" "tsvector",
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" text DEFAULT 'generated' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "property_group_option" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"color_hex_code" text,
	"translated" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "property_group" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"display_type" text DEFAULT 'text' NOT NULL,
	"sorting_type" text DEFAULT 'alphanumeric' NOT NULL,
	"filterable" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"unit" text,
	"translated" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "property_group_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "cms_page" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"key" text,
	"translated" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "cms_page_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "seo_url" (
	"id" text PRIMARY KEY NOT NULL,
	"sales_channel_id" text NOT NULL,
	"language_id" text NOT NULL,
	"foreign_key" text NOT NULL,
	"route_name" text NOT NULL,
	"path_info" text NOT NULL,
	"seo_path_info" text NOT NULL,
	"is_canonical" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sales_channel_api_context" (
	"token" text PRIMARY KEY NOT NULL,
	"sales_channel_id" text NOT NULL,
	"customer_id" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_channel_domain" ADD CONSTRAINT "sales_channel_domain_sales_channel_id_sales_channel_id_fk" FOREIGN KEY ("sales_channel_id") REFERENCES "public"."sales_channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_channel_domain" ADD CONSTRAINT "sales_channel_domain_language_id_language_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."language"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_channel_domain" ADD CONSTRAINT "sales_channel_domain_currency_id_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_channel" ADD CONSTRAINT "sales_channel_language_id_language_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."language"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_channel" ADD CONSTRAINT "sales_channel_currency_id_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price" ADD CONSTRAINT "product_price_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reference" ADD CONSTRAINT "product_reference_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_group_option" ADD CONSTRAINT "property_group_option_group_id_property_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."property_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_channel_domain_url_idx" ON "sales_channel_domain" USING btree ("url");--> statement-breakpoint
CREATE INDEX "category_parent_idx" ON "category" USING btree ("parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "category_source_external_idx" ON "category" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "product_media_product_idx" ON "product_media" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_price_product_idx" ON "product_price" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_reference_product_idx" ON "product_reference" USING btree ("product_id","type","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_number_idx" ON "product" USING btree ("product_number");--> statement-breakpoint
CREATE INDEX "product_parent_idx" ON "product" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "product_ean_idx" ON "product" USING btree ("ean");--> statement-breakpoint
CREATE INDEX "product_manufacturer_number_idx" ON "product" USING btree ("manufacturer_number");--> statement-breakpoint
CREATE INDEX "product_manufacturer_idx" ON "product" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "property_group_option_key_idx" ON "property_group_option" USING btree ("group_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "seo_url_path_idx" ON "seo_url" USING btree ("sales_channel_id","language_id","seo_path_info");--> statement-breakpoint
CREATE INDEX "seo_url_foreign_idx" ON "seo_url" USING btree ("foreign_key","language_id");--> statement-breakpoint
CREATE INDEX "context_customer_idx" ON "sales_channel_api_context" USING btree ("customer_id");