"use client";
import { useEffect, useRef, useState } from "react";
import { ApiRequestError } from "@/lib/client/api-client";
import { STORAGE_KEYS } from "@/lib/client/storage-keys";
import { takePendingVideoRequest, type PendingVideoRequest } from "@/lib/client/video-request";
import { clearVideoCostCache, generateVideo } from "@/lib/queries/video";
import {
  initialState,
  restoreState,
  STAGE_PAUSES_MS,
  validateRequest,
  withError,
  withResult,
  withStage,
  type VideoProcessingState,
} from "@/lib/video/process-state";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A failure as the user reads it: the server's message, else a known key of the Video namespace. */
export type ProcessError = {
  message?: string;
  key?: "unknownError" | "invalidInputData" | "imageRequired" | "insufficientTokensMessage" | "generationFailedRefunded" | "anotherRunning";
};

// Answers whose meaning the client knows read in the user's language; others show the server's message.
const KEY_BY_STATUS: Record<number, ProcessError["key"]> = { 402: "insufficientTokensMessage", 429: "anotherRunning", 502: "generationFailedRefunded" };

// A rejoin waits a moment, so a request the reload interrupted has reached the server before it is asked for.
const REJOIN_DELAY_MS = 2000;
const LOST_CONNECTION_GRACE_MS = 1000;
const encodeError = (e: ProcessError) => JSON.stringify(e);
export const decodeError = (raw: string): ProcessError => {
  try {
    return JSON.parse(raw) as ProcessError;
  } catch {
    return { message: raw };
  }
};

/**
 * Runs the stages once per request (validation, upload, generation, complete; docs/product/video.md) with their
 * pauses, saving every step. A mount with a saved result or error shows it; one whose request was
 * already sent rejoins it by its request id (the server answers the first outcome and never
 * generates twice); nothing is ever sent a second time from setup's hand-over.
 */
export function useVideoProcess(): { state: VideoProcessingState; clear: () => void } {
  const [state, setState] = useState<VideoProcessingState>(() => initialState(null));
  const started = useRef(false);
  const current = useRef(state);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const save = (next: VideoProcessingState) => {
      current.current = { ...next, savedAt: Date.now() };
      localStorage.setItem(STORAGE_KEYS.videoProcessing, JSON.stringify(current.current));
      setState(current.current);
    };
    const fail = (error: ProcessError) => save(withError(current.current, encodeError(error)));
    // A reload aborts the request in flight: that is no failure, the next mount rejoins it.
    let leaving = false;
    for (const event of ["beforeunload", "pagehide"]) window.addEventListener(event, () => (leaving = true), { once: true });

    const restored = restoreState(localStorage.getItem(STORAGE_KEYS.videoProcessing));
    if (restored?.mode === "result" || restored?.mode === "error") {
      current.current = restored.state;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage is read after mount so the server and first client render agree
      setState(restored.state);
      return;
    }
    const pending: PendingVideoRequest | null = restored ? { data: restored.state.videoData! } : takePendingVideoRequest();
    const send = async (request: PendingVideoRequest) => {
      save({ ...withStage(current.current, "generation", "processing"), requestSent: true });
      try {
        const result = await generateVideo(request.data, request.file);
        clearVideoCostCache();
        save(withStage(current.current, "generation", "completed"));
        await pause(STAGE_PAUSES_MS.between);
        save(withStage(current.current, "complete", "processing"));
        await pause(STAGE_PAUSES_MS.complete);
        save(withResult(current.current, result));
      } catch (error) {
        if (error instanceof ApiRequestError) return fail(KEY_BY_STATUS[error.status] ? { key: KEY_BY_STATUS[error.status] } : { message: error.message });
        // A lost connection may be the page going away; a page that lives on reports it a moment later.
        await pause(LOST_CONNECTION_GRACE_MS);
        if (!leaving) fail({ key: "unknownError" });
      }
    };

    if (restored) {
      current.current = restored.state;
      setState(restored.state);
      void pause(REJOIN_DELAY_MS).then(() => send(pending!));
      return;
    }
    void (async () => {
      current.current = initialState(pending?.data ?? null);
      save(withStage(current.current, "validation", "processing"));
      const invalid = validateRequest(pending?.data ?? null, pending?.file?.field === "image");
      await pause(STAGE_PAUSES_MS.validation);
      if (invalid || !pending) return fail({ key: invalid ?? "invalidInputData" });
      save(withStage(current.current, "validation", "completed"));
      await pause(STAGE_PAUSES_MS.between);
      save(withStage(current.current, "upload", "processing"));
      await pause(STAGE_PAUSES_MS.upload);
      save(withStage(current.current, "upload", "completed"));
      await pause(STAGE_PAUSES_MS.between);
      await send(pending);
    })();
  }, []);

  return { state, clear: () => localStorage.removeItem(STORAGE_KEYS.videoProcessing) };
}
