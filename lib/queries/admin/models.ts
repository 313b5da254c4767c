"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminApi } from "@/lib/client/admin-session";
import type { AdminModelPatch } from "@/lib/contracts/admin-catalogue";
import { adminCatalogueKeys, useCatalogueChange } from "./catalogue";

export const adminModelsQueryOptions = () =>
  queryOptions({ queryKey: adminCatalogueKeys.models(), queryFn: () => adminApi("GET /api/admin/models") });
export const useAdminModels = () => useQuery(adminModelsQueryOptions());

export const useUpdateModel = () =>
  useCatalogueChange(({ id, body }: { id: number; body: AdminModelPatch }) =>
    adminApi("PATCH /api/admin/models/{id}", { params: { id: String(id) }, body }),
  );

/** Each model with its actions and fallback model (docs/product/channels.md). */
export const modelFallbacksQueryOptions = () =>
  queryOptions({
    queryKey: adminCatalogueKeys.fallbacks(),
    queryFn: () => adminApi("GET /api/admin/models/fallbacks"),
  });
export const useModelFallbacks = () => useQuery(modelFallbacksQueryOptions());

/** Names the model tried when this one fails (null: none). */
export const useSetModelFallback = () =>
  useCatalogueChange(({ id, fallback }: { id: number; fallback: string | null }) =>
    adminApi("PUT /api/admin/models/{id}/fallback", { params: { id: String(id) }, body: { fallback_model: fallback } }),
  );
