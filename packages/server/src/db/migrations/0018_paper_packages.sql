CREATE TABLE "paper_package_tests" (
	"package_id" integer NOT NULL,
	"assigned_test_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "paper_package_tests_package_id_assigned_test_id_pk" PRIMARY KEY("package_id","assigned_test_id")
);
--> statement-breakpoint
CREATE TABLE "paper_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_key" text NOT NULL,
	"account_id" integer NOT NULL,
	"office_id" integer,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pdf_state" text DEFAULT 'pending' NOT NULL,
	"pdf" "bytea",
	"pdf_ready_at" timestamp with time zone,
	"printed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "paper_responses" (
	"candidate_test_id" integer PRIMARY KEY NOT NULL,
	"scan" "bytea",
	"scan_filename" text,
	"scan_bytes" integer,
	"entered_text" text,
	"received_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paper_package_tests" ADD CONSTRAINT "paper_package_tests_package_id_paper_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."paper_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_package_tests" ADD CONSTRAINT "paper_package_tests_assigned_test_id_assigned_tests_id_fk" FOREIGN KEY ("assigned_test_id") REFERENCES "public"."assigned_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_packages" ADD CONSTRAINT "paper_packages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_packages" ADD CONSTRAINT "paper_packages_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_packages" ADD CONSTRAINT "paper_packages_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_responses" ADD CONSTRAINT "paper_responses_candidate_test_id_candidate_tests_id_fk" FOREIGN KEY ("candidate_test_id") REFERENCES "public"."candidate_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_responses" ADD CONSTRAINT "paper_responses_received_by_user_id_users_id_fk" FOREIGN KEY ("received_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paper_package_tests_assigned_idx" ON "paper_package_tests" USING btree ("assigned_test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_packages_group_key_idx" ON "paper_packages" USING btree ("group_key");--> statement-breakpoint
CREATE INDEX "paper_packages_account_idx" ON "paper_packages" USING btree ("account_id","created_at");