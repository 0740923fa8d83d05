CREATE TABLE "video_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"assigned_test_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_access_tokens" ADD CONSTRAINT "video_access_tokens_assigned_test_id_assigned_tests_id_fk" FOREIGN KEY ("assigned_test_id") REFERENCES "public"."assigned_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_access_tokens" ADD CONSTRAINT "video_access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_access_tokens_expires_idx" ON "video_access_tokens" USING btree ("expires_at");