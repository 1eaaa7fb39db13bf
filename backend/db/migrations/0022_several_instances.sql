CREATE TABLE "cache_version" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "erp_handed_over_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_erp_pending_idx" ON "order" USING btree ("created_at") WHERE "order"."erp_handed_over_at" is null;--> statement-breakpoint
INSERT INTO "cache_version" ("scope", "version") VALUES ('catalog', 1), ('channel', 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "order" SET "erp_handed_over_at" = "created_at";
