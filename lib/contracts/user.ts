import type { QuotaRecord } from "@/lib/quota-kinds";

export type UserTariffResponse = { user_tariff: string | null; price: number };
export type UserStatisticResponse = { remaining_quotas: QuotaRecord; tariff_limits: QuotaRecord };
