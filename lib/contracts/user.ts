import { z } from "zod";
import type { QuotaRecord } from "@/lib/quota-kinds";

export type UserTariffResponse = { user_tariff: string | null; price: number };
export type UserStatisticResponse = { remaining_quotas: QuotaRecord; tariff_limits: QuotaRecord };

export const LANGUAGES = ["ru", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const setLanguageBodySchema = z.object({ language_code: z.enum(LANGUAGES) });
