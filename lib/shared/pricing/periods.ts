// Tariff periods (docs/product/billing.md): 30, 60 or 90 days, priced as 1, 2 or 3 months.
export const PERIODS = [
  { days: 30, months: 1 },
  { days: 60, months: 2 },
  { days: 90, months: 3 },
] as const;
export type Months = (typeof PERIODS)[number]["months"];
export const DEFAULT_MONTHS: Months = 1;
export const DAYS_PER_MONTH = 30;
export const isValidMonths = (value: number): value is Months => PERIODS.some((p) => p.months === value);

/** Price shown per day on tariff cards: ceil(amount / 30). */
export const perDayCost = (amountPer30Days: number): number => Math.ceil(amountPer30Days / DAYS_PER_MONTH);

/** What a standard or custom tariff costs for the period, after the referral discount, never below 0. */
export function periodPrice({
  amountPer30Days,
  months,
  referralDiscount = 0,
}: {
  amountPer30Days: number;
  months: number;
  referralDiscount?: number;
}): number {
  return Math.max(0, roundMoney(amountPer30Days * months - referralDiscount));
}

/** Money in roubles with at most two decimals. */
export const roundMoney = (value: number): number => Math.round(value * 100) / 100;
