"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";
import type { ModelSessionBody } from "@/lib/contracts/models";
import { actionCostsOf, type ActionCost } from "@/lib/shared/pricing/job-price";
import { useSessionLaunch } from "@/lib/queries/session-launch";

export const modelKeys = {
  all: ["models"] as const,
  list: () => [...modelKeys.all, "all"] as const,
};

export const modelsQueryOptions = () =>
  queryOptions({ queryKey: modelKeys.list(), queryFn: () => api("GET /api/models/all") });
export const useModels = () => useQuery(modelsQueryOptions());

/** Every action's price, for the screens' estimates; empty (the kinds' defaults) until the list loads. */
export const useActionCosts = (): ActionCost[] =>
  useQuery({ ...modelsQueryOptions(), select: actionCostsOf }).data ?? EMPTY;
const EMPTY: ActionCost[] = [];

/** POST /api/models/session; a successful launch closes the mini-app when the host allows it. */
export const launchModel = (body: ModelSessionBody) => api("POST /api/models/session", { body });

export const useLaunchModel = () => useSessionLaunch(launchModel);
