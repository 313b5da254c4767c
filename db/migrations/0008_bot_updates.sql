CREATE TABLE "bot_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"update_id" bigint NOT NULL,
	"chat_id" bigint,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_updates_update_id_unique" UNIQUE("update_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bot_blocked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bot_updates_due" ON "bot_updates" USING btree ("status","chat_id","update_id");