CREATE TABLE "media_files" (
	"sha256" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proctor_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_key" text NOT NULL,
	"candidate_id" integer NOT NULL,
	"assigned_test_id" integer NOT NULL,
	"proctor_name" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_by_user_id" integer,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "proctor_passwords" (
	"assigned_test_id" integer PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"mailed_to" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"authorized_at" timestamp with time zone,
	"authorized_by_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "proctor_agreements" ADD CONSTRAINT "proctor_agreements_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctor_agreements" ADD CONSTRAINT "proctor_agreements_assigned_test_id_assigned_tests_id_fk" FOREIGN KEY ("assigned_test_id") REFERENCES "public"."assigned_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctor_agreements" ADD CONSTRAINT "proctor_agreements_signed_by_user_id_users_id_fk" FOREIGN KEY ("signed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctor_passwords" ADD CONSTRAINT "proctor_passwords_assigned_test_id_assigned_tests_id_fk" FOREIGN KEY ("assigned_test_id") REFERENCES "public"."assigned_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctor_passwords" ADD CONSTRAINT "proctor_passwords_authorized_by_user_id_users_id_fk" FOREIGN KEY ("authorized_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proctor_agreements_group_idx" ON "proctor_agreements" USING btree ("group_key");