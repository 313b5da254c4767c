import { z } from "zod";
import type { QuotaRecord } from "@/lib/quota-kinds";
import { languageSchema } from "./common";

export type UserTariffResponse = { user_tariff: string | null; price: number };
export type UserStatisticResponse = { remaining_quotas: QuotaRecord; tariff_limits: QuotaRecord };

export const setLanguageBodySchema = z.object({ language_code: languageSchema });
