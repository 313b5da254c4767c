import { z } from "zod";
import { languageSchema } from "./common";

// Calls under /api/settings/.

// POST /api/settings/payments: the caller's payments, newest first.
const paymentListItemSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  amount: z.number(),
  status: z.string(),
  subscription_info: z.object({ tariff_name: z.string() }).nullable(),
  package_info: z.object({ name: z.string() }).nullable(),
});
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;
export const paymentListResponseSchema = z.array(paymentListItemSchema);

// GET /api/settings/recurrent-status
export const recurrentStatusResponseSchema = z.object({
  is_recurrent: z.boolean(),
  /** An earlier payment saved a method the next renewal can be charged to. */
  has_saved_method: z.boolean(),
  /** When the active subscription ends and a renewal would be charged (ISO 8601); null on Free. */
  renews_at: z.string().nullable(),
});
export type RecurrentStatusResponse = z.infer<typeof recurrentStatusResponseSchema>;

// POST /api/settings/recurrent: turns auto-payment off, or on again for the next renewal when a
// method is saved and a tariff is active (409 otherwise). Answers the status after the change.
export const setRecurrentBodySchema = z.object({ is_recurrent: z.boolean() });
export const setRecurrentResponseSchema = recurrentStatusResponseSchema.meta({
  description: "The auto-payment status after the change",
});

// POST /api/settings/language
export const setLanguageBodySchema = z.object({ language_code: languageSchema });
export const setLanguageResponseSchema = z.object({ success: z.boolean(), language_code: languageSchema });
