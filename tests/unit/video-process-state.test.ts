import { describe, expect, it } from "vitest";
import {
  initialState,
  restoreState,
  STATE_MAX_AGE_MS,
  validateRequest,
  withError,
  withResult,
  withStage,
  type VideoRequestData,
} from "@/lib/client/video-process-state";
import { clearLocalCache, readLocalCache, writeLocalCache } from "@/lib/client/video-local-cache";

const data: VideoRequestData = {
  prompt: "waves",
  model_name: "gen4_turbo",
  model_id: 7,
  action: "image_to_video",
  format_key: "landscape",
  duration: 5,
  request_id: "r1",
};
const result = {
  success: true as const,
  message: "ok",
  video_url: "/api/files/v.mp4?exp=1&sig=x",
  action: "image_to_video" as const,
  model_name: "gen4_turbo",
};
const now = 1_800_000_000_000;

describe("video processing state", () => {
  it("starts with every stage pending at validation", () => {
    const s = initialState(data, now);
    expect(s).toMatchObject({
      isProcessing: true,
      requestSent: false,
      currentStage: "validation",
      result: null,
      error: null,
      savedAt: now,
    });
    expect(Object.values(s.stages)).toEqual(["pending", "pending", "pending", "pending"]);
  });

  it("marks the current stage as failed on error, and every stage done on a result", () => {
    const running = withStage(initialState(data, now), "generation", "processing");
    const failed = withError(running, "Generation failed");
    expect(failed).toMatchObject({ isProcessing: false, error: "Generation failed", currentStage: "generation" });
    expect(failed.stages.generation).toBe("error");
    const done = withResult(running, result);
    expect(Object.values(done.stages)).toEqual(["completed", "completed", "completed", "completed"]);
  });

  it("restores a finished result or an error within an hour", () => {
    const done = withResult(initialState(data, now), result);
    expect(restoreState(JSON.stringify(done), now + 10_000)?.mode).toBe("result");
    const failed = withError(initialState(data, now), "boom");
    expect(restoreState(JSON.stringify(failed), now + 10_000)?.mode).toBe("error");
  });

  it("rejoins a request already sent (never sending a new one), and hands one never sent back to setup", () => {
    const sent = { ...withStage(initialState(data, now), "generation", "processing"), requestSent: true };
    expect(restoreState(JSON.stringify(sent), now + 1000)).toMatchObject({
      mode: "rejoin",
      state: { videoData: { request_id: "r1" } },
    });
    const uploading = withStage(initialState(data, now), "upload", "processing");
    expect(restoreState(JSON.stringify(uploading), now + 1000)).toMatchObject({
      mode: "unsent",
      state: { videoData: { prompt: "waves" } },
    });
    expect(restoreState(JSON.stringify(initialState(null, now)), now + 1000)).toBeNull();
  });

  it("forgets a state older than an hour, from the future, or unreadable", () => {
    const done = JSON.stringify(withResult(initialState(data, now), result));
    expect(restoreState(done, now + STATE_MAX_AGE_MS + 1)).toBeNull();
    expect(restoreState(done, now - 1)).toBeNull();
    expect(restoreState("{not json", now)).toBeNull();
    expect(restoreState(null, now)).toBeNull();
  });

  it("checks the request: prompt and format required, an image for image_to_video", () => {
    expect(validateRequest(data, true)).toBeNull();
    expect(validateRequest({ ...data, prompt: " " }, true)).toBe("invalidInputData");
    expect(validateRequest({ ...data, format_key: "" }, true)).toBe("invalidInputData");
    expect(validateRequest(null, true)).toBe("invalidInputData");
    expect(validateRequest(data, false)).toBe("imageRequired");
    expect(validateRequest({ ...data, action: "text_to_video" }, false)).toBeNull();
  });
});

describe("local cache (rq_cache_, version 1.0)", () => {
  const memory = () => {
    const map = new Map<string, string>();
    return {
      map,
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
      key: (i: number) => [...map.keys()][i] ?? null,
      get length() {
        return map.size;
      },
    };
  };

  it("stores under the prefix with the version and answers within its lifetime", () => {
    const store = memory();
    writeLocalCache({ store, key: "video_cost_veo-3", data: { estimated_cost: 40 }, now });
    expect(JSON.parse(store.map.get("rq_cache_video_cost_veo-3")!)).toMatchObject({ version: "1.0", timestamp: now });
    expect(readLocalCache({ store, key: "video_cost_veo-3", maxAgeMs: 1000, now: now + 999 })).toEqual({
      estimated_cost: 40,
    });
    expect(readLocalCache({ store, key: "video_cost_veo-3", maxAgeMs: 1000, now: now + 1001 })).toBeUndefined();
  });

  it("ignores another version's entries and clears by prefix only", () => {
    const store = memory();
    store.setItem("rq_cache_video_cost_a", JSON.stringify({ version: "0.9", timestamp: now, data: 1 }));
    expect(readLocalCache({ store, key: "video_cost_a", maxAgeMs: 1000, now })).toBeUndefined();
    writeLocalCache({ store, key: "video_cost_b", data: 2, now });
    writeLocalCache({ store, key: "other", data: 3, now });
    store.setItem("language", "en");
    clearLocalCache({ store, prefix: "video_cost_" });
    expect([...store.map.keys()].sort()).toEqual(["language", "rq_cache_other"]);
  });
});
