// Referral balance spent as a discount (docs/product/billing.md).
export const REFERRAL_MIN_AMOUNT = 10;
// The payment keeps at least this much: the discount is capped at price minus the reserve.
export const REFERRAL_RESERVE = 20;

/** The most a payment of `price` may take from a balance: min(balance, price - 20), never below 0. */
export const maxReferralDiscount = ({ balance, price }: { balance: number; price: number }): number =>
  Math.max(0, Math.min(balance, price - REFERRAL_RESERVE));

export type ReferralAmountError = "noBalance" | "invalidFormat" | "belowMinimum" | "exceedsBalance" | "aboveMaximum";

const AMOUNT_PATTERN = /^\d+(\.\d*)?$/;

/**
 * Checks a typed discount amount. 0 is allowed (no discount). Returns the message key of the first
 * rule broken, or null when the amount may be used.
 */
export function validateReferralAmount({
  input,
  balance,
  price,
}: {
  input: string;
  balance: number;
  price: number;
}): ReferralAmountError | null {
  if (balance <= 0) return "noBalance";
  const trimmed = input.trim();
  if (!AMOUNT_PATTERN.test(trimmed)) return "invalidFormat";
  const amount = Number(trimmed);
  if (amount === 0) return null;
  if (amount < REFERRAL_MIN_AMOUNT) return "belowMinimum";
  if (amount > balance) return "exceedsBalance";
  if (amount > maxReferralDiscount({ balance, price })) return "aboveMaximum";
  return null;
}
