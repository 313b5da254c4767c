import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { dialogSessions, quotas } from "@/db/schema";
import { env } from "@/lib/env";
import { startFakeRunway, type FakeRunway } from "@/tests/fakes/runway";
import { fixture, generate, generateForm, jobsOf, videoBalance, videoUser } from "./helpers";

let runway: FakeRunway;
const saved = { ...env };

beforeAll(async () => {
  runway = await startFakeRunway();
  Object.assign(env, {
    VIDEO_PROVIDER: "live",
    RUNWAY_API_URL: runway.url,
    RUNWAY_API_KEY: runway.apiKey,
    VIDEO_POLL_INTERVAL_MS: 20,
    VIDEO_TIMEOUT_SECONDS: 2,
  });
});
afterAll(async () => {
  Object.assign(env, saved);
  await runway.close();
});
beforeEach(() => {
  runway.outcome = "succeed";
});

const sessionsOf = async (userId: number) =>
  (await getDb()).select().from(dialogSessions).where(eq(dialogSessions.userId, userId));

describe("POST /api/video/generate - the Runway provider", () => {
  it("sends image_to_video to gen4_turbo with the picture inline, polls the task and stores the output", async () => {
    const { token, userId } = await videoUser({ balance: 100 });
    const res = await generate(token, generateForm({ format_key: "portrait", duration: "10" }));
    expect(res.status).toBe(200);
    const task = runway.tasks.at(-1)!;
    expect(task.endpoint).toBe("image_to_video");
    expect(task.body).toMatchObject({
      model: "gen4_turbo",
      ratio: "720:1280",
      duration: 10,
      promptText: "The camera slowly pans across the scene",
    });
    expect(task.body.promptImage).toMatch(/^data:image\/png;base64,/);
    expect(task.polls).toBeGreaterThanOrEqual(3);
    expect(await videoBalance(userId)).toBe(50);
    expect((await jobsOf(userId))[0]).toMatchObject({ status: "succeeded" });
  });

  it("sends veo text_to_video to Runway's veo3.1 for 8 seconds", async () => {
    const { token } = await videoUser();
    const res = await generate(
      token,
      generateForm({ model_name: "veo-3", action: "text_to_video", duration: "8", image: undefined }),
    );
    expect(res.status).toBe(200);
    expect(runway.tasks.at(-1)).toMatchObject({
      endpoint: "text_to_video",
      body: { model: "veo3.1", ratio: "1280:720", duration: 8 },
    });
  });

  it("sends gen4_aleph video_to_video to aleph2 with the video inline", async () => {
    const { token } = await videoUser();
    const clip = fixture("../../db/assets/sandbox-square.mp4");
    const res = await generate(
      token,
      generateForm({
        model_name: "gen4_aleph",
        action: "video_to_video",
        duration: "8",
        format_key: "square",
        image: undefined,
        video: { data: clip, name: "me.mp4" },
      }),
    );
    expect(res.status).toBe(200);
    const task = runway.tasks.at(-1)!;
    expect(task.body).toMatchObject({ model: "aleph2", ratio: "960:960" });
    expect(task.body.videoUri).toMatch(/^data:video\/mp4;base64,/);
  });

  it("refunds the reservation and answers a clear 502 when the task fails", async () => {
    const { token, userId } = await videoUser({ balance: 100 });
    runway.outcome = "fail";
    const res = await generate(token, generateForm());
    expect(res.status).toBe(502);
    expect(res.body.error.message).toMatch(/could not generate.*Nothing was charged/);
    expect(await videoBalance(userId)).toBe(100);
    expect((await jobsOf(userId))[0]).toMatchObject({ status: "failed" });
    expect(await sessionsOf(userId)).toHaveLength(0);
  });

  it("a failed job gives package units back to package units, the rest to the allowance", async () => {
    const { token, userId } = await videoUser({ balance: 20 });
    const db = await getDb();
    await db.update(quotas).set({ packageVideoTokens: 100 }).where(eq(quotas.userId, userId));
    runway.outcome = "fail";
    const res = await generate(token, generateForm());
    expect(res.status).toBe(502);
    const [row] = await db.select().from(quotas).where(eq(quotas.userId, userId));
    expect({ allowance: row.videoTokens, packageUnits: row.packageVideoTokens }).toEqual({
      allowance: 20,
      packageUnits: 100,
    });
  });

  it("refunds and cancels the task when generation outlasts the timeout", async () => {
    const { token, userId } = await videoUser({ balance: 100 });
    runway.outcome = "hang";
    const res = await generate(token, generateForm());
    expect(res.status).toBe(502);
    expect(res.body.error.message).toMatch(/too long/);
    expect(await videoBalance(userId)).toBe(100);
    expect(runway.tasks.at(-1)!.cancelled).toBe(true);
    expect((await jobsOf(userId))[0]).toMatchObject({ status: "failed" });
  });

  it("answers a retried failed request with the same error, without a second task or charge", async () => {
    const { token, userId } = await videoUser({ balance: 100 });
    runway.outcome = "fail";
    const headers = { "idempotency-key": "failed-once" };
    expect((await generate(token, generateForm(), headers)).status).toBe(502);
    const tasks = runway.tasks.length;
    runway.outcome = "succeed";
    const retry = await generate(token, generateForm(), headers);
    expect(retry.status).toBe(502);
    expect(runway.tasks.length).toBe(tasks);
    expect(await videoBalance(userId)).toBe(100);
  });

  it("refunds when the Runway key is refused", async () => {
    const { token, userId } = await videoUser({ balance: 100 });
    env.RUNWAY_API_KEY = "key_wrong";
    try {
      const res = await generate(token, generateForm());
      expect(res.status).toBe(502);
      expect(await videoBalance(userId)).toBe(100);
    } finally {
      env.RUNWAY_API_KEY = runway.apiKey;
    }
  });
});

describe("POST /api/video/generate - production", () => {
  it("refuses the sandbox provider with APP_MODE=production, charging nothing", async () => {
    const { token, userId } = await videoUser({ balance: 100 });
    Object.assign(env, { VIDEO_PROVIDER: "sandbox", APP_MODE: "production" });
    try {
      const res = await generate(token, generateForm());
      expect(res.status).toBe(502);
      expect(await videoBalance(userId)).toBe(100);
      expect(await jobsOf(userId)).toHaveLength(0);
    } finally {
      Object.assign(env, { VIDEO_PROVIDER: "live", APP_MODE: "demo" });
    }
  });
});
