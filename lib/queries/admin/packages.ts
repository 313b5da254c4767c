"use client";
import { useQuery } from "@tanstack/react-query";
import { adminCatalogueKeys, catalogueListOptions, useCatalogueCreate, useCatalogueUpdate } from "./catalogue";

export const adminPackagesQueryOptions = () =>
  catalogueListOptions(adminCatalogueKeys.packages(), "GET /api/admin/packages");
export const useAdminPackages = () => useQuery(adminPackagesQueryOptions());

export const useCreatePackage = () => useCatalogueCreate("POST /api/admin/packages");
export const useUpdatePackage = () => useCatalogueUpdate("PATCH /api/admin/packages/{id}");
