-- Hand-written around the generated ADD COLUMN: existing rows get their kind's default price
-- (lib/pricing/job-price.ts) before the default is dropped; the seed then writes the catalogue's.
ALTER TABLE "model_actions" ADD COLUMN "price_units" integer NOT NULL DEFAULT 0;--> statement-breakpoint
UPDATE "model_actions" SET "price_units" = CASE "action"
  WHEN 'text' THEN 1000
  WHEN 'files' THEN 20
  WHEN 'text_to_image' THEN 6
  WHEN 'generate_image' THEN 6
  WHEN 'speech_to_text' THEN 22
  WHEN 'noise_removal' THEN 22
  WHEN 'dubbing' THEN 22
  ELSE 25
END;--> statement-breakpoint
ALTER TABLE "model_actions" ALTER COLUMN "price_units" DROP DEFAULT;
