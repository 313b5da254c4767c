"use client";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminApi } from "@/lib/client/admin-session";

// The console's request log (docs/product/console.md "Request log").

/** The filters as the URL hash holds them ("#requests/user_id=5&status=failed&page=2"). */
export type AdminRequestFilters = Record<string, string>;

export const adminRequestKeys = {
  all: ["admin", "requests"] as const,
  list: (filters: AdminRequestFilters) => [...adminRequestKeys.all, filters] as const,
};

export const adminRequestsQueryOptions = (filters: AdminRequestFilters) =>
  queryOptions({
    queryKey: adminRequestKeys.list(filters),
    queryFn: () => adminApi("GET /api/admin/requests", { query: filters as never }),
    placeholderData: keepPreviousData,
  });
export const useAdminRequests = (filters: AdminRequestFilters) => useQuery(adminRequestsQueryOptions(filters));
