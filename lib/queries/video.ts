"use client";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";
import type { VideoCostResponse, VideoJobStatus, VideoResult } from "@/lib/contracts/video";
import { clearLocalCache, readLocalCache, writeLocalCache } from "@/lib/client/video-local-cache";
import type { VideoRequestData } from "@/lib/client/video-process-state";

export const videoKeys = {
  all: ["video"] as const,
  capabilities: () => [...videoKeys.all, "capabilities"] as const,
};

// docs/product/video.md: capabilities fresh 10 minutes, kept 20; the cost check cached locally 30 minutes.
const MINUTE = 60_000;
const COST_CACHE_PREFIX = "video_cost_";
const COST_CACHE_MS = 30 * MINUTE;

export const videoCapabilitiesQueryOptions = () =>
  queryOptions({
    queryKey: videoKeys.capabilities(),
    queryFn: () => api("GET /api/video/model-capabilities"),
    staleTime: 10 * MINUTE,
    gcTime: 20 * MINUTE,
  });
export const useVideoCapabilities = () => useQuery(videoCapabilitiesQueryOptions());

/** The cost check, answered from the local cache when a fresh answer is there (unless `fresh`). */
export async function checkVideoModelCost(
  modelName: string,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<VideoCostResponse> {
  const key = COST_CACHE_PREFIX + modelName;
  const cached = fresh
    ? undefined
    : readLocalCache<VideoCostResponse>({ store: localStorage, key, maxAgeMs: COST_CACHE_MS });
  if (cached) return cached;
  const answer = await api("GET /api/video/check-model-cost/{modelName}", { params: { modelName } });
  writeLocalCache({ store: localStorage, key, data: answer });
  return answer;
}

/** The video page starts from fresh balances (docs/product/video.md). */
export const clearVideoCostCache = () => clearLocalCache({ store: localStorage, prefix: COST_CACHE_PREFIX });

/**
 * POST /api/video/generate. The request id goes as Idempotency-Key: a retry can never generate or
 * pay twice, and a reloaded screen asks for the job by it (videoJobStatus) instead of sending again.
 */
export function generateVideo(
  data: VideoRequestData,
  file?: { field: "image" | "video"; blob: Blob; name: string },
): Promise<VideoResult> {
  const form = new FormData();
  for (const name of ["prompt", "model_name", "action", "format_key", "duration"] as const)
    form.set(name, String(data[name]));
  if (file) form.set(file.field, file.blob, file.name);
  return api("POST /api/video/generate", { formData: form, headers: { "Idempotency-Key": data.request_id } });
}

/** GET /api/video/jobs/{requestId}: where a request already sent stands, asked instead of sending it again. */
export const videoJobStatus = (requestId: string): Promise<VideoJobStatus> =>
  api("GET /api/video/jobs/{requestId}", { params: { requestId } });

/** POST /api/video/send-to-chat: the bot posts the finished clip (named by its request id) to the user's chat. */
export const useSendVideoToChat = () =>
  useMutation({
    mutationFn: (requestId: string) => api("POST /api/video/send-to-chat", { body: { request_id: requestId } }),
    retry: false,
  });
