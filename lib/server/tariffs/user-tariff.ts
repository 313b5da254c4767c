import "server-only";
import type { Db } from "@/db";
import type { UserStatisticResponse, UserTariffResponse } from "@/lib/contracts/user";
import { toRoubles } from "@/lib/shared/money";
import type { Caller } from "@/lib/server/users";
import { tariffOfSubscription } from "./current-tariff";

export async function getUserTariffStatus({ db, caller }: { db: Db; caller: Caller }): Promise<UserTariffResponse> {
  const { tariff, subscription } = await tariffOfSubscription({ db, subscription: caller.subscription });
  if (!subscription) return { user_tariff: null, price: 0, expires_at: null, renews: false };
  return {
    user_tariff: tariff.name,
    price: toRoubles(Math.round(subscription.priceKopecks / subscription.months)),
    expires_at: subscription.expiresAt.toISOString(),
    renews: subscription.recurrent && subscription.paymentMethodId !== null,
  };
}

/**
 * GET /api/user/statistic: what the caller can spend (allowance left + package units) as withUser read
 * it, the package units alone, and the current tariff's allowance (no query of its own).
 */
export async function getUserStatistic({ db, caller }: { db: Db; caller: Caller }): Promise<UserStatisticResponse> {
  const { limits } = await tariffOfSubscription({ db, subscription: caller.subscription });
  return { remaining_quotas: caller.quotas, tariff_limits: limits, package_quotas: caller.packageQuotas };
}
