"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";

export const packageKeys = {
  all: ["package"] as const,
  list: () => [...packageKeys.all, "list"] as const,
};

export const packagesQueryOptions = () =>
  queryOptions({ queryKey: packageKeys.list(), queryFn: () => api("GET /api/package/") });
export const usePackages = () => useQuery(packagesQueryOptions());
