-- Test history: the office with each candidate in the history indexes of candidates, so an office
-- user's candidates of a role, a created or updated day, or with adjustments are read from the
-- index alone (their office checked there, not on every candidate row).
DROP INDEX "candidates_history_role_idx";--> statement-breakpoint
DROP INDEX "candidates_history_created_idx";--> statement-breakpoint
DROP INDEX "candidates_history_updated_idx";--> statement-breakpoint
DROP INDEX "candidates_history_adjustments_idx";--> statement-breakpoint
CREATE INDEX "candidates_history_role_idx" ON "candidates" USING btree ("account_id","health_care_role_id","id","office_id") WHERE "candidates"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "candidates_history_created_idx" ON "candidates" USING btree ("account_id","created_at","id","office_id") WHERE "candidates"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "candidates_history_updated_idx" ON "candidates" USING btree ("account_id","updated_at","id","office_id") WHERE "candidates"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "candidates_history_adjustments_idx" ON "candidates" USING btree ("account_id","id","office_id") WHERE "candidates"."adjustments" AND "candidates"."deleted_at" IS NULL;