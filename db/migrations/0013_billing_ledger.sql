CREATE TABLE "balance_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"units" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"model_name" text,
	"action" text,
	"payment_id" uuid,
	"turn_id" integer,
	"video_job_id" integer
);
--> statement-breakpoint
ALTER TABLE "quotas" ADD COLUMN "package_text_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotas" ADD COLUMN "package_image_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotas" ADD COLUMN "package_audio_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotas" ADD COLUMN "package_file_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotas" ADD COLUMN "package_video_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotas" ADD COLUMN "step_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotas" ADD COLUMN "alerts_sent" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD CONSTRAINT "balance_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_ledger_user_idx" ON "balance_ledger" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "quotas" ADD CONSTRAINT "package_quotas_non_negative" CHECK ("quotas"."package_text_tokens" >= 0 and "quotas"."package_image_tokens" >= 0 and "quotas"."package_audio_tokens" >= 0 and "quotas"."package_file_tokens" >= 0 and "quotas"."package_video_tokens" >= 0);--> statement-breakpoint
-- Backfill (hand-written): existing balances become the current allowance (no package units can be
-- told apart any more); a subscriber's next refill is at the next 30-day step of their subscription,
-- an expired subscriber's at once (the next read falls back to Free's allowance).
UPDATE "quotas" q SET "step_ends_at" = LEAST(s."expires_at", s."starts_at" + interval '30 days' * (floor(greatest(extract(epoch FROM now() - s."starts_at"), 0) / 2592000) + 1)) FROM "subscriptions" s WHERE s."user_id" = q."user_id";
