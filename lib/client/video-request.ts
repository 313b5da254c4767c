"use client";
import type { VideoRequestData } from "./video-process-state";

// Setup hands its request to /video-process in memory: the cropped picture or the video is a Blob
// too large for the URL or localStorage. A reload loses it, which is why the process screen keeps
// its own state and rejoins by request id instead of sending anew.
export type PendingVideoRequest = { data: VideoRequestData; file?: { field: "image" | "video"; blob: Blob; name: string } };

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
