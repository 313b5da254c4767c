import type { VideoActionName } from "@/lib/shared/model-actions";
import type { VideoResult } from "@/lib/contracts/video";

// The /video-process screen's state machine (docs/product/video.md "Process screen"), kept in
// localStorage so a reload shows what happened instead of starting again.
export const VIDEO_STAGES = ["validation", "upload", "generation", "complete"] as const;
export type VideoStage = (typeof VIDEO_STAGES)[number];
export type StageStatus = "pending" | "processing" | "completed" | "error";

export const STATE_MAX_AGE_MS = 60 * 60 * 1000;
/** Pauses that let each stage be seen (docs/product/video.md). */
export const STAGE_PAUSES_MS = { validation: 1000, upload: 1500, complete: 500, between: 800 } as const;

/** The text of a request; the picture or video travels beside it, in memory only. */
export type VideoRequestData = {
  prompt: string;
  model_name: string;
  model_id: number | string;
  action: VideoActionName;
  format_key: string;
  duration: number;
  /** Sent as Idempotency-Key: a retry of this request can never generate or charge twice. */
  request_id: string;
};

export type VideoProcessingState = {
  isProcessing: boolean;
  requestSent: boolean;
  currentStage: VideoStage;
  stages: Record<VideoStage, StageStatus>;
  result: VideoResult | null;
  error: string | null;
  videoData: VideoRequestData | null;
  savedAt: number;
};

export function initialState(videoData: VideoRequestData | null, now = Date.now()): VideoProcessingState {
  return {
    isProcessing: videoData !== null,
    requestSent: false,
    currentStage: "validation",
    stages: { validation: "pending", upload: "pending", generation: "pending", complete: "pending" },
    result: null,
    error: null,
    videoData,
    savedAt: now,
  };
}

export const withStage = (
  state: VideoProcessingState,
  stage: VideoStage,
  status: StageStatus,
): VideoProcessingState => ({
  ...state,
  currentStage: stage,
  stages: { ...state.stages, [stage]: status },
});

export const withError = (state: VideoProcessingState, error: string): VideoProcessingState => ({
  ...withStage(state, state.currentStage, "error"),
  isProcessing: false,
  error,
});

export const withResult = (state: VideoProcessingState, result: VideoResult): VideoProcessingState => ({
  ...state,
  isProcessing: false,
  result,
  stages: { validation: "completed", upload: "completed", generation: "completed", complete: "completed" },
  currentStage: "complete",
});

/**
 * What a mount does with a saved state: show its result or error, rejoin a request already sent
 * (asking the server for its job by the request id, never sending it again), give a request not sent
 * yet back to setup (`unsent`: the reload lost the file kept in memory, not the fields), or start
 * afresh when nothing usable (or nothing younger than an hour) is saved.
 */
export function restoreState(
  raw: string | null,
  now = Date.now(),
): { mode: "result" | "error" | "rejoin" | "unsent"; state: VideoProcessingState } | null {
  let state: VideoProcessingState;
  try {
    state = JSON.parse(raw ?? "null");
  } catch {
    return null;
  }
  if (!state || typeof state.savedAt !== "number" || now - state.savedAt > STATE_MAX_AGE_MS || now < state.savedAt)
    return null;
  if (state.result) return { mode: "result", state };
  if (state.error) return { mode: "error", state };
  if (state.requestSent && state.videoData) return { mode: "rejoin", state };
  if (state.videoData) return { mode: "unsent", state };
  return null;
}

/** docs/product/video.md: the process screen's own check of what setup handed it. */
export function validateRequest(
  data: VideoRequestData | null,
  hasImage: boolean,
): "invalidInputData" | "imageRequired" | null {
  if (!data || !data.prompt.trim() || !data.format_key) return "invalidInputData";
  if (data.action === "image_to_video" && !hasImage) return "imageRequired";
  return null;
}
