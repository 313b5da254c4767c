ALTER TABLE "dialog_sessions" ADD COLUMN "voice_answers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "vision" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A catalogue seeded before this column: the seed's text models that see images are marked (decision 0490).
UPDATE "models" SET "vision" = true WHERE "model_name" IN ('gpt-4o-mini', 'gpt-4o', 'claude-sonnet', 'gemini-flash');
