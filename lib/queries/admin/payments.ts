"use client";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { adminApi } from "@/lib/client/admin-session";
import type { adminPaymentSchema } from "@/lib/contracts/admin-payments";
import { useAdminChange } from "./change";

export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** The Payments screen's filters and page (GET /api/admin/payments?status=&provider=&page=). */
export type AdminPaymentFilter = { status?: string; provider?: string; page: number };

export const adminPaymentKeys = {
  all: ["admin", "payments"] as const,
  list: (filter: AdminPaymentFilter) => [...adminPaymentKeys.all, filter] as const,
};

export const adminPaymentsQueryOptions = (filter: AdminPaymentFilter) =>
  queryOptions({
    queryKey: adminPaymentKeys.list(filter),
    queryFn: () => adminApi("GET /api/admin/payments", { query: filter }),
    placeholderData: keepPreviousData,
  });
export const useAdminPayments = (filter: AdminPaymentFilter) => useQuery(adminPaymentsQueryOptions(filter));

/** POST /api/admin/payments/{id}/refund: the whole amount (or `amount_rub` of it) back through the payment's provider. */
export const useRefundPayment = () =>
  useAdminChange(
    ({ id, reason, amount_rub }: { id: string; reason: string; amount_rub?: number }) =>
      adminApi("POST /api/admin/payments/{id}/refund", { params: { id }, body: { reason, amount_rub } }),
    [adminPaymentKeys.all],
  );
