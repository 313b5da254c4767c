"use client";
import { useEffect, useRef, useState } from "react";
import { ApiRequestError } from "@/lib/client/api-client";
import { STORAGE_KEYS } from "@/lib/client/storage-keys";
import { takePendingVideoRequest, type PendingVideoRequest } from "@/lib/client/video-request";
import type { VideoResult } from "@/lib/contracts/video";
import { clearVideoCostCache, generateVideo, videoJobStatus } from "@/lib/queries/video";
import {
  initialState,
  restoreState,
  STAGE_PAUSES_MS,
  validateRequest,
  withError,
  withResult,
  withStage,
  type VideoProcessingState,
} from "@/lib/client/video-process-state";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A failure as the user reads it: the server's message, else a known key of the Video namespace. */
export type ProcessError = {
  message?: string;
  key?:
    | "unknownError"
    | "invalidInputData"
    | "imageRequired"
    | "insufficientTokensMessage"
    | "generationFailedRefunded"
    | "anotherRunning"
    | "requestLost";
};

// Answers whose meaning the client knows read in the user's language; others show the server's message.
const KEY_BY_STATUS: Record<number, ProcessError["key"]> = {
  402: "insufficientTokensMessage",
  429: "anotherRunning",
  502: "generationFailedRefunded",
};

// How often a request already sent is asked about, and how long an unknown request id is given to
// arrive (a reload can interrupt the request while it is still on its way) before it counts as lost.
const JOB_POLL_MS = 2000;
const ARRIVAL_GRACE_MS = 6000;
const LOST_CONNECTION_GRACE_MS = 1000;
const encodeError = (e: ProcessError) => JSON.stringify(e);
export const decodeError = (raw: string): ProcessError => {
  try {
    return JSON.parse(raw) as ProcessError;
  } catch {
    return { message: raw };
  }
};

class JobFailed extends Error {
  constructor(readonly reason: ProcessError) {
    super(reason.key ?? reason.message);
  }
}

/**
 * Waits for a request already sent by asking the server where its job stands: never a second send.
 * An id the server never saw (past a short grace) is a request lost on the way, charged nothing.
 */
async function waitForJob(requestId: string): Promise<VideoResult> {
  const started = Date.now();
  for (;;) {
    try {
      const job = await videoJobStatus(requestId);
      if (job.status === "succeeded") return job.result;
      if (job.status === "failed") throw new JobFailed({ key: "generationFailedRefunded" });
    } catch (error) {
      if (error instanceof JobFailed) throw error;
      const unknown = error instanceof ApiRequestError && error.status === 404;
      if (unknown && Date.now() - started > ARRIVAL_GRACE_MS) throw new JobFailed({ key: "requestLost" });
      if (error instanceof ApiRequestError && !unknown) throw new JobFailed({ message: error.message });
    }
    await pause(JOB_POLL_MS);
  }
}

/** Where a reload before sending takes the user: setup, whose form the saved request fills again. */
export type RecoveredForm = NonNullable<VideoProcessingState["videoData"]>;

/**
 * Runs the stages once per request (validation, upload, generation, complete; docs/product/video.md) with their
 * pauses, saving every step. A mount with a saved result or error shows it; one whose request was
 * already sent waits for that request's job by its id (`rejoined`) and never sends anything again; one
 * whose request was not sent yet hands its fields back to setup (`recovered`) instead of failing.
 */
export function useVideoProcess(): {
  state: VideoProcessingState;
  rejoined: boolean;
  recovered: RecoveredForm | null;
  clear: () => void;
} {
  const [state, setState] = useState<VideoProcessingState>(() => initialState(null));
  const [rejoined, setRejoined] = useState(false);
  const [recovered, setRecovered] = useState<RecoveredForm | null>(null);
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
    // A reload aborts the request in flight: that is no failure, the next mount asks for its job.
    let leaving = false;
    for (const event of ["beforeunload", "pagehide"])
      window.addEventListener(event, () => (leaving = true), { once: true });

    const finish = async (result: VideoResult) => {
      clearVideoCostCache();
      save(withStage(current.current, "generation", "completed"));
      await pause(STAGE_PAUSES_MS.between);
      save(withStage(current.current, "complete", "processing"));
      await pause(STAGE_PAUSES_MS.complete);
      save(withResult(current.current, result));
    };
    const wait = async (requestId: string) => {
      try {
        await finish(await waitForJob(requestId));
      } catch (error) {
        fail(error instanceof JobFailed ? error.reason : { key: "unknownError" });
      }
    };
    const send = async (request: PendingVideoRequest) => {
      save({ ...withStage(current.current, "generation", "processing"), requestSent: true });
      let result: VideoResult;
      try {
        result = await generateVideo(request.data, request.file);
      } catch (error) {
        // 409: the server still runs it; like a lost connection or the client's own timeout, the job is asked for.
        if (error instanceof ApiRequestError && error.status !== 409) {
          return fail(KEY_BY_STATUS[error.status] ? { key: KEY_BY_STATUS[error.status] } : { message: error.message });
        }
        // A lost connection may be the page going away: the next mount asks for the job then.
        await pause(LOST_CONNECTION_GRACE_MS);
        if (!leaving) await wait(request.data.request_id);
        return;
      }
      await finish(result);
    };

    const saved = localStorage.getItem(STORAGE_KEYS.videoProcessing);
    const restored = restoreState(saved);
    if (restored?.mode === "result" || restored?.mode === "error") {
      current.current = restored.state;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage is read after mount so the server and first client render agree
      setState(restored.state);
      return;
    }
    if (restored?.mode === "rejoin") {
      current.current = restored.state;
      setState(restored.state);
      setRejoined(true);
      void wait(restored.state.videoData!.request_id);
      return;
    }
    const pending = takePendingVideoRequest();
    if (!pending && restored?.mode === "unsent") {
      // Reloaded before sending: the picture or video was in memory only, the text fields are saved.
      setRecovered(restored.state.videoData);
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

  return { state, rejoined, recovered, clear: () => localStorage.removeItem(STORAGE_KEYS.videoProcessing) };
}
