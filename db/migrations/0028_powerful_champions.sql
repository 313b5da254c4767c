CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"grant" text NOT NULL,
	"quota_key" text,
	"tariff_id" integer,
	"amount" integer NOT NULL,
	"max_redemptions" integer NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_by_telegram_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_redemptions" CHECK ("promo_codes"."redemptions" <= "promo_codes"."max_redemptions")
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "referral_ledger_once";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_amount_kopecks" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_kopecks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "period_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "period_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_kopecks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_limits" jsonb;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_code_id_promo_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code" ON "promo_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_once" ON "promo_redemptions" USING btree ("code_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_ledger_once" ON "referral_ledger" USING btree ("payment_id","kind","user_id") WHERE "referral_ledger"."kind" not in ('clawback', 'owed');--> statement-breakpoint
-- hand-written: refunds made before partial refunds were whole; a claim still with the provider is for the whole payment.
UPDATE "payments" SET "refunded_kopecks" = "amount_kopecks" WHERE "status" = 'refunded';--> statement-breakpoint
-- hand-written: (continued)
UPDATE "payments" SET "refund_amount_kopecks" = "amount_kopecks" WHERE "status" = 'completed' AND "refund_requested_at" IS NOT NULL;--> statement-breakpoint
-- hand-written: a failed job's units given back were booked as "refund" without a payment; they are "giveback" now.
UPDATE "balance_ledger" SET "reason" = 'giveback' WHERE "reason" = 'refund' AND "payment_id" IS NULL;
