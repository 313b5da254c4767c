import "server-only";
import { log } from "@/lib/server/log";
import RunwayML from "@runwayml/sdk";
import type { VideoActionName } from "@/lib/shared/model-actions";
import type { VideoFamily } from "@/lib/shared/video/durations";
import { sleep, timeoutError, VideoProviderError, type VideoJobRequest, type VideoProvider } from "./types";

// The catalogue's family names mapped to the Runway API's current model names per action. Runway
// also serves Google's Veo, so the veo family goes through the same API and key.
const RUNWAY_MODELS: Partial<Record<VideoFamily, Partial<Record<VideoActionName, string>>>> = {
  gen4_turbo: { image_to_video: "gen4_turbo" },
  gen4_aleph: { video_to_video: "aleph2" },
  veo: { text_to_video: "veo3.1", image_to_video: "veo3.1" },
};

export type RunwayConfig = { apiKey: string; baseURL: string; pollIntervalMs: number };

const dataUri = ({ data, contentType }: { data: Buffer; contentType: string }) =>
  `data:${contentType};base64,${data.toString("base64")}`;

/** Starts the Runway task for a request; answers its id. */
async function startTask(client: RunwayML, request: VideoJobRequest, signal: AbortSignal): Promise<string> {
  const model = RUNWAY_MODELS[request.family]?.[request.action];
  if (!model) throw new VideoProviderError(`${request.modelName} cannot do ${request.action} through Runway`);
  const common = { model, promptText: request.prompt, ratio: `${request.format.width}:${request.format.height}` };
  // The SDK types each model's parameters exactly; the table above decides which model is sent, so
  // the bodies are built from its shared fields and passed through one cast each.
  switch (request.action) {
    case "text_to_video":
      return (await client.textToVideo.create({ ...common, duration: request.duration } as never, { signal })).id;
    case "image_to_video":
      return (
        await client.imageToVideo.create(
          { ...common, duration: request.duration, promptImage: dataUri(request.input!) } as never,
          { signal },
        )
      ).id;
    case "video_to_video":
      return (await client.videoToVideo.create({ ...common, videoUri: dataUri(request.input!) } as never, { signal }))
        .id;
  }
}

/** Runway's task API: create, poll GET /v1/tasks/{id}, then download the output at once (its URLs expire). */
export function createRunwayProvider(config: RunwayConfig): VideoProvider {
  const client = new RunwayML({ apiKey: config.apiKey, baseURL: config.baseURL, maxRetries: 2, timeout: 60_000 });
  return {
    name: "runway",
    async generate(request, signal, onStage) {
      let taskId: string | undefined;
      try {
        taskId = await startTask(client, request, signal);
        for (;;) {
          const task = await client.tasks.retrieve(taskId, { signal });
          if (task.status === "SUCCEEDED") {
            const res = await fetch(task.output[0], { signal });
            if (!res.ok) throw new VideoProviderError("The finished video could not be downloaded");
            const contentType = res.headers.get("content-type")?.split(";")[0] || "video/mp4";
            return { data: Buffer.from(await res.arrayBuffer()), contentType, taskId };
          }
          // PENDING and THROTTLED (over the account's concurrency) wait in Runway's queue.
          if (task.status === "PENDING" || task.status === "THROTTLED" || task.status === "RUNNING")
            onStage?.(task.status === "RUNNING" ? "running" : "queued");
          if (task.status === "FAILED" || task.status === "CANCELLED") {
            log().warn(
              {
                taskId,
                status: task.status,
                failure: "failure" in task ? (task.failureCode ?? task.failure) : undefined,
              },
              "runway task failed",
            );
            throw new VideoProviderError("The video model could not generate this video. Nothing was charged.");
          }
          await sleep(config.pollIntervalMs, signal);
        }
      } catch (error) {
        if (signal.aborted) {
          // Stop paying for a task nobody will collect.
          if (taskId) await client.tasks.delete(taskId).catch(() => {});
          throw timeoutError();
        }
        if (error instanceof VideoProviderError) throw error;
        log().warn({ err: error }, "runway request failed");
        throw new VideoProviderError("The video service is unavailable right now. Nothing was charged.");
      }
    },
  };
}
