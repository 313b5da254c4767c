CREATE TABLE "channel_models" (
	"channel_id" integer NOT NULL,
	"model_name" text NOT NULL,
	"provider_model_id" text NOT NULL,
	CONSTRAINT "channel_models_channel_id_model_name_pk" PRIMARY KEY("channel_id","model_name")
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"api_key" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"cooldown_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "fallback_model_id" integer;--> statement-breakpoint
ALTER TABLE "channel_models" ADD CONSTRAINT "channel_models_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_models" ADD CONSTRAINT "channel_models_model_name_models_model_name_fk" FOREIGN KEY ("model_name") REFERENCES "public"."models"("model_name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "channel_models_model" ON "channel_models" USING btree ("model_name");--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_fallback_model_id_models_id_fk" FOREIGN KEY ("fallback_model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;