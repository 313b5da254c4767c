"use client";
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";
import { closeMiniApp } from "@/lib/client/host";
import type { HistoryMessage } from "@/lib/contracts/history";

/** The history screen asks for 10 sessions a page (docs/product/history.md). */
const HISTORY_SCREEN_PAGE_SIZE = 10;

export const historyKeys = {
  all: ["history"] as const,
  list: () => [...historyKeys.all, "list"] as const,
  search: (q: string) => [...historyKeys.list(), q] as const,
  session: (id: number) => [...historyKeys.all, "session", id] as const,
};

/** A launch, a continue or a new message makes the list stale (it is ordered by last use). */
export const invalidateHistoryList = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: historyKeys.list(), refetchType: "all" });

/** After a launch or a continue the dialogue goes on in the messenger: close the mini-app when the host can. */
export function onSessionStarted(client: QueryClient): void {
  void invalidateHistoryList(client);
  closeMiniApp();
}

// docs/product/history.md: the list is fresh 5 minutes and kept 10, never refetched on focus; a
// search (q) is a list of its own under the same prefix, so whatever makes the list stale makes it stale too.
export const historyListQueryOptions = (q = "") =>
  infiniteQueryOptions({
    queryKey: q ? historyKeys.search(q) : historyKeys.list(),
    queryFn: ({ pageParam }) =>
      api("POST /api/history/", {
        body: { page: pageParam, page_size: HISTORY_SCREEN_PAGE_SIZE, ...(q ? { q } : {}) },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasNextPage ? last.pagination.currentPage + 1 : undefined),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    refetchOnWindowFocus: false,
  });
export const useHistoryList = (q = "") => useInfiniteQuery(historyListQueryOptions(q));

// A session is fresh 60 s, kept 120 s and refetched on focus: the user comes back from the chat.
export const historySessionQueryOptions = (client: QueryClient, id: number) =>
  queryOptions({
    queryKey: historyKeys.session(id),
    queryFn: async () => {
      const before = client.getQueryData<HistoryMessage[]>(historyKeys.session(id));
      const messages = await api("GET /api/history/id", { query: { session_id: id } });
      // New messages since the last look move this session up the list and change its preview.
      if (before && before.at(-1)?.message_id !== messages.at(-1)?.message_id) void invalidateHistoryList(client);
      return messages;
    },
    staleTime: 60_000,
    gcTime: 120_000,
    refetchOnWindowFocus: true,
  });
export function useHistorySession(id: number) {
  const client = useQueryClient();
  return useQuery({ ...historySessionQueryOptions(client, id), enabled: Number.isInteger(id) && id > 0 });
}

/** GET /api/history/models: the models "continue in chat" offers for the session (fetched when the button opens). */
export const useSessionModels = (sessionId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...historyKeys.session(sessionId), "models"],
    queryFn: () => api("GET /api/history/models", { query: { session_id: sessionId } }),
    enabled,
    staleTime: 60_000,
  });

/** POST /api/history/id: the session becomes the bot's active one; the mini-app closes when it can. */
export function useContinueSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, modelId }: { sessionId: number; modelId?: number }) =>
      api("POST /api/history/id", { body: { session_id: sessionId, ...(modelId ? { model_id: modelId } : {}) } }),
    retry: false,
    onSuccess: () => onSessionStarted(client),
  });
}

/** PATCH /api/history/id: the person's own title for a dialogue; the list shows it at once. */
export function useRenameSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, name }: { sessionId: number; name: string }) =>
      api("PATCH /api/history/id", { body: { session_id: sessionId, name } }),
    retry: false,
    onSuccess: () => void invalidateHistoryList(client),
  });
}

/** DELETE /api/history/id: the dialogue, its messages and its files are gone; the list and its thread are dropped. */
export function useDeleteSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => api("DELETE /api/history/id", { query: { session_id: sessionId } }),
    retry: false,
    onSuccess: (_, sessionId) => {
      client.removeQueries({ queryKey: historyKeys.session(sessionId) });
      void invalidateHistoryList(client);
    },
  });
}
