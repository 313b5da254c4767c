CREATE TABLE "admin_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_telegram_id" bigint NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_login_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"operator_telegram_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "admin_audit_newest" ON "admin_audit" USING btree ("at","id");