import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { dialogMessages, dialogSessions } from "@/db/schema";
import { env } from "@/lib/env";
import { POST } from "@/app/api/video/generate/route";
import { GET as getFile } from "@/app/api/files/[...key]/route";
import { GET as getAllModels } from "@/app/api/models/all/route";
import { modelsResponseSchema } from "@/lib/contracts/models";
import { call, signIn } from "../../helpers/api";
import { fixture, generate, generateForm, jobsOf, videoBalance, videoUser } from "./helpers";

beforeAll(() => {
  env.VIDEO_SANDBOX_DELAY_MS = 30;
});

const fetchFile = (link: string, headers: Record<string, string> = {}) => {
  const url = new URL(link, "http://localhost");
  const key = url.pathname.replace(/^\/api\/files\//, "");
  return call(getFile, "GET", `${url.pathname}${url.search}`, { params: { key: key.split("/") as never }, headers });
};

describe("POST /api/video/generate - validation before anything is spent", () => {
  const refused: [string, Parameters<typeof generateForm>[0], number][] = [
    ["a missing prompt", { prompt: "" }, 400],
    ["a blank prompt", { prompt: "   " }, 400],
    ["a prompt over 1000 characters", { prompt: "x".repeat(1001) }, 400],
    ["an unknown model", { model_name: "no-such-model" }, 404],
    ["a text model", { model_name: "gpt-4o-mini" }, 404],
    ["an unknown action", { action: "audio_to_video" }, 400],
    ["an action the model does not support", { action: "text_to_video", image: undefined }, 400],
    ["a format the model does not have", { format_key: "cinema" }, 400],
    ["a duration the family does not offer (gen4_turbo: 5 or 10)", { duration: "8" }, 400],
    ["veo with anything but 8 seconds", { model_name: "veo-3", duration: "5" }, 400],
    ["veo with a square format", { model_name: "veo-3", duration: "8", format_key: "square" }, 400],
    ["a non-numeric duration", { duration: "five" }, 400],
    ["image_to_video without an image", { image: undefined }, 400],
    [
      "video_to_video without a video",
      { model_name: "gen4_aleph", action: "video_to_video", duration: "8", image: undefined },
      400,
    ],
    ["text_to_video with an image attached", { model_name: "veo-3", action: "text_to_video", duration: "8" }, 400],
    [
      "a script renamed .png",
      { image: { data: Buffer.from("#!/bin/sh\nrm -rf /\n"), name: "photo.png", type: "image/png" } },
      415,
    ],
    [
      "an HTML page renamed .jpg",
      { image: { data: Buffer.from("<html><script>alert(1)</script></html>"), name: "x.jpg", type: "image/jpeg" } },
      415,
    ],
    [
      "a video where an image belongs",
      { image: { data: fixture("../../db/assets/sandbox-square.mp4"), name: "x.png", type: "image/png" } },
      415,
    ],
    [
      "an image where a video belongs",
      {
        model_name: "gen4_aleph",
        action: "video_to_video",
        duration: "8",
        image: undefined,
        video: { data: fixture("photo.png"), name: "x.mp4" },
      },
      415,
    ],
  ];

  it.each(refused)("refuses %s, charging nothing and recording no job", async (_title, input, status) => {
    const { token, userId } = await videoUser({ balance: 200 });
    const res = await generate(token, generateForm(input));
    expect(res.status).toBe(status);
    expect(res.body.error.message).toBeTruthy();
    expect(await videoBalance(userId)).toBe(200);
    expect(await jobsOf(userId)).toHaveLength(0);
  });

  it("answers 403 when the caller's tariff does not open the model", async () => {
    const { token, userId } = await videoUser({ tariff: "Starter", balance: 50 });
    const res = await generate(token, generateForm({ model_name: "veo-3", duration: "8" }));
    expect(res.status).toBe(403);
    expect(await videoBalance(userId)).toBe(50);
  });

  it("answers 415 to a body that is not multipart", async () => {
    const { token } = await videoUser();
    const res = await call(POST, "POST", "/api/video/generate", { token, body: { prompt: "x" } });
    expect(res.status).toBe(415);
  });

  it("answers 401 without a token", async () => {
    expect((await generate("", generateForm())).status).toBe(401);
  });

  it("refuses an oversized upload with 413 while it streams, without reading it whole", async () => {
    const { token, userId } = await videoUser();
    const head = new TextEncoder().encode(
      ["prompt", "model_name", "action", "format_key", "duration"]
        .map(
          (n, i) =>
            `--b\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${["pan", "gen4_turbo", "image_to_video", "landscape", "5"][i]}\r\n`,
        )
        .join("") +
        `--b\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    let pulled = 0;
    const chunk = new Uint8Array(256 * 1024);
    // 200 MB that the server must stop asking for soon after the 5 MB image limit.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 0) controller.enqueue(head);
        if (pulled > 200 * 1024 * 1024) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const req = new Request("http://localhost/api/video/generate", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "multipart/form-data; boundary=b" },
      body,
      duplex: "half",
    } as RequestInit);
    const res = await POST(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(8 * 1024 * 1024);
    expect(await videoBalance(userId)).toBe(200);
  });

  it("refuses a declared Content-Length past the limits with 413 before reading", async () => {
    const { token } = await videoUser();
    const res = await generate(token, generateForm(), { "content-length": String(50 * 1024 * 1024) });
    expect(res.status).toBe(413);
  });
});

describe("POST /api/video/generate - generation on the sandbox provider", () => {
  it("charges duration/5 × 25, answers a signed link to a playable clip, and writes history", async () => {
    const { token, userId } = await videoUser({ balance: 200 });
    const res = await generate(token, generateForm({ duration: "10" }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, action: "image_to_video", model_name: "gen4_turbo" });
    expect(res.body.video_url).toMatch(/^\/api\/files\/videos\/\d{4}\/\d{2}\/[0-9a-f-]+\.mp4\?exp=\d+&sig=/);
    expect(await videoBalance(userId)).toBe(150);

    const clip = await fetchFile(res.body.video_url, { range: "bytes=0-15" });
    expect(clip.status).toBe(206);
    expect(clip.headers.get("content-type")).toBe("video/mp4");

    const db = await getDb();
    const [session] = await db.select().from(dialogSessions).where(eq(dialogSessions.userId, userId));
    expect(session).toMatchObject({ name: "Runway Gen-4 Turbo", action: "image_to_video" });
    const [message] = await db.select().from(dialogMessages).where(eq(dialogMessages.sessionId, session.id));
    expect(message.userText).toBe("The camera slowly pans across the scene");
    expect(message.aiFileUrl).toMatch(/^videos\/\d{4}\/\d{2}\/[0-9a-f-]+\.mp4$/);
    expect(message.userFileUrl).toMatch(/^video-inputs\/\d{4}\/\d{2}\/[0-9a-f-]+\.png$/);
    expect(message.userFileName).toBe("photo.png");
    const [job] = await jobsOf(userId);
    expect(job).toMatchObject({ status: "succeeded", cost: 50, videoUrl: message.aiFileUrl });
  });

  it("takes the price GET /api/models/all answers for the action, per 5 seconds", async () => {
    const { token, userId } = await videoUser({ balance: 200 });
    const models = modelsResponseSchema.parse((await call(getAllModels, "GET", "/api/models/all", { token })).body);
    const cost = models
      .find((m) => m.model_name === "gen4_turbo")!
      .actions.find((a) => a.action === "image_to_video")!.cost;
    expect(cost).toEqual({ kind: "video_tokens", units: 25, per: "5_seconds" });
    expect((await generate(token, generateForm({ duration: "5" }))).status).toBe(200);
    expect(await videoBalance(userId)).toBe(200 - cost.units);
  });

  it("answers 402 with balance and cost when the quota is short, charging nothing", async () => {
    const { token, userId } = await videoUser({ balance: 30 });
    const res = await generate(token, generateForm({ duration: "10" }));
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: "payment_required", balance: 30, cost: 50 });
    expect(await videoBalance(userId)).toBe(30);
    expect(await jobsOf(userId)).toHaveLength(0);
  });

  it("answers a repeated Idempotency-Key with the first result: one charge, one job", async () => {
    const { token, userId } = await videoUser({ balance: 200 });
    const headers = { "idempotency-key": "retry-1" };
    const [first, second] = await Promise.all([
      generate(token, generateForm(), headers),
      generate(token, generateForm(), headers),
    ]);
    const third = await generate(token, generateForm(), headers);
    for (const res of [first, second, third]) expect(res.status).toBe(200);
    const key = (link: string) => new URL(link, "http://x").pathname;
    expect(key(second.body.video_url)).toBe(key(first.body.video_url));
    expect(key(third.body.video_url)).toBe(key(first.body.video_url));
    expect(await jobsOf(userId)).toHaveLength(1);
    expect(await videoBalance(userId)).toBe(175);
  });

  it("answers repeats of a running request (same Idempotency-Key, sent at once) with its result, never 429", async () => {
    const { token, userId } = await videoUser({ balance: 200 });
    env.VIDEO_SANDBOX_DELAY_MS = 300;
    try {
      const headers = { "idempotency-key": "burst-1" };
      const results = await Promise.all(Array.from({ length: 6 }, () => generate(token, generateForm(), headers)));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(await jobsOf(userId)).toHaveLength(1);
      expect(await videoBalance(userId)).toBe(175);
    } finally {
      env.VIDEO_SANDBOX_DELAY_MS = 30;
    }
  });

  it("runs one generation per user at a time: a second one meanwhile answers 429", async () => {
    const { token, userId } = await videoUser({ balance: 200 });
    env.VIDEO_SANDBOX_DELAY_MS = 600;
    try {
      const results = await Promise.all([generate(token, generateForm()), generate(token, generateForm())]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 429]);
      expect(await videoBalance(userId)).toBe(175);
      expect(await jobsOf(userId)).toHaveLength(1);
      // Once it has finished, the next one runs.
      expect((await generate(token, generateForm())).status).toBe(200);
    } finally {
      env.VIDEO_SANDBOX_DELAY_MS = 30;
    }
  });

  it("keeps users apart: another user's generation does not block mine", async () => {
    const a = await videoUser();
    const b = await videoUser();
    const results = await Promise.all([generate(a.token, generateForm()), generate(b.token, generateForm())]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
  });

  it("does not accept a free user's request for a model outside Free", async () => {
    const { token } = await signIn();
    expect((await generate(token, generateForm())).status).toBe(403);
  });
});
