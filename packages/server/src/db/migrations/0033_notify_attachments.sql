ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "assigned_tests" ADD COLUMN "appointment_sequence" integer DEFAULT 0 NOT NULL;