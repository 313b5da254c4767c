"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminApi } from "@/lib/client/admin-session";
import type { AlertKind } from "@/lib/shared/alerts";
import { useAdminChange } from "./change";

// The bot's alerts to the owners: each kind on or off and its threshold (docs/product/console.md "Alerts").

export const adminAlertKeys = { all: ["admin", "alerts"] as const };

export type AlertSettingRow = { id: number; kind: AlertKind; enabled: boolean; threshold: number | null };

export const adminAlertsQueryOptions = () =>
  queryOptions({
    queryKey: adminAlertKeys.all,
    queryFn: () => adminApi("GET /api/admin/alerts"),
    // The console's editable tables key rows by a number: the kind's place in the list.
    select: ({ items }): AlertSettingRow[] => items.map((item, i) => ({ id: i + 1, ...item })),
  });
export const useAdminAlerts = () => useQuery(adminAlertsQueryOptions());

export const usePutAlert = () =>
  useAdminChange(
    ({ kind, enabled, threshold }: Omit<AlertSettingRow, "id">) =>
      adminApi("PUT /api/admin/alerts", { body: { items: [{ kind, enabled, threshold }] } }),
    [adminAlertKeys.all],
  );
