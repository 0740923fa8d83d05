CREATE TABLE "candidate_test_events" (
	"candidate_test_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"item_id" text NOT NULL,
	"response" text NOT NULL,
	"client_ms" bigint NOT NULL,
	"prev" text NOT NULL,
	"hash" text NOT NULL,
	"source" text NOT NULL,
	"uploaded_by" integer,
	"held" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_test_events_candidate_test_id_seq_pk" PRIMARY KEY("candidate_test_id","seq")
);
--> statement-breakpoint
CREATE TABLE "delivery_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidate_tests" ADD COLUMN "journal_head" text;--> statement-breakpoint
ALTER TABLE "candidate_tests" ADD COLUMN "journal_seq" bigint;--> statement-breakpoint
ALTER TABLE "candidate_tests" ADD COLUMN "journal_secret" text;--> statement-breakpoint
ALTER TABLE "candidate_tests" ADD COLUMN "delivery_key_id" text;--> statement-breakpoint
ALTER TABLE "candidate_test_events" ADD CONSTRAINT "candidate_test_events_candidate_test_id_candidate_tests_id_fk" FOREIGN KEY ("candidate_test_id") REFERENCES "public"."candidate_tests"("id") ON DELETE cascade ON UPDATE no action;