import { z } from "zod";
import { languageSchema } from "./common";

// Calls under /api/settings/.

// POST /api/settings/payments: the caller's payments, newest first.
export type PaymentListItem = {
  id: string;
  created_at: string;
  amount: number;
  status: string;
  subscription_info: { tariff_name: string } | null;
  package_info: { name: string } | null;
};

// GET /api/settings/recurrent-status
export type RecurrentStatusResponse = { is_recurrent: boolean };

// POST /api/settings/recurrent: turns auto-payment off (or on again when a method is saved).
export const setRecurrentBodySchema = z.object({ is_recurrent: z.boolean() });

// POST /api/settings/language
export const setLanguageBodySchema = z.object({ language_code: languageSchema });
