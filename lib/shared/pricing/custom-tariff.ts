// The Custom tariff composed with sliders (docs/product/billing.md).
import { parseNumberInput } from "@/lib/shared/format";
import {
  kindsInOrder,
  perKind,
  QUOTA_KIND_TABLE,
  type QuotaKindEntry,
  type QuotaRecord,
} from "@/lib/shared/quota-kinds";

export const CUSTOM_KINDS: readonly CustomKind[] = QUOTA_KIND_TABLE.map((r) => r.custom);
/** The builder's dials in screen order, and its values on the custom tariff's payment summary. */
export const BUILDER_KINDS: readonly CustomKind[] = kindsInOrder("builderOrder", "custom");
export type CustomKind = QuotaKindEntry["custom"];
export type CustomValues = Record<CustomKind, number>;

/** Builder values as the API's quota record, and back. */
export const customToQuotas = (v: CustomValues): QuotaRecord => perKind("apiKey", (r) => v[r.custom]);
export const quotasToCustom = (q: QuotaRecord): CustomValues => perKind("custom", (r) => q[r.apiKey]);

export const CUSTOM_DEFAULTS: CustomValues = perKind("custom", (r) => r.builder.default);
export const CUSTOM_STEPS: CustomValues = perKind("custom", (r) => r.builder.step);

export type TariffRates = Record<QuotaKindEntry["rate"], number> & { usd_rate: number };

const RATE_OF: Record<CustomKind, keyof TariffRates> = perKind("custom", (r) => r.rate);

export type Bounds = { min: number; max: number };
export type CustomBounds = Record<CustomKind, Bounds>;

/** Each kind's slider runs from 2 x the Neuro Basic balance to the Custom tariff's balance. */
export const customBounds = ({
  neuroBasic,
  custom,
}: {
  neuroBasic: CustomValues;
  custom: CustomValues;
}): CustomBounds => perKind("custom", ({ custom: k }) => ({ min: 2 * neuroBasic[k], max: custom[k] }));

/** A slider value clamped to its bounds and rounded to its step. */
export function clampToStep(value: number, { min, max }: Bounds, step: number): number {
  if (!Number.isFinite(value)) return min;
  const stepped = Math.round(value / step) * step;
  return Math.min(max, Math.max(min, stepped));
}

/** A typed slider value: accepted when numeric, then clamped and stepped; otherwise null. */
export function parseTypedValue(input: string, bounds: Bounds, step: number): number | null {
  const value = parseNumberInput(input);
  return value === null ? null : clampToStep(value, bounds, step);
}

/** Price of the composed limits for 30 days: ceil(sum of value x kind rate x usd rate), in roubles. */
export function customMonthlyPrice(values: CustomValues, rates: TariffRates): number {
  const usd = CUSTOM_KINDS.reduce((sum, k) => sum + values[k] * rates[RATE_OF[k]], 0);
  // Rounded to 1e-9 first so floating-point noise (2888.0000000001) does not add a rouble.
  return Math.ceil(Math.round(usd * rates.usd_rate * 1e9) / 1e9);
}

export const TIMEFRAMES = ["day", "week", "month", "year"] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const DEFAULT_TIMEFRAME: Timeframe = "day";
export const TIMEFRAME_MULTIPLIER: Record<Timeframe, number> = { day: 1 / 30, week: 7 / 30, month: 1, year: 12 };

/** The builder's price for the chosen timeframe, rounded up to whole roubles. */
export const timeframePrice = (monthlyPrice: number, timeframe: Timeframe): number =>
  Math.ceil(Math.round(monthlyPrice * TIMEFRAME_MULTIPLIER[timeframe] * 1e9) / 1e9);

/** The custom payment page's per-day figure: ceil(allprice / 30). */
export const customPerDay = (allprice: number): number => Math.ceil(allprice / 30);
