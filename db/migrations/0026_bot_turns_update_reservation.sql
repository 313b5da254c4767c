ALTER TABLE "bot_turns" ADD COLUMN "update_id" bigint;--> statement-breakpoint
ALTER TABLE "bot_turns" ADD COLUMN "reserved" jsonb;--> statement-breakpoint
CREATE INDEX "bot_turns_running_update" ON "bot_turns" USING btree ("update_id") WHERE "bot_turns"."status" = 'running';