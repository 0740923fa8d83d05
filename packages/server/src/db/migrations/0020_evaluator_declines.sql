CREATE TABLE "evaluator_declines" (
	"assigned_test_id" integer NOT NULL,
	"evaluator_user_id" integer NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"rebooked_at" timestamp with time zone,
	"declined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluator_declines_assigned_test_id_evaluator_user_id_pk" PRIMARY KEY("assigned_test_id","evaluator_user_id")
);
--> statement-breakpoint
ALTER TABLE "evaluator_declines" ADD CONSTRAINT "evaluator_declines_assigned_test_id_assigned_tests_id_fk" FOREIGN KEY ("assigned_test_id") REFERENCES "public"."assigned_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluator_declines" ADD CONSTRAINT "evaluator_declines_evaluator_user_id_users_id_fk" FOREIGN KEY ("evaluator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluator_declines_evaluator_idx" ON "evaluator_declines" USING btree ("evaluator_user_id","scheduled_at");