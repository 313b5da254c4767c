// Numbers as people read them, in the interface language (docs/product/screens.md): one place that knows how the
// locale groups digits and writes the rouble sign.

const INTL_LOCALE: Record<string, string> = { ru: "ru-RU", en: "en-US" };
const intlLocale = (locale: string): string => INTL_LOCALE[locale] ?? locale;

/**
 * Roubles: the locale's grouping and sign, kopecks only when there are some ("6 688 ₽", "₽6,688",
 * "12,50 ₽"). Also registered as next-intl's `money` number format so messages write
 * `{amount, number, money}`.
 */
export const MONEY_FORMAT = {
  style: "currency",
  currency: "RUB",
  currencyDisplay: "narrowSymbol",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  trailingZeroDisplay: "stripIfInteger",
} as const satisfies Intl.NumberFormatOptions;

export const formatMoney = (amount: number, locale: string): string =>
  new Intl.NumberFormat(intlLocale(locale), MONEY_FORMAT).format(amount);

/** A plain number with the locale's thousands separators ("3 000 000", "3,000,000"). */
export const formatNumber = (value: number, locale: string): string =>
  new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 2 }).format(value);

const SHORT_UNITS = [
  { size: 1_000_000, suffix: "M" },
  { size: 1_000, suffix: "K" },
];

/** Balances of 1000 and above are shown short (docs/product/screens.md): 1K, 1.5K, 1M, 10M. */
export function formatCount(value: number): string {
  const unit = SHORT_UNITS.find((u) => Math.abs(value) >= u.size);
  if (!unit) return String(value);
  const scaled = value / unit.size;
  return `${Number.isInteger(scaled) ? scaled : scaled.toFixed(1).replace(/\.0$/, "")}${unit.suffix}`;
}

// Ordinary, no-break, narrow no-break, thin and other Unicode spaces, and the apostrophe some locales group with.
const GROUP_SEPARATORS = /[\s\u00a0\u2007\u2009\u202f']/g;

/**
 * A number typed or pasted the way it is displayed: "3 000 000" (any space), "1999,9" or "1999.9".
 * Null when it is not a number.
 */
export function parseNumberInput(input: string): number | null {
  const compact = input.replace(GROUP_SEPARATORS, "");
  // "3,000,000" groups with commas; a single comma is a decimal point.
  const normalized = /^\d{1,3}(,\d{3}){2,}$/.test(compact) ? compact.replace(/,/g, "") : compact.replace(",", ".");
  if (normalized === "") return null;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}
