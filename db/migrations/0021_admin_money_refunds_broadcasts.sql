CREATE TABLE "broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"segment" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"cursor_user_id" integer DEFAULT 0 NOT NULL,
	"created_by_telegram_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bot_outbox" ADD COLUMN "broadcast_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "bot_outbox" ADD CONSTRAINT "bot_outbox_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_outbox_broadcast" ON "bot_outbox" USING btree ("broadcast_id","status");