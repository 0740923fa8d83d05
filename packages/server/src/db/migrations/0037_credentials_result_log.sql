CREATE TABLE "result_log_checkpoints" (
	"tree_size" bigint PRIMARY KEY NOT NULL,
	"root_hash" "bytea" NOT NULL,
	"signed_at" timestamp (3) with time zone NOT NULL,
	"key_id" text NOT NULL,
	"note" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_log_entries" (
	"idx" bigint PRIMARY KEY NOT NULL,
	"entry" text NOT NULL,
	"type" text NOT NULL,
	"verification_key" text,
	"candidate_test_id" integer,
	"at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_log_nodes" (
	"id" bigint PRIMARY KEY NOT NULL,
	"hash" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credential_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"kid" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "credential_keys_kid_unique" UNIQUE("kid")
);
--> statement-breakpoint
CREATE TABLE "issued_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"candidate_test_id" integer NOT NULL,
	"credential_id" text NOT NULL,
	"kid" text NOT NULL,
	"jwt" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "issued_credentials_credential_id_unique" UNIQUE("credential_id")
);
--> statement-breakpoint
ALTER TABLE "issued_credentials" ADD CONSTRAINT "issued_credentials_candidate_test_id_candidate_tests_id_fk" FOREIGN KEY ("candidate_test_id") REFERENCES "public"."candidate_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "result_log_entries_key_idx" ON "result_log_entries" USING btree ("verification_key");--> statement-breakpoint
CREATE INDEX "result_log_entries_attempt_idx" ON "result_log_entries" USING btree ("candidate_test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_credentials_current_idx" ON "issued_credentials" USING btree ("candidate_test_id") WHERE "issued_credentials"."revoked_at" is null;