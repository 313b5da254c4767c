import { z } from "zod";
import { bodyIdSchema, emailSchema, moneySchema, monthsSchema, quotaUnitsSchema } from "./common";
import type { CustomKind, TariffRates } from "@/lib/pricing/custom-tariff";
import { perKind, type QuotaKindEntry } from "@/lib/quota-kinds";

// Calls under /api/tariff/.

// GET /api/tariff/standard: map keyed by tariff name.
export type TariffModel = { id: number; name: string; provider: string; image: string; type: string };
export type StandardTariff = {
  id: number;
  description: string;
  amount: number; // roubles per 30 days
  models: TariffModel[];
} & Record<QuotaKindEntry["tariffField"], number>;
export type StandardTariffsResponse = Record<string, StandardTariff>;

// GET /api/tariff/create_data: rates and the sliders' bounds per kind.
export type CreateDataResponse = {
  rates: TariffRates;
  limits: Record<CustomKind, { min: number; max: number }>;
  models: TariffModel[];
};

// POST /api/tariff/create. calculated_price is what the payer pays: amount x months minus
// ref_amount_used (docs/product/billing.md); the server recomputes it and answers 400 when it differs.
export const createTariffPaymentBodySchema = z.object({
  tariff_name: z.string().min(1).max(64),
  months: monthsSchema,
  calculated_price: moneySchema,
  email: emailSchema.optional(),
  recurent: z.boolean().default(false),
  ref_amount_used: moneySchema.default(0),
});

// POST /api/tariff/create_custom
export const createCustomTariffPaymentBodySchema = z.object({
  ...perKind("customField", () => quotaUnitsSchema),
  selected_model_ids: z.array(bodyIdSchema).max(100).default([]),
  calculated_price: moneySchema,
  email: emailSchema.optional(),
  months: monthsSchema,
  recurent: z.boolean().default(true),
  ref_amount_used: moneySchema.default(0),
});

// GET /api/tariff/check-pending-payment
export type PendingPaymentResponse = {
  has_pending_payment: boolean;
  payment_url: string | null;
  expires_in_minutes: number | null;
};
