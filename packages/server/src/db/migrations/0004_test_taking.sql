CREATE TABLE "candidate_test_answers" (
	"candidate_test_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"response" text NOT NULL,
	"seq" bigint NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_test_answers_candidate_test_id_item_id_pk" PRIMARY KEY("candidate_test_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "candidate_test_media_grants" (
	"candidate_test_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"plays_used" integer DEFAULT 0 NOT NULL,
	"plays_allowed" integer,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_test_media_grants_candidate_test_id_item_id_pk" PRIMARY KEY("candidate_test_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "candidate_tests" ADD COLUMN "content_version_id" integer;--> statement-breakpoint
ALTER TABLE "candidate_tests" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "candidate_tests" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "candidate_tests" ADD COLUMN "receipt" text;--> statement-breakpoint
ALTER TABLE "candidate_tests" ADD COLUMN "last_heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "candidate_tests" ADD COLUMN "seconds_taken" integer;--> statement-breakpoint
ALTER TABLE "candidate_test_answers" ADD CONSTRAINT "candidate_test_answers_candidate_test_id_candidate_tests_id_fk" FOREIGN KEY ("candidate_test_id") REFERENCES "public"."candidate_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_test_media_grants" ADD CONSTRAINT "candidate_test_media_grants_candidate_test_id_candidate_tests_id_fk" FOREIGN KEY ("candidate_test_id") REFERENCES "public"."candidate_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_tests" ADD CONSTRAINT "candidate_tests_content_version_id_test_content_versions_id_fk" FOREIGN KEY ("content_version_id") REFERENCES "public"."test_content_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_tests_open_deadline_idx" ON "candidate_tests" USING btree ("deadline_at") WHERE "candidate_tests"."state" = 'in_progress';