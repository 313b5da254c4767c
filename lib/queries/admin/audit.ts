"use client";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminApi } from "@/lib/client/admin-session";

// The console's audit log (docs/product/console.md#calls). Every console change writes a row, so
// every console mutation refreshes it (./change.ts).

export const adminAuditKeys = {
  all: ["admin", "audit"] as const,
  page: (page: number) => [...adminAuditKeys.all, page] as const,
};

export const adminAuditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminAuditKeys.page(page),
    queryFn: () => adminApi("GET /api/admin/audit", { query: { page } }),
    placeholderData: keepPreviousData,
  });
export const useAdminAudit = (page: number) => useQuery(adminAuditQueryOptions(page));
