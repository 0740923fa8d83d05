ALTER TABLE "test_processor_intents" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "test_processor_refunds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE INDEX "payments_items_idx" ON "payments" USING gin ("items" jsonb_path_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "test_processor_intents_idempotency_idx" ON "test_processor_intents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "test_processor_refunds_idempotency_idx" ON "test_processor_refunds" USING btree ("idempotency_key");