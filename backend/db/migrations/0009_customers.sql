CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_customer_id" text,
	"action" text NOT NULL,
	"target_customer_id" text,
	"company_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_address" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text,
	"box" text,
	"zipcode" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text DEFAULT 'BE' NOT NULL,
	"email" text,
	"additional" text,
	"is_main" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" text PRIMARY KEY NOT NULL,
	"company_number" text NOT NULL,
	"name" text NOT NULL,
	"vat_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"branch" text,
	"branch_industry" text,
	"locale" text DEFAULT 'nl-NL' NOT NULL,
	"street" text,
	"house_number" text,
	"box" text,
	"zipcode" text,
	"city" text,
	"country_code" text DEFAULT 'BE' NOT NULL,
	"phone" text,
	"email_for_invoice" text,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_right" (
	"customer_id" text NOT NULL,
	"code" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "customer_right_customer_id_code_pk" PRIMARY KEY("customer_id","code")
);
--> statement-breakpoint
CREATE TABLE "customer" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"salutation" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"mobile" text,
	"fax" text,
	"customer_function" text,
	"active" boolean DEFAULT false NOT NULL,
	"lead_buyer" boolean DEFAULT false NOT NULL,
	"is_oci_customer" boolean DEFAULT false NOT NULL,
	"role" text DEFAULT 'buyer' NOT NULL,
	"managed_company_ids" text[],
	"force_recovery" boolean DEFAULT false NOT NULL,
	"double_opt_in_registration" boolean DEFAULT false NOT NULL,
	"double_opt_in_confirm_date" timestamp with time zone,
	"default_billing_address_id" text,
	"default_shipping_address_id" text,
	"language_id" text,
	"order_count" integer DEFAULT 0 NOT NULL,
	"last_login" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"template" text NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_recovery" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"purpose" text DEFAULT 'recovery' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_address" ADD CONSTRAINT "company_address_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_right" ADD CONSTRAINT "customer_right_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_recovery" ADD CONSTRAINT "password_recovery_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_customer_id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_customer_id");--> statement-breakpoint
CREATE INDEX "company_address_company_idx" ON "company_address" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_number_idx" ON "company" USING btree ("company_number");--> statement-breakpoint
CREATE UNIQUE INDEX "company_vat_idx" ON "company" USING btree ("vat_id") WHERE vat_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_username_idx" ON "customer" USING btree ("username");--> statement-breakpoint
CREATE INDEX "customer_company_idx" ON "customer" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_recovery_secret_idx" ON "password_recovery" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "password_recovery_customer_idx" ON "password_recovery" USING btree ("customer_id");