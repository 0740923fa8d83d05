ALTER TABLE "accounts" ADD COLUMN "sso_domains" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluators" ADD COLUMN "max_open_tests" integer;