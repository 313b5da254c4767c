import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { videoJobs } from "@/db/schema";
import { env } from "@/lib/env";
import { GET } from "@/app/api/video/jobs/[requestId]/route";
import { call } from "../../helpers/api";
import { generate, generateForm, jobsOf, videoBalance, videoUser } from "./helpers";

beforeAll(() => {
  env.VIDEO_SANDBOX_DELAY_MS = 30;
});

const status = (token: string, requestId: string) =>
  call(GET, "GET", `/api/video/jobs/${encodeURIComponent(requestId)}`, { token, params: { requestId } });

describe("GET /api/video/jobs/{requestId}", () => {
  it("answers processing while the generation runs, then its result, without a second job or charge", async () => {
    const { token, userId } = await videoUser({ balance: 200 });
    env.VIDEO_SANDBOX_DELAY_MS = 400;
    try {
      const sent = generate(token, generateForm(), { "idempotency-key": "reload-1" });
      // The job row is written before the provider is called; until then the key is unknown.
      let running = await status(token, "reload-1");
      while (running.status === 404) running = await status(token, "reload-1");
      expect(running.status).toBe(200);
      expect(running.body).toEqual({ status: "processing" });
      const first = await sent;
      expect(first.status).toBe(200);
      const done = await status(token, "reload-1");
      expect(done.body.status).toBe("succeeded");
      expect(new URL(done.body.result.video_url, "http://x").pathname).toBe(
        new URL(first.body.video_url, "http://x").pathname,
      );
      expect(done.body.result).toMatchObject({ success: true, action: "image_to_video", model_name: "gen4_turbo" });
      expect(await jobsOf(userId)).toHaveLength(1);
      expect(await videoBalance(userId)).toBe(175);
    } finally {
      env.VIDEO_SANDBOX_DELAY_MS = 30;
    }
  });

  it("answers 404 for a request that never reached the server and for another user's request", async () => {
    const a = await videoUser();
    const b = await videoUser();
    expect((await generate(a.token, generateForm(), { "idempotency-key": "mine-1" })).status).toBe(200);
    expect((await status(a.token, "never-sent")).status).toBe(404);
    const foreign = await status(b.token, "mine-1");
    expect(foreign.status).toBe(404);
  });

  it("fails and refunds a job its process abandoned, answering that nothing was charged", async () => {
    const { token, userId } = await videoUser({ balance: 100 });
    const db = await getDb();
    await db.insert(videoJobs).values({
      userId,
      idempotencyKey: "abandoned-1",
      modelName: "gen4_turbo",
      action: "image_to_video",
      prompt: "pan",
      formatKey: "landscape",
      duration: 5,
      cost: 25,
      status: "processing",
      createdAt: new Date(Date.now() - (env.VIDEO_TIMEOUT_SECONDS + 300) * 1000),
    });
    const res = await status(token, "abandoned-1");
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("failed");
    expect(res.body.message).toContain("Nothing was charged");
    expect(await videoBalance(userId)).toBe(125);
  });

  it("answers 401 without a token and 400 for an over-long id", async () => {
    expect((await status("", "x")).status).toBe(401);
    const { token } = await videoUser();
    expect((await status(token, "k".repeat(201))).status).toBe(400);
  });
});
