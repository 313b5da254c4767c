CREATE TABLE "alert_settings" (
	"kind" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"threshold" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "auto_disabled_at" timestamp with time zone;