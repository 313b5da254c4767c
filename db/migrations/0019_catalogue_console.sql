CREATE TABLE "model_usage" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"model_name" text NOT NULL,
	"action" text NOT NULL,
	"quantity" double precision NOT NULL,
	"cost_usd" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "display_name_en" text;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "provider_cost_usd" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "tariffs" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "model_usage" ADD CONSTRAINT "model_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_usage_created" ON "model_usage" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "catalogue_version" DROP COLUMN "seeded_hash";--> statement-breakpoint
ALTER TABLE "catalogue_version" ADD COLUMN "seeded_at" timestamp with time zone;