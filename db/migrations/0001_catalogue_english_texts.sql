ALTER TABLE "assistant_categories" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "assistants" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "assistants" ADD COLUMN "description_en" text;