CREATE TABLE "phone_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"assigned_test_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"requested_by_user_id" integer NOT NULL,
	"to_number" text NOT NULL,
	"iso_code" text NOT NULL,
	"prompt_language_id" integer,
	"provider" text NOT NULL,
	"provider_call_id" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "phone_calls" ADD CONSTRAINT "phone_calls_assigned_test_id_assigned_tests_id_fk" FOREIGN KEY ("assigned_test_id") REFERENCES "public"."assigned_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_calls" ADD CONSTRAINT "phone_calls_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_calls" ADD CONSTRAINT "phone_calls_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_calls_provider_call_idx" ON "phone_calls" USING btree ("provider","provider_call_id");--> statement-breakpoint
CREATE INDEX "phone_calls_assigned_test_idx" ON "phone_calls" USING btree ("assigned_test_id");--> statement-breakpoint
CREATE INDEX "phone_calls_created_idx" ON "phone_calls" USING btree ("created_at");