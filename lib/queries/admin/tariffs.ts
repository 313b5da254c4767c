"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminApi } from "@/lib/client/admin-session";
import type { AdminTariffPatch } from "@/lib/contracts/admin-catalogue";
import { adminCatalogueKeys, useCatalogueChange } from "./catalogue";

export const adminTariffsQueryOptions = () =>
  queryOptions({ queryKey: adminCatalogueKeys.tariffs(), queryFn: () => adminApi("GET /api/admin/tariffs") });
export const useAdminTariffs = () => useQuery(adminTariffsQueryOptions());

export const useUpdateTariff = () =>
  useCatalogueChange(({ name, body }: { name: string; body: AdminTariffPatch }) =>
    adminApi("PATCH /api/admin/tariffs/{name}", { params: { name }, body }),
  );
