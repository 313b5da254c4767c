import "server-only";
import { env, isDemoMode } from "@/lib/env";
import { ApiError } from "@/lib/server/http/api-error";
import { instrumented, log } from "@/lib/server/log";
import type { VideoFamily } from "@/lib/shared/video/durations";
import { createRunwayProvider } from "./runway";
import { createSandboxProvider } from "@/lib/server/demo/sandbox-video";
import { createVeoProvider } from "./veo";
import type { VideoProvider } from "./types";

/**
 * The provider for a model family: the sandbox with VIDEO_PROVIDER=sandbox (demo mode only: it
 * would hand out test clips for real money); Google's own API for veo when GOOGLE_API_KEY is set;
 * otherwise Runway, which serves gen4 and Veo models alike.
 */
export function videoProviderFor(family: VideoFamily): VideoProvider {
  if (env.VIDEO_PROVIDER === "sandbox") {
    if (!isDemoMode())
      throw notConfigured(
        "VIDEO_PROVIDER=sandbox is refused with APP_MODE=production; set VIDEO_PROVIDER=live and RUNWAY_API_KEY",
      );
    return instrumented("video:sandbox", createSandboxProvider({ delayMs: env.VIDEO_SANDBOX_DELAY_MS }));
  }
  if (family === "other") throw notConfigured("No live video provider for this model family");
  if (family === "veo" && env.GOOGLE_API_KEY) {
    return instrumented(
      "video:veo",
      createVeoProvider({
        apiKey: env.GOOGLE_API_KEY,
        baseURL: env.GOOGLE_VEO_API_URL,
        model: env.GOOGLE_VEO_MODEL,
        pollIntervalMs: env.VIDEO_POLL_INTERVAL_MS,
      }),
    );
  }
  if (!env.RUNWAY_API_KEY) throw notConfigured("VIDEO_PROVIDER=live needs RUNWAY_API_KEY");
  return instrumented(
    "video:runway",
    createRunwayProvider({
      apiKey: env.RUNWAY_API_KEY,
      baseURL: env.RUNWAY_API_URL,
      pollIntervalMs: env.VIDEO_POLL_INTERVAL_MS,
    }),
  );
}

function notConfigured(reason: string): ApiError {
  log().error({ reason }, "video provider not configured");
  return new ApiError("bad_gateway", "Video generation is not available right now. Nothing was charged.");
}
