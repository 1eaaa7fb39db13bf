CREATE TABLE "cxml_order_request" (
	"payload_id" text PRIMARY KEY NOT NULL,
	"config_id" text NOT NULL,
	"order_id" text,
	"response" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punchout_config" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"protocol" text NOT NULL,
	"system_name" text NOT NULL,
	"customer_id" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cxml_domain" text,
	"cxml_identity" text,
	"secret_hash" text,
	"aux_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "punchout_session" (
	"id" text PRIMARY KEY NOT NULL,
	"config_id" text NOT NULL,
	"customer_id" text,
	"protocol" text NOT NULL,
	"operation" text DEFAULT 'create' NOT NULL,
	"return_url" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "punchout_start" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "punch_out_session_id" text;--> statement-breakpoint
ALTER TABLE "cxml_order_request" ADD CONSTRAINT "cxml_order_request_config_id_punchout_config_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."punchout_config"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_config" ADD CONSTRAINT "punchout_config_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_config" ADD CONSTRAINT "punchout_config_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_session" ADD CONSTRAINT "punchout_session_config_id_punchout_config_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."punchout_config"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_start" ADD CONSTRAINT "punchout_start_session_id_punchout_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."punchout_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "punchout_config_company_idx" ON "punchout_config" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_config_cxml_identity_idx" ON "punchout_config" USING btree ("cxml_domain","cxml_identity");--> statement-breakpoint
CREATE INDEX "punchout_session_config_idx" ON "punchout_session" USING btree ("config_id");