DROP INDEX "referral_ledger_once";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_amount_kopecks" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_kopecks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "period_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "period_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_kopecks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_limits" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_ledger_once" ON "referral_ledger" USING btree ("payment_id","kind","user_id") WHERE "referral_ledger"."kind" not in ('clawback', 'owed');--> statement-breakpoint
-- hand-written: refunds made before partial refunds were whole; a claim still with the provider is for the whole payment.
UPDATE "payments" SET "refunded_kopecks" = "amount_kopecks" WHERE "status" = 'refunded';--> statement-breakpoint
-- hand-written: (continued)
UPDATE "payments" SET "refund_amount_kopecks" = "amount_kopecks" WHERE "status" = 'completed' AND "refund_requested_at" IS NOT NULL;--> statement-breakpoint
-- hand-written: a failed job's units given back were booked as "refund" without a payment; they are "giveback" now.
UPDATE "balance_ledger" SET "reason" = 'giveback' WHERE "reason" = 'refund' AND "payment_id" IS NULL;
