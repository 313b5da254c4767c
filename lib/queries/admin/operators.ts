"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminApi } from "@/lib/client/admin-session";
import type { OperatorRole } from "@/lib/shared/operator-roles";
import { useAdminChange } from "./change";

// The console's operators and their roles (docs/product/console.md "Roles"), and the signed-in one's.

export const adminOperatorKeys = {
  all: ["admin", "operators"] as const,
  list: () => [...adminOperatorKeys.all, "list"] as const,
  me: () => [...adminOperatorKeys.all, "me"] as const,
};

export const adminOperatorsQueryOptions = () =>
  queryOptions({ queryKey: adminOperatorKeys.list(), queryFn: () => adminApi("GET /api/admin/operators") });
export const useAdminOperators = () => useQuery(adminOperatorsQueryOptions());

/** The signed-in operator's role: the nav shows the tabs it may use. */
export const adminMeQueryOptions = () =>
  queryOptions({ queryKey: adminOperatorKeys.me(), queryFn: () => adminApi("GET /api/admin/me") });
export const useAdminMe = () => useQuery(adminMeQueryOptions());

export type OperatorPut = { role: OperatorRole; grant_limit?: number; refund_limit_rub?: number };

export const usePutOperator = () =>
  useAdminChange(
    ({ telegramId, body }: { telegramId: number; body: OperatorPut }) =>
      adminApi("PUT /api/admin/operators/{telegram_id}", { params: { telegram_id: String(telegramId) }, body }),
    [adminOperatorKeys.all],
  );

export const useDeleteOperator = () =>
  useAdminChange(
    (telegramId: number) =>
      adminApi("DELETE /api/admin/operators/{telegram_id}", { params: { telegram_id: String(telegramId) } }),
    [adminOperatorKeys.all],
  );
