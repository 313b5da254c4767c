"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import type { CreateDataResponse, StandardTariffsResponse } from "@/lib/contracts/tariff";

export const tariffKeys = {
  all: ["tariff"] as const,
  standard: () => [...tariffKeys.all, "standard"] as const,
  createData: () => [...tariffKeys.all, "create-data"] as const,
};

export const standardTariffsQueryOptions = () =>
  queryOptions({ queryKey: tariffKeys.standard(), queryFn: () => apiFetch<StandardTariffsResponse>("/tariff/standard") });
export const useStandardTariffs = () => useQuery(standardTariffsQueryOptions());

export const createDataQueryOptions = () =>
  queryOptions({ queryKey: tariffKeys.createData(), queryFn: () => apiFetch<CreateDataResponse>("/tariff/create_data") });
export const useCreateData = () => useQuery(createDataQueryOptions());
