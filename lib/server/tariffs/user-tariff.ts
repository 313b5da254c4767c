import "server-only";
import type { Db } from "@/db";
import type { UserStatisticResponse, UserTariffResponse } from "@/lib/contracts/user";
import { toRoubles } from "@/lib/money";
import { getCurrentTariff, getRemainingQuotas } from "./current-tariff";

export async function getUserTariffStatus({ db, userId }: { db: Db; userId: number }): Promise<UserTariffResponse> {
  const { tariff, subscription } = await getCurrentTariff({ db, userId });
  if (!subscription) return { user_tariff: null, price: 0 };
  return { user_tariff: tariff.name, price: toRoubles(Math.round(subscription.priceKopecks / subscription.months)) };
}

export async function getUserStatistic({ db, userId }: { db: Db; userId: number }): Promise<UserStatisticResponse> {
  const [{ limits }, remaining] = await Promise.all([getCurrentTariff({ db, userId }), getRemainingQuotas({ db, userId })]);
  return { remaining_quotas: remaining, tariff_limits: limits };
}
