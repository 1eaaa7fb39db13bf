CREATE SEQUENCE "public"."approval_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 500001 CACHE 1;--> statement-breakpoint
CREATE TABLE "budget_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"kind" text NOT NULL,
	"budget_id" text NOT NULL,
	"customer_id" text DEFAULT '' NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"entry" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"approval_id" text,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_usage" (
	"kind" text NOT NULL,
	"budget_id" text NOT NULL,
	"customer_id" text DEFAULT '' NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"limit_cents" bigint NOT NULL,
	"used_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "budget_usage_kind_budget_id_customer_id_period_start_pk" PRIMARY KEY("kind","budget_id","customer_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "cost_center" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"identifier" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "external_contact" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"identifier" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"connected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_approval" (
	"id" text PRIMARY KEY NOT NULL,
	"approval_number" text NOT NULL,
	"company_id" text NOT NULL,
	"requester_id" text NOT NULL,
	"flow_id" text,
	"order_reference_id" text,
	"cost_center_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"net_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"snapshot" jsonb NOT NULL,
	"snapshot_hash" text NOT NULL,
	"idempotency_key" text,
	"decided_by_id" text,
	"decided_at" timestamp with time zone,
	"decision_comment" text,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_flow_approver" (
	"flow_id" text NOT NULL,
	"customer_id" text NOT NULL,
	CONSTRAINT "order_flow_approver_flow_id_customer_id_pk" PRIMARY KEY("flow_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "order_flow" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"budget_cents" bigint,
	"period" text DEFAULT 'monthly' NOT NULL,
	"transfer_remainder" boolean DEFAULT false NOT NULL,
	"renewable" boolean DEFAULT true NOT NULL,
	"approve_from_cents" bigint,
	"start_date" date NOT NULL,
	"end_date" date,
	"active" boolean DEFAULT true NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_flow_user" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"flow_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_reference_approver" (
	"reference_id" text NOT NULL,
	"customer_id" text NOT NULL,
	CONSTRAINT "order_reference_approver_reference_id_customer_id_pk" PRIMARY KEY("reference_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "order_reference" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"budget_cents" bigint,
	"period" text DEFAULT 'monthly' NOT NULL,
	"renewable" boolean DEFAULT true NOT NULL,
	"transferable" boolean DEFAULT false NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"active" boolean DEFAULT true NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_reference_user" (
	"reference_id" text NOT NULL,
	"customer_id" text NOT NULL,
	CONSTRAINT "order_reference_user_reference_id_customer_id_pk" PRIMARY KEY("reference_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "cart" ADD COLUMN "order_reference_id" text;--> statement-breakpoint
ALTER TABLE "cart" ADD COLUMN "cost_center_id" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "order_reference_id" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "cost_center_id" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "flow_id" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "approval_id" text;--> statement-breakpoint
ALTER TABLE "cost_center" ADD CONSTRAINT "cost_center_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_contact" ADD CONSTRAINT "external_contact_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_flow_approver" ADD CONSTRAINT "order_flow_approver_flow_id_order_flow_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."order_flow"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_flow_approver" ADD CONSTRAINT "order_flow_approver_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_flow" ADD CONSTRAINT "order_flow_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_flow_user" ADD CONSTRAINT "order_flow_user_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_flow_user" ADD CONSTRAINT "order_flow_user_flow_id_order_flow_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."order_flow"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reference_approver" ADD CONSTRAINT "order_reference_approver_reference_id_order_reference_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."order_reference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reference_approver" ADD CONSTRAINT "order_reference_approver_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reference" ADD CONSTRAINT "order_reference_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reference_user" ADD CONSTRAINT "order_reference_user_reference_id_order_reference_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."order_reference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reference_user" ADD CONSTRAINT "order_reference_user_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_ledger_budget_idx" ON "budget_ledger" USING btree ("kind","budget_id","customer_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_center_identifier_idx" ON "cost_center" USING btree ("company_id","identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "external_contact_identifier_idx" ON "external_contact" USING btree ("company_id","identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "order_approval_number_idx" ON "order_approval" USING btree ("approval_number");--> statement-breakpoint
CREATE UNIQUE INDEX "order_approval_idempotency_idx" ON "order_approval" USING btree ("requester_id","idempotency_key") WHERE idempotency_key IS NOT NULL;--> statement-breakpoint
CREATE INDEX "order_approval_company_idx" ON "order_approval" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "order_flow_company_idx" ON "order_flow" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "order_flow_user_flow_idx" ON "order_flow_user" USING btree ("flow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_reference_name_idx" ON "order_reference" USING btree ("company_id",lower("name"));