"use client";
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";
import type { ActionType, AssistantItem, FavoriteAssistant } from "@/lib/contracts/assistants";
import type { LaunchResponse } from "@/lib/contracts/models";
import { useSessionLaunch } from "@/lib/queries/session-launch";

export const assistantKeys = {
  all: ["assistants"] as const,
  categories: () => [...assistantKeys.all, "categories"] as const,
  byCategoryAll: () => [...assistantKeys.all, "by-category"] as const,
  byCategory: (type: string) => [...assistantKeys.byCategoryAll(), type] as const,
  imageList: () => [...assistantKeys.all, "generating-image"] as const,
  favorites: () => [...assistantKeys.all, "favorites"] as const,
  models: () => [...assistantKeys.all, "models"] as const,
};

export const assistantCategoriesQueryOptions = () =>
  queryOptions({ queryKey: assistantKeys.categories(), queryFn: () => api("GET /api/assistants/categories") });
export const useAssistantCategories = () => useQuery(assistantCategoriesQueryOptions());

export const assistantsByCategoryQueryOptions = (type: string) =>
  queryOptions({
    queryKey: assistantKeys.byCategory(type),
    queryFn: () => api("GET /api/assistants/list_by_category", { query: { type } }),
  });
export const useAssistantsByCategory = (type: string) => useQuery(assistantsByCategoryQueryOptions(type));

export const imageAssistantsQueryOptions = () =>
  queryOptions({ queryKey: assistantKeys.imageList(), queryFn: () => api("GET /api/assistants/generating_image") });
export const useImageAssistants = () => useQuery(imageAssistantsQueryOptions());

export const favoriteAssistantsQueryOptions = () =>
  queryOptions({ queryKey: assistantKeys.favorites(), queryFn: () => api("GET /api/user/assistants") });
export const useFavoriteAssistants = () => useQuery(favoriteAssistantsQueryOptions());

export const assistantModelsQueryOptions = () =>
  queryOptions({ queryKey: assistantKeys.models(), queryFn: () => api("GET /api/assistants/models") });
export const useAssistantModels = () => useQuery(assistantModelsQueryOptions());

// ---------------------------------------------------------------- favourites (docs/product/screens.md)

export type FavoriteTarget = { assistantId: number; assistantType: string; hasUser: boolean };

type Snapshot = Array<[readonly unknown[], unknown]>;

/** Sets has_user of one assistant in every cached list at once; returns what it replaced. */
function setHasUser(client: QueryClient, assistantId: number, hasUser: boolean): Snapshot {
  const snapshot: Snapshot = [];
  const patch = <T extends { has_user: boolean }>(list: T[] | undefined, idOf: (item: T) => number) =>
    list?.map((item) => (idOf(item) === assistantId ? { ...item, has_user: hasUser } : item));
  for (const [key, data] of client.getQueriesData<AssistantItem[]>({ queryKey: assistantKeys.byCategoryAll() })) {
    snapshot.push([key, data]);
    client.setQueryData(
      key,
      patch(data, (a) => a.assistant_id),
    );
  }
  for (const key of [assistantKeys.imageList()]) {
    const data = client.getQueryData<AssistantItem[]>(key);
    snapshot.push([key, data]);
    client.setQueryData(
      key,
      patch(data, (a) => a.assistant_id),
    );
  }
  // In the favourites list the item stays in place (shown as un-liked) until the refetch.
  const favorites = client.getQueryData<FavoriteAssistant[]>(assistantKeys.favorites());
  snapshot.push([assistantKeys.favorites(), favorites]);
  client.setQueryData(
    assistantKeys.favorites(),
    patch(favorites, (a) => a.id),
  );
  return snapshot;
}

/** The heart toggle: if has_user then remove, else add; optimistic with a silent rollback. */
export function useToggleFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ assistantId, assistantType, hasUser }: FavoriteTarget) =>
      api(hasUser ? "DELETE /api/user/assistants" : "POST /api/user/assistants", {
        body: { assistant_id: { assistant_id: assistantId }, assistant_type: assistantType },
      }),
    retry: false,
    onMutate: async ({ assistantId, hasUser }) => {
      await client.cancelQueries({ queryKey: assistantKeys.all });
      return setHasUser(client, assistantId, !hasUser);
    },
    onError: (_error, _target, snapshot) => {
      for (const [key, data] of snapshot ?? []) client.setQueryData(key, data);
    },
    onSuccess: () => {
      // "all": lists of screens not shown now are refetched too (queries do not refetch on mount).
      for (const queryKey of [assistantKeys.favorites(), assistantKeys.imageList(), assistantKeys.byCategoryAll()]) {
        void client.invalidateQueries({ queryKey, refetchType: "all" });
      }
    },
  });
}

// ---------------------------------------------------------------- launching

export type AssistantLaunch =
  | { kind: "text"; assistantId: number; modelId: number }
  | { kind: "image"; assistantId: number; modelId: number; actionType: ActionType };

export function launchAssistant(launch: AssistantLaunch): Promise<LaunchResponse> {
  const query = { assistant_id: launch.assistantId, model_id: launch.modelId };
  if (launch.kind === "text") return api("GET /api/assistants/id", { query });
  return api("GET /api/assistants/create_image_assistant_session", {
    query: { ...query, action_type: launch.actionType },
  });
}

/** Starts an assistant with a model; a successful launch closes the mini-app when the host allows it. */
export const useLaunchAssistant = () => useSessionLaunch(launchAssistant);
