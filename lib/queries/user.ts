"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";
import { saveLaunchUserSnapshot } from "@/lib/client/account-snapshot";
import type { UserTariffResponse } from "@/lib/contracts/user";

export const userKeys = {
  all: ["user"] as const,
  tariff: () => [...userKeys.all, "tariff"] as const,
  statistic: () => [...userKeys.all, "statistic"] as const,
};

export async function fetchUserTariff(): Promise<UserTariffResponse> {
  const data = await api("GET /api/user/user-tariff");
  // Kept per user for the next first paint (the header's badge) and for the tariff cards, which tell the
  // active one before the call answers.
  saveLaunchUserSnapshot({ tariff: data.user_tariff ?? null });
  return data;
}

export const userTariffQueryOptions = () => queryOptions({ queryKey: userKeys.tariff(), queryFn: fetchUserTariff });
export const useUserTariff = () => useQuery(userTariffQueryOptions());

export const userStatisticQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.statistic(),
    queryFn: async () => {
      const data = await api("GET /api/user/statistic");
      // Home's balance line paints from it on the next load.
      saveLaunchUserSnapshot({ textTokens: data.remaining_quotas.text_tokens });
      return data;
    },
  });
export const useUserStatistic = () => useQuery(userStatisticQueryOptions());
