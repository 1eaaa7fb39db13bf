CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "cart_line_item" (
	"customer_id" text NOT NULL,
	"id" text NOT NULL,
	"type" text DEFAULT 'product' NOT NULL,
	"referenced_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"remark" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "cart_line_item_customer_id_id_pk" PRIMARY KEY("customer_id","id")
);
--> statement-breakpoint
CREATE TABLE "cart" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"promotion_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "company_credit" (
	"company_id" text PRIMARY KEY NOT NULL,
	"limit_cents" bigint NOT NULL,
	"used_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "minimum_order_value" (
	"sales_channel_id" text PRIMARY KEY NOT NULL,
	"minimum_value_cents" bigint NOT NULL,
	"additional_cost_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_line_item" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"referenced_id" text,
	"product_number" text,
	"label" text NOT NULL,
	"quantity" integer NOT NULL,
	"backorder_quantity" integer DEFAULT 0 NOT NULL,
	"unit_price" numeric(18, 5) NOT NULL,
	"total_cents" bigint NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"unit" text,
	"remark" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order" (
	"id" text PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"customer_id" text NOT NULL,
	"company_id" text NOT NULL,
	"sales_channel_id" text NOT NULL,
	"language_id" text NOT NULL,
	"currency_iso" text DEFAULT 'EUR' NOT NULL,
	"idempotency_key" text,
	"state" text DEFAULT 'open' NOT NULL,
	"order_date_time" timestamp with time zone DEFAULT now() NOT NULL,
	"position_price_cents" bigint NOT NULL,
	"shipping_cents" bigint DEFAULT 0 NOT NULL,
	"surcharge_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"net_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"calculated_taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shipping_method_id" text,
	"payment_method_id" text NOT NULL,
	"shipping_option" text DEFAULT 'delivery' NOT NULL,
	"pickup_location_id" text,
	"shipping_address" jsonb,
	"billing_address" jsonb NOT NULL,
	"split_delivery" text DEFAULT 'together' NOT NULL,
	"requested_shipping_date" date,
	"order_reference" text,
	"file_number" text,
	"remark" text,
	"promotion_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"order_customer" jsonb NOT NULL,
	"cart_snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_method" (
	"id" text PRIMARY KEY NOT NULL,
	"technical_name" text NOT NULL,
	"translated" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"paid_in_advance" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "payment_method_technical_name_unique" UNIQUE("technical_name")
);
--> statement-breakpoint
CREATE TABLE "pickup_location" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"zipcode" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text DEFAULT 'BE' NOT NULL,
	"phone" text,
	"email" text,
	"opening_hours" text,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promotion" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"translated" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"discount_type" text NOT NULL,
	"value" numeric(5, 2) DEFAULT '0' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shipping_method" (
	"id" text PRIMARY KEY NOT NULL,
	"technical_name" text NOT NULL,
	"translated" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"free_from_cents" bigint,
	"delivery_time_min" integer DEFAULT 1 NOT NULL,
	"delivery_time_max" integer DEFAULT 3 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "shipping_method_technical_name_unique" UNIQUE("technical_name")
);
--> statement-breakpoint
ALTER TABLE "cart_line_item" ADD CONSTRAINT "cart_line_item_customer_id_cart_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."cart"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_credit" ADD CONSTRAINT "company_credit_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_item" ADD CONSTRAINT "order_line_item_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_line_item_order_idx" ON "order_line_item" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_number_idx" ON "order" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "order_idempotency_idx" ON "order" USING btree ("customer_id","idempotency_key") WHERE idempotency_key IS NOT NULL;--> statement-breakpoint
CREATE INDEX "order_customer_idx" ON "order" USING btree ("customer_id","order_date_time");--> statement-breakpoint
CREATE INDEX "order_company_idx" ON "order" USING btree ("company_id","order_date_time");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_code_idx" ON "promotion" USING btree ("code");