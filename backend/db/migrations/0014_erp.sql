CREATE SEQUENCE "public"."erp_invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 926000001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."erp_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 4100001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."erp_shipping_note_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 8100001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."offer_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 3100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "erp_delivery_line" (
	"delivery_id" text NOT NULL,
	"line_number" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "erp_delivery_line_delivery_id_line_number_pk" PRIMARY KEY("delivery_id","line_number")
);
--> statement-breakpoint
CREATE TABLE "erp_delivery" (
	"id" text PRIMARY KEY NOT NULL,
	"erp_order_id" text NOT NULL,
	"shipping_note_number" text NOT NULL,
	"delivery_date" date NOT NULL,
	"shipped_at" timestamp with time zone NOT NULL,
	"sending_number" text,
	"received_by" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "erp_invoice" (
	"id" text PRIMARY KEY NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"erp_order_id" text NOT NULL,
	"company_id" text NOT NULL,
	"delivery_id" text,
	"goods_cents" bigint NOT NULL,
	"delivery_cost_cents" bigint NOT NULL,
	"additional_cost_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "erp_order_line" (
	"erp_order_id" text NOT NULL,
	"line_number" integer NOT NULL,
	"product_id" text,
	"product_number" text NOT NULL,
	"name" text NOT NULL,
	"customer_article_number" text,
	"quantity" integer NOT NULL,
	"unit" text,
	"unit_price" numeric(18, 5) NOT NULL,
	"total_cents" bigint NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"backorder_quantity" integer DEFAULT 0 NOT NULL,
	"delivered_quantity" integer DEFAULT 0 NOT NULL,
	"delivery_date" date,
	CONSTRAINT "erp_order_line_erp_order_id_line_number_pk" PRIMARY KEY("erp_order_id","line_number")
);
--> statement-breakpoint
CREATE TABLE "erp_order" (
	"id" text PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"firm" text DEFAULT '01' NOT NULL,
	"warehouse" text,
	"company_id" text NOT NULL,
	"customer_id" text,
	"shop_order_id" text,
	"channel" text NOT NULL,
	"type" text DEFAULT 'standard' NOT NULL,
	"order_date" date NOT NULL,
	"order_date_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"customer_reference" text,
	"order_references" text[] DEFAULT '{}'::text[] NOT NULL,
	"ordered_by" text,
	"locale" text DEFAULT 'nl-NL' NOT NULL,
	"delivery_address" jsonb,
	"billing_address" jsonb NOT NULL,
	"delivery_cost_cents" bigint DEFAULT 0 NOT NULL,
	"additional_cost_cents" bigint DEFAULT 0 NOT NULL,
	"goods_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_cents" bigint NOT NULL,
	"paid_in_advance" boolean DEFAULT false NOT NULL,
	"over_credit_limit" boolean DEFAULT false NOT NULL,
	"requested_shipping_date" date,
	"next_step_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "offer_line" (
	"offer_id" text NOT NULL,
	"line_number" integer NOT NULL,
	"product_id" text,
	"product_number" text NOT NULL,
	"description" text NOT NULL,
	"customer_article_number" text,
	"quantity" integer NOT NULL,
	"unit" text,
	"unit_price" numeric(18, 5),
	"total_cents" bigint,
	"delivery_date" date,
	CONSTRAINT "offer_line_offer_id_line_number_pk" PRIMARY KEY("offer_id","line_number")
);
--> statement-breakpoint
CREATE TABLE "offer" (
	"id" text PRIMARY KEY NOT NULL,
	"offer_number" text NOT NULL,
	"company_id" text NOT NULL,
	"customer_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"client_reference" text,
	"comment" text,
	"locale" text DEFAULT 'nl-NL' NOT NULL,
	"offer_date" date NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	"valid_until" date,
	"total_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "erp_delivery_line" ADD CONSTRAINT "erp_delivery_line_delivery_id_erp_delivery_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."erp_delivery"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_delivery" ADD CONSTRAINT "erp_delivery_erp_order_id_erp_order_id_fk" FOREIGN KEY ("erp_order_id") REFERENCES "public"."erp_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_invoice" ADD CONSTRAINT "erp_invoice_erp_order_id_erp_order_id_fk" FOREIGN KEY ("erp_order_id") REFERENCES "public"."erp_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_invoice" ADD CONSTRAINT "erp_invoice_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_invoice" ADD CONSTRAINT "erp_invoice_delivery_id_erp_delivery_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."erp_delivery"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_order_line" ADD CONSTRAINT "erp_order_line_erp_order_id_erp_order_id_fk" FOREIGN KEY ("erp_order_id") REFERENCES "public"."erp_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_order" ADD CONSTRAINT "erp_order_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_line" ADD CONSTRAINT "offer_line_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erp_delivery_shipping_note_idx" ON "erp_delivery" USING btree ("shipping_note_number");--> statement-breakpoint
CREATE INDEX "erp_delivery_order_idx" ON "erp_delivery" USING btree ("erp_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_invoice_number_idx" ON "erp_invoice" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_invoice_order_idx" ON "erp_invoice" USING btree ("erp_order_id");--> statement-breakpoint
CREATE INDEX "erp_invoice_company_date_idx" ON "erp_invoice" USING btree ("company_id","invoice_date");--> statement-breakpoint
CREATE INDEX "erp_order_line_product_number_idx" ON "erp_order_line" USING btree (lower("product_number"));--> statement-breakpoint
CREATE INDEX "erp_order_line_customer_article_idx" ON "erp_order_line" USING btree (lower("customer_article_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "erp_order_number_idx" ON "erp_order" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_order_shop_order_idx" ON "erp_order" USING btree ("shop_order_id") WHERE shop_order_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "erp_order_company_date_idx" ON "erp_order" USING btree ("company_id","order_date");--> statement-breakpoint
CREATE INDEX "erp_order_customer_date_idx" ON "erp_order" USING btree ("customer_id","order_date");--> statement-breakpoint
CREATE INDEX "erp_order_customer_reference_idx" ON "erp_order" USING gin (lower("customer_reference") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "erp_order_next_step_idx" ON "erp_order" USING btree ("next_step_at") WHERE next_step_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "offer_line_product_number_idx" ON "offer_line" USING btree (lower("product_number"));--> statement-breakpoint
CREATE INDEX "offer_line_customer_article_idx" ON "offer_line" USING btree (lower("customer_article_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "offer_number_idx" ON "offer" USING btree ("offer_number");--> statement-breakpoint
CREATE INDEX "offer_company_date_idx" ON "offer" USING btree ("company_id","offer_date");--> statement-breakpoint
CREATE INDEX "offer_customer_date_idx" ON "offer" USING btree ("customer_id","offer_date");--> statement-breakpoint
CREATE INDEX "offer_open_idx" ON "offer" USING btree ("requested_at") WHERE status = 'open';