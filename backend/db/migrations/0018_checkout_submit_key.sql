CREATE TABLE "checkout_submit_key" (
	"customer_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_submit_key_customer_id_idempotency_key_pk" PRIMARY KEY("customer_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "checkout_submit_key" ADD CONSTRAINT "checkout_submit_key_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;