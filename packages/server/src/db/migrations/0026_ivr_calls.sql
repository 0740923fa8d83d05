CREATE TABLE "ivr_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"candidate_test_id" integer NOT NULL,
	"channel" text NOT NULL,
	"provider_call_id" text,
	"state" text NOT NULL,
	"step_index" integer DEFAULT 0 NOT NULL,
	"repeats" integer DEFAULT 0 NOT NULL,
	"silences" integer DEFAULT 0 NOT NULL,
	"again" text,
	"end_reason" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"last_event_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ivr_responses" (
	"candidate_test_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"sha256" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"duration_ms" integer,
	"seq" bigint NOT NULL,
	"call_id" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ivr_responses_candidate_test_id_item_id_pk" PRIMARY KEY("candidate_test_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "webivr_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"assigned_test_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ivr_calls" ADD CONSTRAINT "ivr_calls_candidate_test_id_candidate_tests_id_fk" FOREIGN KEY ("candidate_test_id") REFERENCES "public"."candidate_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_responses" ADD CONSTRAINT "ivr_responses_candidate_test_id_candidate_tests_id_fk" FOREIGN KEY ("candidate_test_id") REFERENCES "public"."candidate_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_responses" ADD CONSTRAINT "ivr_responses_sha256_media_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."media_files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_responses" ADD CONSTRAINT "ivr_responses_call_id_ivr_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."ivr_calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webivr_tokens" ADD CONSTRAINT "webivr_tokens_assigned_test_id_assigned_tests_id_fk" FOREIGN KEY ("assigned_test_id") REFERENCES "public"."assigned_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webivr_tokens" ADD CONSTRAINT "webivr_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ivr_calls_attempt_idx" ON "ivr_calls" USING btree ("candidate_test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ivr_calls_open_idx" ON "ivr_calls" USING btree ("candidate_test_id") WHERE "ivr_calls"."state" in ('calling', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "ivr_calls_provider_idx" ON "ivr_calls" USING btree ("channel","provider_call_id") WHERE "ivr_calls"."provider_call_id" is not null;--> statement-breakpoint
CREATE INDEX "webivr_tokens_expires_idx" ON "webivr_tokens" USING btree ("expires_at");