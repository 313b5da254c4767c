// Numbers as people read them, in the interface language (docs/product/screens.md): one place that knows how the
// locale groups digits and writes the rouble sign.

const INTL_LOCALE: Record<string, string> = { ru: "ru-RU", en: "en-US" };
/** Every locale the interface formats in (lib/client/intl-warmup.ts loads their data while the page starts). */
export const INTL_LOCALES = Object.values(INTL_LOCALE);
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

/**
 * Balances shown short (docs/product/screens.md): the locale's compact form from 1000 up ("1.5K", "1,5 тыс.",
 * "2M", "2 млн"). Also registered as next-intl's `compact` number format: `{count, number, compact}`.
 */
export const COMPACT_FORMAT = {
  notation: "compact",
  maximumFractionDigits: 1,
} as const satisfies Intl.NumberFormatOptions;

export const formatCount = (value: number, locale: string): string =>
  new Intl.NumberFormat(intlLocale(locale), COMPACT_FORMAT).format(value);

/** The locale's decimal separator: "," in Russian, "." in English. */
export const decimalSeparator = (locale: string): string =>
  new Intl.NumberFormat(intlLocale(locale)).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";

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

/**
 * The time zone of the device the interface runs on (docs/product/screens.md): the server sends times as
 * ISO instants and every time on screen is shown in this zone.
 */
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
