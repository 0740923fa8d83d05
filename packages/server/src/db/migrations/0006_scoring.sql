CREATE TABLE "evaluator_languages" (
	"evaluator_user_id" integer NOT NULL,
	"language_id" integer NOT NULL,
	CONSTRAINT "evaluator_languages_evaluator_user_id_language_id_pk" PRIMARY KEY("evaluator_user_id","language_id")
);
--> statement-breakpoint
CREATE TABLE "evaluators" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"accepts_work" boolean DEFAULT true NOT NULL,
	"last_assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_objective_results" (
	"candidate_test_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"objective_id" text NOT NULL,
	"state_id" text NOT NULL,
	"automatic" boolean NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_objective_results_candidate_test_id_item_id_objective_id_pk" PRIMARY KEY("candidate_test_id","item_id","objective_id")
);
--> statement-breakpoint
CREATE TABLE "score_sheets" (
	"candidate_test_id" integer PRIMARY KEY NOT NULL,
	"evaluator_user_id" integer,
	"did_finish" boolean DEFAULT true NOT NULL,
	"no_show" boolean DEFAULT false NOT NULL,
	"categories" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"section_categories" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"skipped_sections" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"checked_scoring_items" text[] DEFAULT '{}'::text[] NOT NULL,
	"recommendations" text[] DEFAULT '{}'::text[] NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scoring_assignments" (
	"candidate_test_id" integer PRIMARY KEY NOT NULL,
	"evaluator_user_id" integer,
	"assigned_at" timestamp with time zone,
	"due_at" timestamp with time zone NOT NULL,
	"is_review" boolean DEFAULT false NOT NULL,
	"review_reason" text,
	"objective_correct" integer,
	"objective_total" integer,
	"routed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "candidate_tests" ADD COLUMN "verification_key" text;--> statement-breakpoint
ALTER TABLE "evaluator_languages" ADD CONSTRAINT "evaluator_languages_evaluator_user_id_evaluators_user_id_fk" FOREIGN KEY ("evaluator_user_id") REFERENCES "public"."evaluators"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluator_languages" ADD CONSTRAINT "evaluator_languages_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluators" ADD CONSTRAINT "evaluators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_objective_results" ADD CONSTRAINT "item_objective_results_candidate_test_id_candidate_tests_id_fk" FOREIGN KEY ("candidate_test_id") REFERENCES "public"."candidate_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sheets" ADD CONSTRAINT "score_sheets_candidate_test_id_candidate_tests_id_fk" FOREIGN KEY ("candidate_test_id") REFERENCES "public"."candidate_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_sheets" ADD CONSTRAINT "score_sheets_evaluator_user_id_users_id_fk" FOREIGN KEY ("evaluator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_assignments" ADD CONSTRAINT "scoring_assignments_candidate_test_id_candidate_tests_id_fk" FOREIGN KEY ("candidate_test_id") REFERENCES "public"."candidate_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_assignments" ADD CONSTRAINT "scoring_assignments_evaluator_user_id_users_id_fk" FOREIGN KEY ("evaluator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluator_languages_language_idx" ON "evaluator_languages" USING btree ("language_id");--> statement-breakpoint
CREATE INDEX "scoring_assignments_open_idx" ON "scoring_assignments" USING btree ("evaluator_user_id","due_at") WHERE "scoring_assignments"."completed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "candidate_tests" ADD CONSTRAINT "candidate_tests_verification_key_unique" UNIQUE("verification_key");