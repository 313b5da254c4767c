"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import type { PackageItem } from "@/lib/contracts/package";

export const packageKeys = {
  all: ["package"] as const,
  list: () => [...packageKeys.all, "list"] as const,
};

export const packagesQueryOptions = () =>
  queryOptions({ queryKey: packageKeys.list(), queryFn: () => apiFetch<PackageItem[]>("/package/") });
export const usePackages = () => useQuery(packagesQueryOptions());
