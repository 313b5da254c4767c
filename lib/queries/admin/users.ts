"use client";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminApi } from "@/lib/client/admin-session";
import type { QuotaKey } from "@/lib/shared/quota-kinds";
import { useAdminChange } from "./change";

export type AdminUserSearch = { q: string; page: number };

export const adminUserKeys = {
  all: ["admin", "users"] as const,
  search: (search: AdminUserSearch) => [...adminUserKeys.all, "search", search] as const,
  record: (id: number) => [...adminUserKeys.all, "record", id] as const,
};

export const adminUserSearchQueryOptions = (search: AdminUserSearch) =>
  queryOptions({
    queryKey: adminUserKeys.search(search),
    queryFn: () => adminApi("GET /api/admin/users", { query: search }),
    placeholderData: keepPreviousData,
  });
export const useAdminUserSearch = (search: AdminUserSearch) => useQuery(adminUserSearchQueryOptions(search));

export const adminUserQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminUserKeys.record(id),
    queryFn: () => adminApi("GET /api/admin/users/{id}", { params: { id: String(id) } }),
  });
export const useAdminUser = (id: number) => useQuery(adminUserQueryOptions(id));

export type Grant = { kind: QuotaKey; units: number; reason: string };

/** POST /api/admin/users/{id}/grant: gives units of a kind (negative: takes them back). */
export const useGrantUnits = (userId: number) =>
  useAdminChange(
    (grant: Grant) => adminApi("POST /api/admin/users/{id}/grant", { params: { id: String(userId) }, body: grant }),
    [adminUserKeys.all],
  );

/** Blocks the user, or lets them back in. */
export const useSetUserBlocked = (userId: number) =>
  useAdminChange(
    (block: boolean) =>
      adminApi(block ? "POST /api/admin/users/{id}/block" : "POST /api/admin/users/{id}/unblock", {
        params: { id: String(userId) },
      }),
    [adminUserKeys.all],
  );
