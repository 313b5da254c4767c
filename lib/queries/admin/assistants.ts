"use client";
import { useQuery } from "@tanstack/react-query";
import { adminCatalogueKeys, catalogueListOptions, useCatalogueCreate, useCatalogueUpdate } from "./catalogue";

export const adminAssistantsQueryOptions = () =>
  catalogueListOptions(adminCatalogueKeys.assistants(), "GET /api/admin/assistants");
export const useAdminAssistants = () => useQuery(adminAssistantsQueryOptions());

export const useCreateAssistant = () => useCatalogueCreate("POST /api/admin/assistants");
export const useUpdateAssistant = () => useCatalogueUpdate("PATCH /api/admin/assistants/{id}");

export const adminCategoriesQueryOptions = () =>
  catalogueListOptions(adminCatalogueKeys.categories(), "GET /api/admin/assistant-categories");
export const useAdminCategories = () => useQuery(adminCategoriesQueryOptions());

export const useCreateCategory = () => useCatalogueCreate("POST /api/admin/assistant-categories");
export const useUpdateCategory = () => useCatalogueUpdate("PATCH /api/admin/assistant-categories/{id}");
