CREATE TABLE "proctor_terms_acceptances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proctoring_reservation_tests" (
	"reservation_id" integer NOT NULL,
	"assigned_test_id" integer NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "proctoring_reservation_tests_reservation_id_assigned_test_id_pk" PRIMARY KEY("reservation_id","assigned_test_id")
);
--> statement-breakpoint
CREATE TABLE "proctoring_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"office_id" integer,
	"candidate_id" integer NOT NULL,
	"proctor_user_id" integer NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"time_zone_id" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"cost_cents" integer NOT NULL,
	"state" text DEFAULT 'reserved' NOT NULL,
	"fee_status" text DEFAULT 'unpaid' NOT NULL,
	"payment_id" integer,
	"paid_at" timestamp with time zone,
	"booked_by_user_id" integer NOT NULL,
	"booked_as" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_user_id" integer,
	"cancellation" text
);
--> statement-breakpoint
ALTER TABLE "proctor_terms_acceptances" ADD CONSTRAINT "proctor_terms_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctor_terms_acceptances" ADD CONSTRAINT "proctor_terms_acceptances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_reservation_tests" ADD CONSTRAINT "proctoring_reservation_tests_reservation_id_proctoring_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."proctoring_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_reservation_tests" ADD CONSTRAINT "proctoring_reservation_tests_assigned_test_id_assigned_tests_id_fk" FOREIGN KEY ("assigned_test_id") REFERENCES "public"."assigned_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_reservations" ADD CONSTRAINT "proctoring_reservations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_reservations" ADD CONSTRAINT "proctoring_reservations_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_reservations" ADD CONSTRAINT "proctoring_reservations_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_reservations" ADD CONSTRAINT "proctoring_reservations_proctor_user_id_users_id_fk" FOREIGN KEY ("proctor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_reservations" ADD CONSTRAINT "proctoring_reservations_booked_by_user_id_users_id_fk" FOREIGN KEY ("booked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_reservations" ADD CONSTRAINT "proctoring_reservations_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proctoring_reservation_tests_held_idx" ON "proctoring_reservation_tests" USING btree ("assigned_test_id") WHERE "proctoring_reservation_tests"."released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "proctoring_reservations_proctor_idx" ON "proctoring_reservations" USING btree ("proctor_user_id","scheduled_at") WHERE "proctoring_reservations"."state" = 'reserved';--> statement-breakpoint
CREATE INDEX "proctoring_reservations_candidate_idx" ON "proctoring_reservations" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "proctoring_reservations_unpaid_idx" ON "proctoring_reservations" USING btree ("account_id") WHERE "proctoring_reservations"."fee_status" = 'unpaid';