ALTER TABLE "customer" ADD COLUMN "pending_activation" text;--> statement-breakpoint
-- Registrations already waiting: inactive users of an inactive company who never logged in wait with their company.
UPDATE "customer" SET "pending_activation" = 'with_company' WHERE "active" = false AND "last_login" IS NULL AND "company_id" IN (SELECT "id" FROM "company" WHERE "active" = false);
