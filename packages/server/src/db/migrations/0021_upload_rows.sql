CREATE TABLE "candidate_upload_rows" (
	"upload_id" integer NOT NULL,
	"row" integer NOT NULL,
	"values" jsonb NOT NULL,
	"preview" jsonb,
	"errors" jsonb,
	"warnings" jsonb,
	CONSTRAINT "candidate_upload_rows_upload_id_row_pk" PRIMARY KEY("upload_id","row")
);
--> statement-breakpoint
ALTER TABLE "candidate_uploads" ALTER COLUMN "rows" SET DEFAULT '[]'::jsonb;--> statement-breakpoint
ALTER TABLE "candidate_upload_rows" ADD CONSTRAINT "candidate_upload_rows_upload_id_candidate_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."candidate_uploads"("id") ON DELETE cascade ON UPDATE no action;