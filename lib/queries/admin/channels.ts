"use client";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { adminApi } from "@/lib/client/admin-session";
import type { ChannelCreateBody, ChannelPatchBody } from "@/lib/contracts/admin-channels";
import { useAdminChange } from "./change";

// The provider channels (docs/product/channels.md).

export const adminChannelKeys = {
  all: ["admin", "channels"] as const,
  list: () => [...adminChannelKeys.all, "list"] as const,
};

export const adminChannelsQueryOptions = () =>
  queryOptions({ queryKey: adminChannelKeys.list(), queryFn: () => adminApi("GET /api/admin/channels") });
export const useAdminChannels = () => useQuery(adminChannelsQueryOptions());

export const useCreateChannel = () =>
  useAdminChange((body: ChannelCreateBody) => adminApi("POST /api/admin/channels", { body }), [adminChannelKeys.all]);

/** Changes the given fields only; without `api_key` the stored key is kept. */
export const useUpdateChannel = () =>
  useAdminChange(
    ({ id, body }: { id: number; body: ChannelPatchBody }) =>
      adminApi("PATCH /api/admin/channels/{id}", { params: { id: String(id) }, body }),
    [adminChannelKeys.all],
  );

export const useDeleteChannel = () =>
  useAdminChange(
    (id: number) => adminApi("DELETE /api/admin/channels/{id}", { params: { id: String(id) } }),
    [adminChannelKeys.all],
  );

/** A minimal request per model the channel serves: each one's status and latency (nothing is changed). */
export const useTestChannel = () =>
  useMutation({
    mutationFn: (id: number) => adminApi("POST /api/admin/channels/{id}/test", { params: { id: String(id) } }),
  });
