import "server-only";
import { log } from "@/lib/server/log";
import { sleep, timeoutError, VideoProviderError, type VideoJobRequest, type VideoProvider } from "./types";

// Google's Gemini API for Veo: POST /v1beta/models/{model}:predictLongRunning answers an operation,
// GET /v1beta/{operation name} until `done`, then the sample's URI is downloaded with the same key.
export type VeoConfig = { apiKey: string; baseURL: string; model: string; pollIntervalMs: number };

type Operation = {
  name: string;
  done?: boolean;
  error?: { code: number; message: string };
  response?: {
    generateVideoResponse?: { generatedSamples?: { video?: { uri?: string } }[]; raiMediaFilteredReasons?: string[] };
  };
};

const aspectRatio = ({ width, height }: VideoJobRequest["format"]) => (width >= height ? "16:9" : "9:16");

function requestBody(request: VideoJobRequest) {
  const image =
    request.action === "image_to_video" && request.input
      ? { bytesBase64Encoded: request.input.data.toString("base64"), mimeType: request.input.contentType }
      : undefined;
  return {
    instances: [{ prompt: request.prompt, ...(image ? { image } : {}) }],
    parameters: { aspectRatio: aspectRatio(request.format), durationSeconds: request.duration, sampleCount: 1 },
  };
}

export function createVeoProvider(config: VeoConfig): VideoProvider {
  const base = config.baseURL.replace(/\/$/, "");
  const call = async (url: string, signal: AbortSignal, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      signal,
      headers: { "x-goog-api-key": config.apiKey, "content-type": "application/json", ...init.headers },
    });
    if (!res.ok) {
      log().warn({ status: res.status, body: (await res.text()).slice(0, 300) }, "veo request failed");
      throw new VideoProviderError("The video service is unavailable right now. Nothing was charged.");
    }
    return res;
  };
  return {
    name: "veo",
    async generate(request, signal, onStage) {
      if (request.action === "video_to_video") throw new VideoProviderError("Veo cannot transform a video");
      try {
        const started = (await (
          await call(`${base}/v1beta/models/${config.model}:predictLongRunning`, signal, {
            method: "POST",
            body: JSON.stringify(requestBody(request)),
          })
        ).json()) as Operation;
        let operation = started;
        while (!operation.done) {
          // A long-running operation says only whether it is done: until then it is being made.
          onStage?.("running");
          await sleep(config.pollIntervalMs, signal);
          operation = (await (await call(`${base}/v1beta/${operation.name}`, signal)).json()) as Operation;
        }
        const uri = operation.response?.generateVideoResponse?.generatedSamples?.[0]?.video?.uri;
        if (operation.error || !uri) {
          log().warn(
            {
              operation: operation.name,
              reason: operation.error ?? operation.response?.generateVideoResponse?.raiMediaFilteredReasons,
            },
            "veo operation failed",
          );
          throw new VideoProviderError("The video model could not generate this video. Nothing was charged.");
        }
        const clip = await call(uri, signal);
        return {
          data: Buffer.from(await clip.arrayBuffer()),
          contentType: clip.headers.get("content-type")?.split(";")[0] || "video/mp4",
          taskId: operation.name,
        };
      } catch (error) {
        if (signal.aborted) throw timeoutError();
        if (error instanceof VideoProviderError) throw error;
        log().warn({ err: error }, "veo request failed");
        throw new VideoProviderError("The video service is unavailable right now. Nothing was charged.");
      }
    },
  };
}
