-- Test history at a million tests (issue 12, part 3; server/src/history/order.ts says how each
-- order reads these indexes).
--
-- The test date (coalesce(scheduled_at, the attempt's started_at or received_at, created_at)) and
-- whether a test has an attempt are stored on the assigned test, so that the search filters,
-- sorts and estimates them on one table. Triggers keep them, not application code, so that no
-- writer of either table (taking, paper tests, scoring, seeds, fixtures) can forget to.
ALTER TABLE "assigned_tests" ADD COLUMN "test_date" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "assigned_tests" ADD COLUMN "has_attempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "assigned_tests" a SET "has_attempt" = ct.id IS NOT NULL, "test_date" = coalesce(a.scheduled_at, ct.started_at, ct.received_at, a.created_at)
  FROM "assigned_tests" a2 LEFT JOIN "candidate_tests" ct ON ct.assigned_test_id = a2.id WHERE a2.id = a.id;--> statement-breakpoint
CREATE FUNCTION assigned_tests_history_facts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  attempt record;
BEGIN
  SELECT ct.started_at, ct.received_at INTO attempt FROM candidate_tests ct WHERE ct.assigned_test_id = NEW.id;
  NEW.has_attempt := FOUND;
  NEW.test_date := coalesce(NEW.scheduled_at, attempt.started_at, attempt.received_at, NEW.created_at);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER assigned_tests_history_facts BEFORE INSERT OR UPDATE OF scheduled_at, created_at ON assigned_tests
  FOR EACH ROW EXECUTE FUNCTION assigned_tests_history_facts();--> statement-breakpoint
CREATE FUNCTION candidate_tests_history_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.assigned_test_id <> NEW.assigned_test_id) THEN
    UPDATE assigned_tests a SET has_attempt = false, test_date = coalesce(a.scheduled_at, a.created_at) WHERE a.id = OLD.assigned_test_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE assigned_tests a SET has_attempt = true, test_date = coalesce(a.scheduled_at, NEW.started_at, NEW.received_at, a.created_at)
     WHERE a.id = NEW.assigned_test_id
       AND (NOT a.has_attempt OR a.test_date IS DISTINCT FROM coalesce(a.scheduled_at, NEW.started_at, NEW.received_at, a.created_at));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER candidate_tests_history_facts AFTER INSERT OR DELETE ON candidate_tests
  FOR EACH ROW EXECUTE FUNCTION candidate_tests_history_facts();--> statement-breakpoint
-- Only a change of the dates counts (an autosave touches neither).
CREATE TRIGGER candidate_tests_history_facts_changed AFTER UPDATE OF started_at, received_at, assigned_test_id ON candidate_tests
  FOR EACH ROW WHEN (OLD.started_at IS DISTINCT FROM NEW.started_at OR OLD.received_at IS DISTINCT FROM NEW.received_at OR OLD.assigned_test_id <> NEW.assigned_test_id)
  EXECUTE FUNCTION candidate_tests_history_facts();--> statement-breakpoint
-- The newest-first walk checks each test against the search from the index alone.
DROP INDEX "assigned_tests_history_order_idx";--> statement-breakpoint
CREATE INDEX "assigned_tests_history_order_idx" ON "assigned_tests" USING btree ("account_id","created_at","id")
  INCLUDE ("candidate_id","test_id","test_date","state","has_attempt","expires_at") WHERE "assigned_tests"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "assigned_tests_history_date_idx" ON "assigned_tests" USING btree ("account_id","test_date","created_at","id") INCLUDE ("candidate_id") WHERE "assigned_tests"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "assigned_tests_history_date_asc_idx" ON "assigned_tests" USING btree ("account_id","test_date","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("candidate_id") WHERE "assigned_tests"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "assigned_tests_history_date_early_idx" ON "assigned_tests" USING btree ("account_id","created_at","id") WHERE "assigned_tests"."deleted_at" IS NULL AND "assigned_tests"."test_date" - "assigned_tests"."created_at" < interval '0 seconds';--> statement-breakpoint
CREATE INDEX "assigned_tests_history_test_idx" ON "assigned_tests" USING btree ("account_id","test_id","created_at","id") INCLUDE ("candidate_id") WHERE "assigned_tests"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "candidates_history_employee_id_idx" ON "candidates" USING btree ("account_id","employee_id","id") WHERE "candidates"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "candidates_history_role_idx" ON "candidates" USING btree ("account_id","health_care_role_id","id") WHERE "candidates"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "candidates_history_created_idx" ON "candidates" USING btree ("account_id","created_at","id") WHERE "candidates"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "candidates_history_updated_idx" ON "candidates" USING btree ("account_id","updated_at","id") WHERE "candidates"."deleted_at" IS NULL;--> statement-breakpoint
-- Statistics of the candidates search's expressions: their indexes are partial, and PostgreSQL
-- estimates only from whole-table statistics, so without these every name, email or employee id
-- prefix is guessed at 0.5% of the candidates (the history chooses its plan and count by estimate).
CREATE STATISTICS candidates_last_name_stats ON (lower(last_name) COLLATE "C") FROM candidates;--> statement-breakpoint
CREATE STATISTICS candidates_first_name_stats ON (lower(first_name) COLLATE "C") FROM candidates;--> statement-breakpoint
CREATE STATISTICS candidates_full_name_stats ON (lower((first_name || ' ') || last_name) COLLATE "C") FROM candidates;--> statement-breakpoint
CREATE STATISTICS candidates_email_stats ON (lower(email) COLLATE "C") FROM candidates;--> statement-breakpoint
CREATE STATISTICS candidates_employee_id_stats ON (lower(employee_id) COLLATE "C") FROM candidates;--> statement-breakpoint
CREATE STATISTICS candidates_middle_name_stats ON (lower(middle_name)) FROM candidates;--> statement-breakpoint
-- How long before its assignment a test is dated: negative for very few, so a walk under an
-- end_date reads those apart (assigned_tests_history_date_early_idx).
CREATE STATISTICS assigned_tests_early_date_stats ON ((test_date - created_at)) FROM assigned_tests;--> statement-breakpoint
-- A test has an attempt exactly when it is taken or was started: without this, expired:yes and
-- expired:no would be estimated as if state and has_attempt were unrelated (off by 40%).
CREATE STATISTICS assigned_tests_state_attempt_stats (mcv) ON state, has_attempt FROM assigned_tests;--> statement-breakpoint
ANALYZE assigned_tests;--> statement-breakpoint
ANALYZE candidates;
