import type { EmailError } from "@/lib/shared/email";
import type { ReferralAmountError } from "@/lib/shared/pricing/referral-discount";

// When a payment form may be sent (docs/product/payments.md "Payment forms").
export type PayBlocker = "emailInvalid" | "checkdata" | "nothingToRestore";

export function payBlocker(p: {
  hasTariff: boolean;
  price: number;
  months: number;
  emailError: EmailError | null;
  referralEnabled: boolean;
  referralError: ReferralAmountError | null;
}): PayBlocker | null {
  if (p.emailError) return "emailInvalid";
  if (!p.hasTariff || !(p.price > 0) || !(p.months > 0)) return "checkdata";
  if (p.referralEnabled && p.referralError) return "checkdata";
  return null;
}

/** The discount actually applied: the typed amount when the option is on and the amount valid. */
export function appliedDiscount(p: { enabled: boolean; input: string; error: ReferralAmountError | null }): number {
  if (!p.enabled || p.error) return 0;
  const amount = Number(p.input.trim());
  return Number.isFinite(amount) ? amount : 0;
}

/** Roubles as shown on payment screens: whole numbers plain, otherwise two decimals ("490", "12.50"). */
export const formatRoubles = (amount: number): string =>
  Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
