CREATE TABLE "candidate_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"options" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"result" jsonb,
	"assigned_test_ids" integer[],
	"group_key" text
);
--> statement-breakpoint
ALTER TABLE "candidate_uploads" ADD CONSTRAINT "candidate_uploads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_uploads" ADD CONSTRAINT "candidate_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "candidate_uploads_key_idx" ON "candidate_uploads" USING btree ("key");--> statement-breakpoint
CREATE INDEX "candidate_uploads_account_idx" ON "candidate_uploads" USING btree ("account_id","created_at");