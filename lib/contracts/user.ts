import { z } from "zod";
import { QUOTA_KEYS, type QuotaKey, type QuotaRecord } from "@/lib/quota-kinds";

export type UserTariffResponse = { user_tariff: string | null; price: number };
/** `remaining_quotas`: allowance left + package units; `package_quotas`: the package units alone; `tariff_limits`: the tariff's allowance. */
export type UserStatisticResponse = { remaining_quotas: QuotaRecord; tariff_limits: QuotaRecord; package_quotas: QuotaRecord };

// GET /api/user/usage?page=&page_size=: the caller's balance ledger, newest first.
const USAGE_PAGE_SIZE_MAX = 100;
export const userUsageQuerySchema = z.object({
  page: z.coerce.number({ error: "must be a positive integer" }).int().positive().max(1_000_000).default(1),
  page_size: z.coerce.number({ error: "must be an integer from 1 to 100" }).int().min(1).max(USAGE_PAGE_SIZE_MAX).default(20),
});
export const LEDGER_REASONS = ["tariff", "refill", "package", "answer", "image", "audio", "document", "video", "refund", "expiry", "grant", "reset"] as const;
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
    }),
  ),
  pagination: z.object({ hasNextPage: z.boolean(), currentPage: z.number().int(), totalPages: z.number().int() }),
});
export type UserUsageResponse = z.infer<typeof userUsageResponseSchema>;
