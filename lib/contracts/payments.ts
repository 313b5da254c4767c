import { z } from "zod";

// Calls under /api/payments/: the payment providers' side (the caller's own payments are under /api/tariff/,
// /api/package/ and /api/settings/).

// POST /api/payments/sandbox/{paymentId}/confirm|decline: the payment's status afterwards.
export const sandboxPaymentParamsSchema = z.object({ paymentId: z.uuid(), action: z.enum(["confirm", "decline"]) });
export const sandboxPaymentResponseSchema = z.object({ status: z.string() });

// POST /api/payments/webhook/yookassa: the notification (only its payment id is believed, after re-fetching).
export const yookassaNotificationSchema = z.object({
  type: z.string().optional(),
  event: z.string().max(100),
  // YooKassa payment ids are UUID-shaped; anything else is refused before any outbound call.
  object: z.object({ id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i) }).loose(),
});
// What it answers: taken (and whether it changed a payment) or ignored with the reason.
export const yookassaWebhookResponseSchema = z.object({
  ok: z.boolean(),
  applied: z.boolean().optional(),
  ignored: z.string().optional(),
});
