"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminApi } from "@/lib/client/admin-session";

export const adminStatsKeys = {
  all: ["admin", "stats"] as const,
  period: (days: number) => [...adminStatsKeys.all, days] as const,
};

/** GET /api/admin/stats?days=: the dashboard's totals and series over the last `days` days. */
export const adminStatsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: adminStatsKeys.period(days),
    queryFn: () => adminApi("GET /api/admin/stats", { query: { days } }),
  });
export const useAdminStats = (days: number) => useQuery(adminStatsQueryOptions(days));
