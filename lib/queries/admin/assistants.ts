"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminApi } from "@/lib/client/admin-session";
import type {
  AdminAssistantCreate,
  AdminAssistantPatch,
  AdminCategoryCreate,
  AdminCategoryPatch,
} from "@/lib/contracts/admin-catalogue";
import { adminCatalogueKeys, useCatalogueChange } from "./catalogue";

export const adminAssistantsQueryOptions = () =>
  queryOptions({ queryKey: adminCatalogueKeys.assistants(), queryFn: () => adminApi("GET /api/admin/assistants") });
export const useAdminAssistants = () => useQuery(adminAssistantsQueryOptions());

export const useCreateAssistant = () =>
  useCatalogueChange((body: AdminAssistantCreate) => adminApi("POST /api/admin/assistants", { body }));

export const useUpdateAssistant = () =>
  useCatalogueChange(({ id, body }: { id: number; body: AdminAssistantPatch }) =>
    adminApi("PATCH /api/admin/assistants/{id}", { params: { id: String(id) }, body }),
  );

export const adminCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: adminCatalogueKeys.categories(),
    queryFn: () => adminApi("GET /api/admin/assistant-categories"),
  });
export const useAdminCategories = () => useQuery(adminCategoriesQueryOptions());

export const useCreateCategory = () =>
  useCatalogueChange((body: AdminCategoryCreate) => adminApi("POST /api/admin/assistant-categories", { body }));

export const useUpdateCategory = () =>
  useCatalogueChange(({ id, body }: { id: number; body: AdminCategoryPatch }) =>
    adminApi("PATCH /api/admin/assistant-categories/{id}", { params: { id: String(id) }, body }),
  );
