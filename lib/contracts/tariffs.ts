import { z } from "zod";
import { bodyIdSchema, moneySchema, quotaUnitsSchema } from "./common";
import type { CustomKind, TariffRates } from "@/lib/pricing/custom-tariff";
import { perKind, type QuotaKey, type QuotaKindEntry } from "@/lib/quota-kinds";

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

const money = moneySchema;
const rowId = bodyIdSchema;
const quotaUnits = quotaUnitsSchema;
const months = z.number().int().min(0).max(120);
const email = z.email().max(254);

// POST /api/tariff/create. calculated_price is what the payer pays: amount x months minus
// ref_amount_used (SPEC.md section 9); the server recomputes it and answers 400 when it differs.
export const createTariffPaymentBodySchema = z.object({
  tariff_name: z.string().min(1).max(64),
  months,
  calculated_price: money,
  email: email.optional(),
  recurent: z.boolean().default(false),
  ref_amount_used: money.default(0),
});

// POST /api/tariff/create_custom
export const createCustomTariffPaymentBodySchema = z.object({
  ...perKind("customField", () => quotaUnits),
  selected_model_ids: z.array(rowId).max(100).default([]),
  calculated_price: money,
  email: email.optional(),
  months,
  recurent: z.boolean().default(true),
  ref_amount_used: money.default(0),
});

// POST /api/package/payment
export const createPackagePaymentBodySchema = z.object({
  package_id: rowId,
  email: email.optional(),
  ref_amount_used: money.default(0),
});

export type PaymentUrlResponse = { payment_url: string };

export type PendingPaymentResponse = {
  has_pending_payment: boolean;
  payment_url: string | null;
  expires_in_minutes: number | null;
};

export type PackageItem = {
  package_id: number;
  name: string;
  image: string;
  price: number;
  small_description_language_id: string;
  description_language_id: string;
  description_models_id: string;
  package_purpose: "reset" | QuotaKey;
};

export type PaymentListItem = {
  id: string;
  created_at: string;
  amount: number;
  status: string;
  subscription_info: { tariff_name: string } | null;
  package_info: { name: string } | null;
};

export type RecurrentStatusResponse = { is_recurrent: boolean };

// POST /api/settings/recurrent: turns auto-payment off (or on again when a method is saved).
export const setRecurrentBodySchema = z.object({ is_recurrent: z.boolean() });

// GET /api/referral/balance
export type ReferralBalanceResponse = { ref_balance: number; currency: "RUB" };
