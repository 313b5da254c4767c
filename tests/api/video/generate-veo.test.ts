import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { startFakeVeo, type FakeVeo } from "@/tests/fakes/veo";
import { generate, generateForm, jobsOf, videoBalance, videoUser } from "./helpers";

let veo: FakeVeo;
const saved = { ...env };

beforeAll(async () => {
  veo = await startFakeVeo();
  Object.assign(env, {
    VIDEO_PROVIDER: "live",
    GOOGLE_VEO_API_URL: veo.url,
    GOOGLE_API_KEY: veo.apiKey,
    RUNWAY_API_KEY: undefined,
    VIDEO_POLL_INTERVAL_MS: 20,
    VIDEO_TIMEOUT_SECONDS: 1,
  });
});
afterAll(async () => {
  Object.assign(env, saved);
  await veo.close();
});
beforeEach(() => {
  veo.outcome = "succeed";
});

const veoForm = (input: Parameters<typeof generateForm>[0] = {}) =>
  generateForm({ model_name: "veo-3", action: "text_to_video", duration: "8", image: undefined, ...input });

describe("POST /api/video/generate - Google's Veo API (GOOGLE_API_KEY set)", () => {
  it("starts a predictLongRunning operation, polls it and stores the sample: 8 s cost 40", async () => {
    const { token, userId } = await videoUser({ balance: 100 });
    const res = await generate(token, veoForm({ format_key: "portrait" }));
    expect(res.status).toBe(200);
    const operation = veo.operations.at(-1)!;
    expect(operation.model).toBe("veo-3.1-generate-preview");
    expect(operation.body).toEqual({
      instances: [{ prompt: "The camera slowly pans across the scene" }],
      parameters: { aspectRatio: "9:16", durationSeconds: 8, sampleCount: 1 },
    });
    expect(operation.polls).toBeGreaterThanOrEqual(2);
    expect(await videoBalance(userId)).toBe(60);
  });

  it("sends the picture inline for image to video", async () => {
    const { token } = await videoUser();
    const res = await generate(token, generateForm({ model_name: "veo-3", duration: "8" }));
    expect(res.status).toBe(200);
    expect(veo.operations.at(-1)!.body.instances[0].image).toMatchObject({
      mimeType: "image/png",
      bytesBase64Encoded: expect.stringMatching(/^iVBORw0KGgo/),
    });
  });

  it.each(["fail", "filtered"] as const)("refunds when the operation ends without a video (%s)", async (outcome) => {
    const { token, userId } = await videoUser({ balance: 100 });
    veo.outcome = outcome;
    const res = await generate(token, veoForm());
    expect(res.status).toBe(502);
    expect(res.body.error.message).toMatch(/Nothing was charged/);
    expect(await videoBalance(userId)).toBe(100);
    expect((await jobsOf(userId))[0]).toMatchObject({ status: "failed" });
  });

  it("refunds when the operation outlasts the timeout", async () => {
    const { token, userId } = await videoUser({ balance: 100 });
    veo.outcome = "hang";
    const res = await generate(token, veoForm());
    expect(res.status).toBe(502);
    expect(res.body.error.message).toMatch(/too long/);
    expect(await videoBalance(userId)).toBe(100);
  });

  it("refunds when the key is refused", async () => {
    const { token, userId } = await videoUser({ balance: 100 });
    env.GOOGLE_API_KEY = "wrong-key";
    try {
      expect((await generate(token, veoForm())).status).toBe(502);
      expect(await videoBalance(userId)).toBe(100);
    } finally {
      env.GOOGLE_API_KEY = veo.apiKey;
    }
  });
});
