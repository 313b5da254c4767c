"use client";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import { ensureWriteAccess } from "@/lib/client/telegram";
import type { LaunchResponse, ModelSessionBody, ModelsResponse } from "@/lib/contracts/models";
import { onSessionStarted } from "@/lib/queries/history";

export const modelKeys = {
  all: ["models"] as const,
  list: () => [...modelKeys.all, "all"] as const,
};

export const modelsQueryOptions = () =>
  queryOptions({ queryKey: modelKeys.list(), queryFn: () => apiFetch<ModelsResponse>("/models/all") });
export const useModels = () => useQuery(modelsQueryOptions());

/** POST /api/models/session; a successful launch closes the mini-app when the host allows it. */
export const launchModel = (body: ModelSessionBody) =>
  apiFetch<LaunchResponse>("/models/session", { method: "POST", body });

export function useLaunchModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Parameters<typeof launchModel>[0]) => {
      await ensureWriteAccess();
      return launchModel(input);
    },
    // A refused launch (403 tariff, 404) is an answer, not a glitch worth repeating.
    retry: false,
    onSuccess: () => onSessionStarted(client),
  });
}
