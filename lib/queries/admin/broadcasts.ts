"use client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { adminApi } from "@/lib/client/admin-session";
import type { adminBroadcastSchema } from "@/lib/contracts/admin-broadcasts";
import type { BroadcastSegment } from "@/lib/shared/broadcast-segments";
import { useAdminChange } from "./change";

export type AdminBroadcast = z.infer<typeof adminBroadcastSchema>;

/** How often the list is fetched while a broadcast runs, for its progress. */
const POLL_MS = 2_000;

export const adminBroadcastKeys = {
  all: ["admin", "broadcasts"] as const,
  list: () => [...adminBroadcastKeys.all, "list"] as const,
};

export const adminBroadcastsQueryOptions = () =>
  queryOptions({
    queryKey: adminBroadcastKeys.list(),
    queryFn: () => adminApi("GET /api/admin/broadcasts"),
    refetchInterval: (query) => (query.state.data?.items.some((b) => b.status === "running") ? POLL_MS : false),
  });
export const useAdminBroadcasts = () => useQuery(adminBroadcastsQueryOptions());

/** POST /api/admin/broadcasts: starts sending `text` (MarkdownV2) to a segment. */
export const useStartBroadcast = () =>
  useAdminChange(
    (body: { text: string; segment: BroadcastSegment }) => adminApi("POST /api/admin/broadcasts", { body }),
    [adminBroadcastKeys.all],
  );

/** Stops a running broadcast; refused (409) once it has ended, which the refreshed list then shows. */
export const useCancelBroadcast = () =>
  useAdminChange(
    (id: number) => adminApi("POST /api/admin/broadcasts/{id}/cancel", { params: { id: String(id) } }),
    [adminBroadcastKeys.all],
  );
