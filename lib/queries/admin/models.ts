"use client";
import { useQuery } from "@tanstack/react-query";
import { adminApi } from "@/lib/client/admin-session";
import { adminCatalogueKeys, catalogueListOptions, useCatalogueChange, useCatalogueUpdate } from "./catalogue";

export const adminModelsQueryOptions = () => catalogueListOptions(adminCatalogueKeys.models(), "GET /api/admin/models");
export const useAdminModels = () => useQuery(adminModelsQueryOptions());

export const useUpdateModel = () => useCatalogueUpdate("PATCH /api/admin/models/{id}");

/** Each model with its actions and fallback model (docs/product/channels.md). */
export const modelFallbacksQueryOptions = () =>
  catalogueListOptions(adminCatalogueKeys.fallbacks(), "GET /api/admin/models/fallbacks");
export const useModelFallbacks = () => useQuery(modelFallbacksQueryOptions());

/** Names the model tried when this one fails (null: none). */
export const useSetModelFallback = () =>
  useCatalogueChange(({ id, fallback }: { id: number; fallback: string | null }) =>
    adminApi("PUT /api/admin/models/{id}/fallback", { params: { id: String(id) }, body: { fallback_model: fallback } }),
  );
