import { z } from "zod";
import { LOCALES, type Locale } from "@/lib/i18n/locale";
import { PERIODS } from "@/lib/shared/pricing/periods";

// Shapes every contract shares: ids bounded to what a PostgreSQL integer column holds (a larger value
// is a 400, not a database error), money in roubles and kopecks, and the one list of languages.
export const INT32_MAX = 2_147_483_647;

/** A row id in a JSON body: a number, never a numeric string. */
export const bodyIdSchema = z.number().int().min(1).max(INT32_MAX);
/** A row id in a query string or path segment: coerced from text. */
export const queryIdSchema = z.coerce.number({ error: "must be a positive integer" }).int().min(1).max(INT32_MAX);
/** A count of quota units (tokens, images, minutes, files, videos) as an integer column holds it. */
export const quotaUnitsSchema = z.number().int().nonnegative().max(INT32_MAX);
/** PostgreSQL text holds no NUL character: a pattern, so the document shows the rule. */
export const NO_NUL = /^[^\0]*$/;
export const NO_NUL_MESSAGE = "NUL characters are not allowed";

/** Roubles with at most two decimals. */
export const moneySchema = z.number().nonnegative().max(10_000_000).multipleOf(0.01);
/** A paid period in months: 30, 60 or 90 days (lib/shared/pricing/periods.ts). */
export const monthsSchema = z.literal(
  PERIODS.map((period) => period.months),
  "months must be 1, 2 or 3",
);
/** A receipt email. */
export const emailSchema = z.email().max(254);

/** What every payment creation answers (POST /api/tariff/create, create_custom, /api/package/payment). */
export const paymentUrlResponseSchema = z.object({ payment_url: z.string() });
export type PaymentUrlResponse = z.infer<typeof paymentUrlResponseSchema>;

export const LANGUAGES = LOCALES;
export type Language = Locale;
export const languageSchema = z.enum(LANGUAGES);
