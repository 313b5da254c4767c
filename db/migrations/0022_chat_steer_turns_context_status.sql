ALTER TABLE "bot_turns" ADD COLUMN "action" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_turns" ADD COLUMN "input" jsonb;--> statement-breakpoint
ALTER TABLE "bot_turns" ADD COLUMN "model_id" integer;--> statement-breakpoint
ALTER TABLE "bot_turns" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dialog_messages" ADD COLUMN "model_id" integer;--> statement-breakpoint
ALTER TABLE "dialog_sessions" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "dialog_sessions" ADD COLUMN "summarised_through_id" integer;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD COLUMN "status_message_id" bigint;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dialog_messages" ADD CONSTRAINT "dialog_messages_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;