import { z } from "zod";
import {
  bodyIdSchema,
  emailSchema,
  moneySchema,
  monthsSchema,
  paymentUrlResponseSchema,
  quotaUnitsSchema,
} from "./common";
import { perKind } from "@/lib/shared/quota-kinds";

// Calls under /api/tariff/.

// GET /api/tariff/standard: map keyed by tariff name.
const tariffModelSchema = z.object({
  id: z.number(),
  name: z.string(),
  provider: z.string(),
  image: z.string(),
  type: z.string(),
});
export type TariffModel = z.infer<typeof tariffModelSchema>;
const standardTariffSchema = z.object({
  id: z.number(),
  description: z.string(),
  /** Roubles per 30 days. */
  amount: z.number(),
  models: z.array(tariffModelSchema),
  ...perKind("tariffField", () => z.number()),
});
export type StandardTariff = z.infer<typeof standardTariffSchema>;
export const standardTariffsResponseSchema = z.record(z.string(), standardTariffSchema);
export type StandardTariffsResponse = z.infer<typeof standardTariffsResponseSchema>;

// GET /api/tariff/create_data: rates and the sliders' bounds per kind.
export const createDataResponseSchema = z.object({
  rates: z.object({ ...perKind("rate", () => z.number()), usd_rate: z.number() }),
  limits: z.object(perKind("custom", () => z.object({ min: z.number(), max: z.number() }))),
  models: z.array(tariffModelSchema),
});
export type CreateDataResponse = z.infer<typeof createDataResponseSchema>;

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
export const createTariffPaymentResponseSchema = paymentUrlResponseSchema;

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

export const createCustomTariffPaymentResponseSchema = paymentUrlResponseSchema;

// GET /api/tariff/check-pending-payment
export const checkPendingPaymentResponseSchema = z.object({
  has_pending_payment: z.boolean(),
  payment_url: z.string().nullable(),
  expires_in_minutes: z.number().nullable(),
});
export type PendingPaymentResponse = z.infer<typeof checkPendingPaymentResponseSchema>;

// POST /api/tariff/cancel-pending-payment: whether an open payment was cancelled.
export const cancelPendingPaymentResponseSchema = z.object({ success: z.boolean() });
