ALTER TABLE "bot_outbox" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "bot_outbox" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "bot_outbox" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "bot_outbox" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "bot_outbox" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "bot_outbox_chat" ON "bot_outbox" USING btree ("chat_id","id");