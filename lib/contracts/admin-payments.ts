import { z } from "zod";
import { adminPageSchema } from "./admin";
import { NO_NUL, NO_NUL_MESSAGE } from "./common";

// The console's Payments screen (docs/product/console.md "Payments"): every user's payments, and a
// full refund through the payment's provider.

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
});

export const adminPaymentsResponseSchema = z.object({ items: z.array(adminPaymentSchema), has_more: z.boolean() });

// POST /api/admin/payments/{id}/refund: a payment's id.
export const adminPaymentParamsSchema = z.object({ id: z.uuid() });
export const adminRefundBodySchema = z.object({
  reason: z.string().trim().min(1).max(250).regex(NO_NUL, NO_NUL_MESSAGE),
});

/** refunded: the purchase is undone; pending: the provider will confirm the refund later (its notification undoes it). */
export const adminRefundResponseSchema = z.object({
  status: z.enum(["refunded", "pending"]),
  payment: adminPaymentSchema,
});
