"use client";
import { STORAGE_KEYS } from "./storage-keys";
import { restoreState, type VideoRequestData } from "./video-process-state";

// Setup hands its request to /video-process in memory: the cropped picture or the video is a Blob
// too large for the URL or localStorage. A reload loses it, which is why the process screen keeps
// its own state: it asks for a sent request's job by its id instead of sending anew, and gives an
// unsent one back to setup.
export type PendingVideoRequest = {
  data: VideoRequestData;
  file?: { field: "image" | "video"; blob: Blob; name: string };
};

let pending: PendingVideoRequest | null = null;

export const setPendingVideoRequest = (request: PendingVideoRequest) => {
  pending = request;
};

/** The request once: a second mount (or a reload) finds nothing and never sends it again. */
export function takePendingVideoRequest(): PendingVideoRequest | null {
  const request = pending;
  pending = null;
  return request;
}

/**
 * The fields of this model's request that a reload interrupted before it was sent: setup fills its
 * form with them again (the file was in memory only). Kept until setup sends the next request.
 */
export function unsentVideoRequest(action: string, modelName: string): VideoRequestData | null {
  const restored = restoreState(localStorage.getItem(STORAGE_KEYS.videoProcessing));
  const data = restored?.mode === "unsent" ? restored.state.videoData : null;
  return data && data.action === action && data.model_name === modelName ? data : null;
}
