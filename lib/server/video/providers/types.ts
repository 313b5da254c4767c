import type { VideoActionName } from "@/lib/shared/model-actions";
import type { VideoFamily } from "@/lib/shared/video/durations";
import type { VideoFormat } from "@/lib/shared/video/formats";

export type VideoJobRequest = {
  modelName: string;
  family: VideoFamily;
  action: VideoActionName;
  prompt: string;
  format: VideoFormat;
  duration: number;
  /** The uploaded image (image_to_video) or video (video_to_video), already checked by content. */
  input?: { data: Buffer; contentType: string };
};

export type VideoJobOutput = { data: Buffer; contentType: string; taskId?: string };

/** Where a running task is, as a provider reports it on each poll: waiting in its queue, or being made. */
export type VideoStage = "queued" | "running";

/**
 * One way of turning a request into a finished clip; `signal` aborts on the generation timeout;
 * `onStage` hears the task's stage on every poll (the chat's status message follows it).
 */
export type VideoProvider = {
  name: string;
  generate(
    request: VideoJobRequest,
    signal: AbortSignal,
    onStage?: (stage: VideoStage) => void,
  ): Promise<VideoJobOutput>;
};

/** A generation that did not produce a clip; its message is safe to show to the user. */
export class VideoProviderError extends Error {
  readonly timedOut: boolean;
  constructor(message: string, { timedOut = false }: { timedOut?: boolean } = {}) {
    super(message);
    this.name = "VideoProviderError";
    this.timedOut = timedOut;
  }
}

/** Waits `ms`, or rejects as a timeout as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(timeoutError());
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(timeoutError());
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

export const timeoutError = () =>
  new VideoProviderError("The video took too long to generate. Nothing was charged.", { timedOut: true });
