CREATE TABLE "test_content_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"content_hash" text NOT NULL,
	"content" jsonb NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "content_key" text;--> statement-breakpoint
ALTER TABLE "test_content_versions" ADD CONSTRAINT "test_content_versions_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_content_versions_test_idx" ON "test_content_versions" USING btree ("test_id","id");--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_content_key_unique" UNIQUE("content_key");