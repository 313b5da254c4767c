"use client";
import { useQuery } from "@tanstack/react-query";
import { adminApi } from "@/lib/client/admin-session";
import type { AdminTariffPatch } from "@/lib/contracts/admin-catalogue";
import { adminCatalogueKeys, catalogueListOptions, useCatalogueChange } from "./catalogue";

export const adminTariffsQueryOptions = () =>
  catalogueListOptions(adminCatalogueKeys.tariffs(), "GET /api/admin/tariffs");
export const useAdminTariffs = () => useQuery(adminTariffsQueryOptions());

/** A tariff is changed by its name (Starter, Pro…), which the mini-app's plans are known by. */
export const useUpdateTariff = () =>
  useCatalogueChange(({ name, body }: { name: string; body: AdminTariffPatch }) =>
    adminApi("PATCH /api/admin/tariffs/{name}", { params: { name }, body }),
  );
