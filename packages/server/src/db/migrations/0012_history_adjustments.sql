-- Test history (server/src/history): the few candidates with test adjustments, read from an index
-- (adjustments:yes), and PostgreSQL told that offices, roles and adjustments may go together, so
-- a search naming two of them is estimated as it is (an office without such candidates finds none).
CREATE INDEX "candidates_history_adjustments_idx" ON "candidates" USING btree ("account_id","id") WHERE "candidates"."adjustments" AND "candidates"."deleted_at" IS NULL;--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS candidates_office_role_adjustments_stats (mcv, dependencies) ON office_id, health_care_role_id, adjustments FROM candidates;--> statement-breakpoint
ANALYZE candidates;
