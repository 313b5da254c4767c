import { z } from "zod";
import { adminPageSchema } from "./admin";
import { QUOTA_KEYS, type QuotaKey } from "@/lib/shared/quota-kinds";
import { moneySchema, NO_NUL, NO_NUL_MESSAGE } from "./common";

// The console's Payments screen (docs/product/console.md "Payments"): every user's payments, and a
// refund through the payment's provider, of the whole payment or of an amount.

const PAYMENT_STATUSES = [
  "pending",
  "waiting_confirmation",
  "completed",
  "canceled",
  "failed",
  "expired",
  "refunded",
] as const;
const PAYMENT_PROVIDERS = ["sandbox", "yookassa", "stars"] as const;

export const adminPaymentsQuerySchema = z.object({
  status: z.enum(PAYMENT_STATUSES).optional(),
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
  page: adminPageSchema,
});

export const adminPaymentSchema = z.object({
  id: z.uuid(),
  user_id: z.number().int(),
  telegram_id: z.number().int(),
  user_name: z.string(),
  kind: z.string(),
  /** What was bought: the tariff's or package's name. */
  item: z.string().nullable(),
  /** The package's English name, when it has one (tariff names are the same in both languages). */
  item_en: z.string().nullable(),
  provider: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount_rub: z.number(),
  /** Telegram Stars invoiced, for Stars payments. */
  stars: z.number().int().nullable(),
  created_at: z.iso.datetime(),
  applied_at: z.iso.datetime().nullable(),
  /** Set while an operator's refund is with the provider, and after it. */
  refund_requested_at: z.iso.datetime().nullable(),
  refund_reason: z.string().nullable(),
  /** A refund is with the provider, awaiting its word (a claim is open). */
  refund_pending: z.boolean(),
  /** What refunds returned so far (the payment is refunded when it reaches amount_rub). */
  refunded_rub: z.number(),
  /**
   * What a refund would take back, for the console to show before confirming: a tariff payment's
   * days (all its period, and still ahead), a package's units (all it added, and still left of them),
   * and what the unused part is worth pro rata.
   */
  refund_preview: z.object({
    days_total: z.number().nullable(),
    days_left: z.number().nullable(),
    units_kind: z.enum(QUOTA_KEYS as [QuotaKey, ...QuotaKey[]]).nullable(),
    units_total: z.number().int().nullable(),
    units_left: z.number().int().nullable(),
    unused_rub: z.number(),
  }),
});

export const adminPaymentsResponseSchema = z.object({ items: z.array(adminPaymentSchema), has_more: z.boolean() });

// POST /api/admin/payments/{id}/refund: a payment's id.
export const adminPaymentParamsSchema = z.object({ id: z.uuid() });
export const adminRefundBodySchema = z.object({
  reason: z.string().trim().min(1).max(250).regex(NO_NUL, NO_NUL_MESSAGE),
  amount_rub: moneySchema.positive().optional().meta({
    description:
      "A partial refund of this many roubles (at most what is left to refund; not for Telegram Stars, refunded whole); without it, all that is left",
  }),
});

/** refunded: the purchase is undone; pending: the provider will confirm the refund later (its notification undoes it). */
export const adminRefundResponseSchema = z.object({
  status: z.enum(["refunded", "pending"]),
  payment: adminPaymentSchema,
});
