CREATE TABLE "account_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"short_notice_fee_cents" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assigned_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"office_id" integer,
	"candidate_id" integer NOT NULL,
	"account_test_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"candidate_track_test_id" integer,
	"access_code" text NOT NULL,
	"state" text NOT NULL,
	"complimentary" boolean DEFAULT false NOT NULL,
	"fees_waived" boolean DEFAULT false NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"notify_candidate" boolean DEFAULT true NOT NULL,
	"requires_live_proctor" boolean DEFAULT false NOT NULL,
	"use_proctor_service" boolean DEFAULT false NOT NULL,
	"administer_now" boolean DEFAULT false NOT NULL,
	"allow_candidate_to_schedule" boolean DEFAULT false NOT NULL,
	"use_medical_test_recommendations" boolean DEFAULT false NOT NULL,
	"scheduled_at" timestamp with time zone,
	"scheduled_time_zone_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"cancellation" text,
	"cancellation_result" text,
	"cancelled_at" timestamp with time zone,
	"assigned_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "candidate_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"assigned_test_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"state" text NOT NULL,
	"started_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"result_state" text,
	"result_value" text,
	"result_reason" text,
	"scored_at" timestamp with time zone,
	"proctor_state" text,
	"proctor_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_track_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"track_id" integer NOT NULL,
	"account_test_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"requires_scheduling" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"test_group_id" integer,
	"description" text NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidates" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"office_id" integer,
	"user_id" integer,
	"first_name" text NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"last_name" text NOT NULL,
	"employee_id" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"challenge_question" text DEFAULT '' NOT NULL,
	"challenge_answer" text DEFAULT '' NOT NULL,
	"client_notes" text DEFAULT '' NOT NULL,
	"adjustments" boolean DEFAULT false NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"street_address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"time_zone_id" integer DEFAULT 23 NOT NULL,
	"language_id" integer DEFAULT 140 NOT NULL,
	"health_care_role_id" integer,
	"health_care_specialty_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "healthcare_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "healthcare_specialties" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_test_set_tests" (
	"set_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"is_recommended" boolean DEFAULT false NOT NULL,
	CONSTRAINT "medical_test_set_tests_set_id_test_id_pk" PRIMARY KEY("set_id","test_id")
);
--> statement-breakpoint
CREATE TABLE "medical_test_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"language_id" integer NOT NULL,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"office_id" integer,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"is_global" boolean DEFAULT false NOT NULL,
	"result_type" text DEFAULT 'full_report' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_group_tests" (
	"group_id" integer NOT NULL,
	"account_test_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "test_group_tests_group_id_account_test_id_pk" PRIMARY KEY("group_id","account_test_id")
);
--> statement-breakpoint
CREATE TABLE "test_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"office_id" integer,
	"description" text NOT NULL,
	"is_global" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"language_id" integer NOT NULL,
	"method" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"time_limit_minutes" integer,
	"proctored" boolean DEFAULT false NOT NULL,
	"test_type" text NOT NULL,
	"is_medical" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_tests" ADD CONSTRAINT "account_tests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tests" ADD CONSTRAINT "account_tests_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_tests" ADD CONSTRAINT "assigned_tests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_tests" ADD CONSTRAINT "assigned_tests_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_tests" ADD CONSTRAINT "assigned_tests_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_tests" ADD CONSTRAINT "assigned_tests_account_test_id_account_tests_id_fk" FOREIGN KEY ("account_test_id") REFERENCES "public"."account_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_tests" ADD CONSTRAINT "assigned_tests_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_tests" ADD CONSTRAINT "assigned_tests_candidate_track_test_id_candidate_track_tests_id_fk" FOREIGN KEY ("candidate_track_test_id") REFERENCES "public"."candidate_track_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_tests" ADD CONSTRAINT "assigned_tests_assigned_by_user_id_users_id_fk" FOREIGN KEY ("assigned_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_tests" ADD CONSTRAINT "candidate_tests_assigned_test_id_assigned_tests_id_fk" FOREIGN KEY ("assigned_test_id") REFERENCES "public"."assigned_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_tests" ADD CONSTRAINT "candidate_tests_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_tests" ADD CONSTRAINT "candidate_tests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_track_tests" ADD CONSTRAINT "candidate_track_tests_track_id_candidate_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."candidate_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_track_tests" ADD CONSTRAINT "candidate_track_tests_account_test_id_account_tests_id_fk" FOREIGN KEY ("account_test_id") REFERENCES "public"."account_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_tracks" ADD CONSTRAINT "candidate_tracks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_tracks" ADD CONSTRAINT "candidate_tracks_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_tracks" ADD CONSTRAINT "candidate_tracks_test_group_id_test_groups_id_fk" FOREIGN KEY ("test_group_id") REFERENCES "public"."test_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_health_care_role_id_healthcare_roles_id_fk" FOREIGN KEY ("health_care_role_id") REFERENCES "public"."healthcare_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_health_care_specialty_id_healthcare_specialties_id_fk" FOREIGN KEY ("health_care_specialty_id") REFERENCES "public"."healthcare_specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "healthcare_specialties" ADD CONSTRAINT "healthcare_specialties_role_id_healthcare_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."healthcare_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_test_set_tests" ADD CONSTRAINT "medical_test_set_tests_set_id_medical_test_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."medical_test_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_test_set_tests" ADD CONSTRAINT "medical_test_set_tests_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_test_sets" ADD CONSTRAINT "medical_test_sets_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_recipients" ADD CONSTRAINT "result_recipients_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_recipients" ADD CONSTRAINT "result_recipients_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_group_tests" ADD CONSTRAINT "test_group_tests_group_id_test_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."test_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_group_tests" ADD CONSTRAINT "test_group_tests_account_test_id_account_tests_id_fk" FOREIGN KEY ("account_test_id") REFERENCES "public"."account_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_groups" ADD CONSTRAINT "test_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_groups" ADD CONSTRAINT "test_groups_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_tests_account_test_idx" ON "account_tests" USING btree ("account_id","test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assigned_tests_access_code_idx" ON "assigned_tests" USING btree ("access_code");--> statement-breakpoint
CREATE INDEX "assigned_tests_candidate_idx" ON "assigned_tests" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "assigned_tests_account_office_created_idx" ON "assigned_tests" USING btree ("account_id","office_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "candidate_tests_assigned_idx" ON "candidate_tests" USING btree ("assigned_test_id");--> statement-breakpoint
CREATE INDEX "candidate_tests_candidate_idx" ON "candidate_tests" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "candidate_track_tests_track_idx" ON "candidate_track_tests" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "candidate_tracks_candidate_idx" ON "candidate_tracks" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "candidates_account_office_idx" ON "candidates" USING btree ("account_id","office_id");--> statement-breakpoint
CREATE INDEX "candidates_user_idx" ON "candidates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "healthcare_specialties_role_idx" ON "healthcare_specialties" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "result_recipients_account_office_idx" ON "result_recipients" USING btree ("account_id","office_id");--> statement-breakpoint
CREATE INDEX "test_groups_account_office_idx" ON "test_groups" USING btree ("account_id","office_id");--> statement-breakpoint
CREATE INDEX "tests_language_idx" ON "tests" USING btree ("language_id");