CREATE TABLE "qti_item_scores" (
	"candidate_test_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"score" double precision NOT NULL,
	"max_score" double precision NOT NULL,
	"outcomes" jsonb NOT NULL,
	"scored_at" timestamp with time zone NOT NULL,
	CONSTRAINT "qti_item_scores_candidate_test_id_item_id_pk" PRIMARY KEY("candidate_test_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "qti_test_scores" (
	"candidate_test_id" integer PRIMARY KEY NOT NULL,
	"score" double precision NOT NULL,
	"max_score" double precision NOT NULL,
	"all_machine_scored" boolean NOT NULL,
	"level" text,
	"scored_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_cut_scores" (
	"test_id" integer PRIMARY KEY NOT NULL,
	"cut_scores" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qti_item_scores" ADD CONSTRAINT "qti_item_scores_candidate_test_id_candidate_tests_id_fk" FOREIGN KEY ("candidate_test_id") REFERENCES "public"."candidate_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qti_test_scores" ADD CONSTRAINT "qti_test_scores_candidate_test_id_candidate_tests_id_fk" FOREIGN KEY ("candidate_test_id") REFERENCES "public"."candidate_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_cut_scores" ADD CONSTRAINT "test_cut_scores_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;