import { z } from "zod";
import { QUOTA_KEYS, perKind, type QuotaKey } from "@/lib/shared/quota-kinds";

// Calls under /api/user/ (the favourites' are in ./assistants.ts beside their body).

// GET /api/user/user-tariff: the tariff's name (null = Free), its monthly price, when it ends and
// whether it renews itself then.
export const userTariffResponseSchema = z.object({
  user_tariff: z.string().nullable(),
  price: z.number(),
  /** When the paid tariff ends, or renews when `renews` (ISO 8601); null on Free. */
  expires_at: z.string().nullable(),
  /** Auto-pay is on and a payment method is saved: the tariff renews itself at expires_at. */
  renews: z.boolean(),
});
export type UserTariffResponse = z.infer<typeof userTariffResponseSchema>;

// GET /api/user/statistic
const quotaRecordSchema = z.object(perKind("apiKey", () => z.number()));
export const userStatisticResponseSchema = z.object({
  /** Allowance left + package units: everything the caller can spend now. */
  remaining_quotas: quotaRecordSchema,
  /** The tariff's allowance per 30-day step. */
  tariff_limits: quotaRecordSchema,
  /** The package units alone (docs/product/billing.md). */
  package_quotas: quotaRecordSchema,
});
export type UserStatisticResponse = z.infer<typeof userStatisticResponseSchema>;

// GET /api/user/count: how many sessions, favourites and messages the caller has.
export const userCountResponseSchema = z.object({ sessions: z.number(), favorites: z.number(), messages: z.number() });
export type UserCountResponse = z.infer<typeof userCountResponseSchema>;

// GET /api/user/usage?page=&page_size=: the caller's balance ledger, newest first.
const USAGE_PAGE_SIZE_MAX = 100;
export const userUsageQuerySchema = z.object({
  page: z.coerce.number({ error: "must be a positive integer" }).int().positive().max(1_000_000).default(1),
  page_size: z.coerce
    .number({ error: "must be an integer from 1 to 100" })
    .int()
    .min(1)
    .max(USAGE_PAGE_SIZE_MAX)
    .default(20),
});
export const LEDGER_REASONS = [
  "tariff",
  "refill",
  "package",
  "answer",
  "image",
  "audio",
  "document",
  "video",
  "giveback",
  "refund",
  "expiry",
  "grant",
  "reset",
  "promo",
  "credit",
] as const;
export const userUsageResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      /** ISO 8601. */
      created_at: z.string(),
      kind: z.enum(QUOTA_KEYS as [QuotaKey, ...QuotaKey[]]),
      /** Signed: negative when units were spent or taken away. */
      units: z.number().int(),
      /** Allowance + package units of this kind after the change. */
      balance_after: z.number().int(),
      reason: z.enum(LEDGER_REASONS),
      model_name: z.string().nullable(),
      /** The model's display name, what the spending list shows. */
      model_display_name: z.string().nullable(),
    }),
  ),
  pagination: z.object({ hasNextPage: z.boolean(), currentPage: z.number().int(), totalPages: z.number().int() }),
});
export type UserUsageResponse = z.infer<typeof userUsageResponseSchema>;
