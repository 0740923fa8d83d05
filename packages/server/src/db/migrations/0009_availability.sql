CREATE TABLE "recurring_unavailabilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"from_time" time NOT NULL,
	"to_time" time NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_unavailabilities_day_check" CHECK ("recurring_unavailabilities"."day" between 0 and 6),
	CONSTRAINT "recurring_unavailabilities_order_check" CHECK ("recurring_unavailabilities"."to_time" > "recurring_unavailabilities"."from_time")
);
--> statement-breakpoint
CREATE TABLE "specific_unavailabilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"partial" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "specific_unavailabilities_order_check" CHECK ("specific_unavailabilities"."to_at" > "specific_unavailabilities"."from_at")
);
--> statement-breakpoint
ALTER TABLE "recurring_unavailabilities" ADD CONSTRAINT "recurring_unavailabilities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specific_unavailabilities" ADD CONSTRAINT "specific_unavailabilities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_unavailabilities_user_idx" ON "recurring_unavailabilities" USING btree ("user_id","day","from_time");--> statement-breakpoint
CREATE INDEX "specific_unavailabilities_user_idx" ON "specific_unavailabilities" USING btree ("user_id","to_at");