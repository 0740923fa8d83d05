-- Test history without a slow tail at a million candidates (issue 26, point 2; docs/scaling.md,
-- "Test history and candidate search at a million candidates"). Indexes only, so the release still
-- running is unaffected; the INCLUDE columns are added here by hand (drizzle cannot spell them).
--
-- A test keyword with a start_date/end_date range (test:Arabic start_date:>=…): one range of this
-- index instead of every test of the date range read from the table to check its test.
CREATE INDEX IF NOT EXISTS "assigned_tests_history_test_date_idx" ON "assigned_tests" USING btree ("account_id","test_id","test_date","created_at","id") INCLUDE ("candidate_id") WHERE "assigned_tests"."deleted_at" IS NULL;--> statement-breakpoint
-- A gathered search that finds its candidates first (a name prefix with an office and a method):
-- their tests, and every condition on them, read from the index alone.
CREATE INDEX IF NOT EXISTS "assigned_tests_history_candidate_idx" ON "assigned_tests" USING btree ("candidate_id","created_at","id") INCLUDE ("account_id","test_id","test_date","state","has_attempt","expires_at") WHERE "assigned_tests"."deleted_at" IS NULL;--> statement-breakpoint
-- A walk that checks each test's candidate against the scope only (an office user's sort:test):
-- the account and office from the index, not the candidate's row.
CREATE INDEX IF NOT EXISTS "candidates_history_scope_idx" ON "candidates" USING btree ("id") INCLUDE ("account_id","office_id") WHERE "candidates"."deleted_at" IS NULL;
