CREATE TABLE "article_link" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"product_id" text NOT NULL,
	"customer_sku" text NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_list_item" (
	"list_id" text NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "order_list_item_list_id_product_id_pk" PRIMARY KEY("list_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "order_list" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"created_by_id" text NOT NULL,
	"name" text NOT NULL,
	"owner_type" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_list_tag_assignment" (
	"list_id" text NOT NULL,
	"tag_id" text NOT NULL,
	CONSTRAINT "order_list_tag_assignment_list_id_tag_id_pk" PRIMARY KEY("list_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "order_list_tag" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "ecotax_cents" integer;--> statement-breakpoint
ALTER TABLE "order_line_item" ADD COLUMN "customer_article_number" text;--> statement-breakpoint
ALTER TABLE "article_link" ADD CONSTRAINT "article_link_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_link" ADD CONSTRAINT "article_link_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_list_item" ADD CONSTRAINT "order_list_item_list_id_order_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."order_list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_list_item" ADD CONSTRAINT "order_list_item_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_list" ADD CONSTRAINT "order_list_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_list" ADD CONSTRAINT "order_list_created_by_id_customer_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_list_tag_assignment" ADD CONSTRAINT "order_list_tag_assignment_list_id_order_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."order_list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_list_tag_assignment" ADD CONSTRAINT "order_list_tag_assignment_tag_id_order_list_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."order_list_tag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_list_tag" ADD CONSTRAINT "order_list_tag_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_link_company_sku_idx" ON "article_link" USING btree ("company_id",lower("customer_sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "article_link_company_product_idx" ON "article_link" USING btree ("company_id","product_id");--> statement-breakpoint
CREATE INDEX "order_list_company_idx" ON "order_list" USING btree ("company_id","owner_type");--> statement-breakpoint
CREATE INDEX "order_list_creator_idx" ON "order_list" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "order_list_tag_assignment_tag_idx" ON "order_list_tag_assignment" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_list_tag_name_idx" ON "order_list_tag" USING btree ("company_id",lower("name"));