"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminApi } from "@/lib/client/admin-session";
import type { AdminPackageCreate, AdminPackagePatch } from "@/lib/contracts/admin-catalogue";
import { adminCatalogueKeys, useCatalogueChange } from "./catalogue";

export const adminPackagesQueryOptions = () =>
  queryOptions({ queryKey: adminCatalogueKeys.packages(), queryFn: () => adminApi("GET /api/admin/packages") });
export const useAdminPackages = () => useQuery(adminPackagesQueryOptions());

export const useCreatePackage = () =>
  useCatalogueChange((body: AdminPackageCreate) => adminApi("POST /api/admin/packages", { body }));

export const useUpdatePackage = () =>
  useCatalogueChange(({ id, body }: { id: number; body: AdminPackagePatch }) =>
    adminApi("PATCH /api/admin/packages/{id}", { params: { id: String(id) }, body }),
  );
