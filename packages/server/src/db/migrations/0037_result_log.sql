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
CREATE INDEX "result_log_entries_key_idx" ON "result_log_entries" USING btree ("verification_key");--> statement-breakpoint
CREATE INDEX "result_log_entries_attempt_idx" ON "result_log_entries" USING btree ("candidate_test_id");