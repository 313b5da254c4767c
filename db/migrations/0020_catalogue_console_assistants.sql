ALTER TABLE "assistants" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "assistants" ADD COLUMN "model_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;