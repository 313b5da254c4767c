CREATE TABLE "operators" (
	"telegram_id" bigint PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"grant_limit" integer DEFAULT 0 NOT NULL,
	"refund_limit_kopecks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_role" CHECK ("operators"."role" in ('owner', 'support', 'analyst'))
);
--> statement-breakpoint
CREATE TABLE "provider_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"session_id" integer,
	"model_name" text NOT NULL,
	"channel_id" integer,
	"action" text NOT NULL,
	"tokens_in" integer DEFAULT 0 NOT NULL,
	"tokens_out" integer DEFAULT 0 NOT NULL,
	"units" double precision DEFAULT 0 NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"cost_rub" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "weight" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "prices" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_requests" ADD CONSTRAINT "provider_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_requests_created" ON "provider_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "provider_requests_user" ON "provider_requests" USING btree ("user_id","created_at");