"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";

export const tariffKeys = {
  all: ["tariff"] as const,
  standard: () => [...tariffKeys.all, "standard"] as const,
  createData: () => [...tariffKeys.all, "create-data"] as const,
  credit: () => [...tariffKeys.all, "credit"] as const,
};

export const standardTariffsQueryOptions = () =>
  queryOptions({ queryKey: tariffKeys.standard(), queryFn: () => api("GET /api/tariff/standard") });
export const useStandardTariffs = () => useQuery(standardTariffsQueryOptions());

export const createDataQueryOptions = () =>
  queryOptions({ queryKey: tariffKeys.createData(), queryFn: () => api("GET /api/tariff/create_data") });
export const useCreateData = () => useQuery(createDataQueryOptions());

/** What the running tariff's unused paid days credit toward another tariff (docs/product/billing.md "Changing tariff"). */
export const tariffCreditQueryOptions = () =>
  queryOptions({ queryKey: tariffKeys.credit(), queryFn: () => api("GET /api/tariff/credit") });
export const useTariffCredit = () => useQuery(tariffCreditQueryOptions());
