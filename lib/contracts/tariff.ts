import { z } from "zod";
import { bodyIdSchema, emailSchema, INT32_MAX, moneySchema, monthsSchema, paymentUrlResponseSchema } from "./common";
import type { CustomBounds } from "@/lib/shared/pricing/custom-tariff";
import { perKind } from "@/lib/shared/quota-kinds";
import { STANDARD_TARIFFS } from "@/lib/shared/tariff-names";

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

/** What the payer pays, as the server computes it; any other figure is refused (400). */
const calculatedPriceSchema = moneySchema.meta({
  description:
    "What the payer pays: the price for the months minus the credit of a change of tariff (GET /api/tariff/credit) minus ref_amount_used, never below 0 (docs/product/billing.md); the server computes it too and refuses another figure",
});
/** Referral roubles to spend on the purchase. */
const referralAmountSchema = moneySchema.default(0).meta({
  description:
    "Referral roubles to spend: at most the caller's referral balance and within the referral rules for this price (docs/product/referral.md)",
});

// POST /api/tariff/create: a standard tariff (Free is not sold, Custom has its own call).
export const createTariffPaymentBodySchema = z.object({
  tariff_name: z.enum(STANDARD_TARIFFS),
  months: monthsSchema,
  calculated_price: calculatedPriceSchema,
  email: emailSchema.optional(),
  recurent: z.boolean().default(false),
  ref_amount_used: referralAmountSchema,
});
export const createTariffPaymentResponseSchema = paymentUrlResponseSchema;

/**
 * The Custom tariff's dials: each kind's units a whole multiple of its builder step, within `bounds`
 * when given: the catalogue's (GET /api/tariff/create_data `limits`), which the server checks each
 * order against and GET /api/openapi.json documents. Without them, what an integer column holds.
 */
export const customTariffValuesSchema = (bounds?: CustomBounds) =>
  z.object(
    perKind("customField", ({ custom, builder }) =>
      z
        .number()
        .int()
        .min(bounds?.[custom].min ?? 0)
        .max(bounds?.[custom].max ?? INT32_MAX)
        .multipleOf(builder.step)
        .meta({
          description: `Units per 30 days, in steps of ${builder.step}, between limits.${custom}.min and .max of GET /api/tariff/create_data`,
        }),
    ),
  );

// POST /api/tariff/create_custom
export const createCustomTariffPaymentBodySchema = customTariffValuesSchema().extend({
  selected_model_ids: z
    .array(bodyIdSchema)
    .max(100)
    .default([])
    .meta({ description: "Models of the Custom tariff (GET /api/tariff/create_data `models`)" }),
  calculated_price: calculatedPriceSchema,
  email: emailSchema.optional(),
  months: monthsSchema,
  recurent: z.boolean().default(true),
  ref_amount_used: referralAmountSchema,
});

export const createCustomTariffPaymentResponseSchema = paymentUrlResponseSchema;

// GET /api/tariff/check-pending-payment
export const checkPendingPaymentResponseSchema = z.object({
  has_pending_payment: z.boolean(),
  payment_url: z.string().nullable(),
  expires_in_minutes: z.number().nullable(),
  /** Referral roubles the open payment reserved (0: no discount used); given back if it is cancelled. */
  ref_amount_used: z.number(),
});
export type PendingPaymentResponse = z.infer<typeof checkPendingPaymentResponseSchema>;

// POST /api/tariff/cancel-pending-payment: whether an open payment was cancelled.
export const cancelPendingPaymentResponseSchema = z.object({ success: z.boolean() });

// GET /api/tariff/credit: what the running tariff would credit toward another one (docs/product/billing.md "Changing tariff").
export const tariffCreditResponseSchema = z.object({
  /** The unused part of the paid period, pro rata; 0 with nothing running. */
  credit_rub: z.number(),
  /** The running tariff it comes from; null with nothing running. */
  tariff_name: z.string().nullable(),
  /** Whole days left of its paid period; null with nothing running. */
  days_left: z.number().int().nullable(),
});
