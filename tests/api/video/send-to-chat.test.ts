import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { users, videoJobs } from "@/db/schema";
import { env } from "@/lib/env";
import { storeFile } from "@/lib/server/storage";
import { POST } from "@/app/api/video/send-to-chat/route";
import { startFakeBotApi, type FakeBotApi } from "@/tests/fakes/telegram-bot-api";
import { call } from "../../helpers/api";
import { videoUser } from "./helpers";

// POST /api/video/send-to-chat: the bot posts the caller's finished clip to their private chat with it
// (the same sendVideo as the job's status message ends with); a double tap posts it once.
let bot: FakeBotApi;
const saved = { ...env };

beforeAll(async () => {
  bot = await startFakeBotApi({ token: process.env.BOT_TOKEN! });
  Object.assign(env, { BOT_API_BASE_URL: bot.url });
});
afterAll(async () => {
  Object.assign(env, saved);
  await bot.close();
});

const CLIP = Buffer.from("a stored clip's bytes");

/** A signed-in user with one video job under `requestId`, finished with a stored clip unless told otherwise. */
async function userWithJob({
  requestId = "clip-1",
  status = "succeeded",
}: { requestId?: string; status?: "succeeded" | "processing" | "failed" } = {}) {
  const user = await videoUser();
  const db = await getDb();
  const [row] = await db.select({ telegramId: users.telegramId }).from(users).where(eq(users.id, user.userId));
  const videoKey =
    status === "succeeded" ? (await storeFile({ data: CLIP, contentType: "video/mp4", prefix: "videos" })).key : null;
  await db.insert(videoJobs).values({
    userId: user.userId,
    idempotencyKey: requestId,
    modelName: "gen4_turbo",
    action: "image_to_video",
    prompt: "p",
    formatKey: "landscape",
    duration: 5,
    cost: 25,
    status,
    videoUrl: videoKey,
    finishedAt: status === "processing" ? null : new Date(),
  });
  return { ...user, chatId: row.telegramId, requestId };
}

/** The user's last send is a minute old: past the 30 s window. */
const windowPassed = async (userId: number) =>
  (await getDb())
    .update(videoJobs)
    .set({ sentToChatAt: new Date(Date.now() - 60_000) })
    .where(eq(videoJobs.userId, userId));

const send = (token: string, body: unknown) => call(POST, "POST", "/api/video/send-to-chat", { token, body });
const clipsIn = (chatId: number) => bot.media.filter((m) => m.method === "sendVideo" && m.chat_id === chatId);

describe("POST /api/video/send-to-chat", () => {
  it("sends the caller's finished clip to their own chat with sendVideo", async () => {
    const u = await userWithJob();
    const res = await send(u.token, { request_id: u.requestId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true, already_sent: false });
    const clips = clipsIn(u.chatId);
    expect(clips).toHaveLength(1);
    expect(clips[0]).toMatchObject({ field: "video", filename: "video.mp4" });
    expect(clips[0].data.equals(CLIP)).toBe(true);
  });

  it("posts the clip once for a double tap, and again after the window", async () => {
    const u = await userWithJob();
    const [a, b] = await Promise.all([
      send(u.token, { request_id: u.requestId }),
      send(u.token, { request_id: u.requestId }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.already_sent, b.body.already_sent].sort()).toEqual([false, true]);
    expect(clipsIn(u.chatId)).toHaveLength(1);

    await windowPassed(u.userId);
    const later = await send(u.token, { request_id: u.requestId });
    expect(later.body).toEqual({ sent: true, already_sent: false });
    expect(clipsIn(u.chatId)).toHaveLength(2);
  });

  it("answers 404 for another user's job and for an unknown id, and sends nothing", async () => {
    const owner = await userWithJob({ requestId: "mine" });
    const other = await videoUser();
    const theirs = await send(other.token, { request_id: "mine" });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe("not_found");
    const unknown = await send(owner.token, { request_id: "never-sent" });
    expect(unknown.status).toBe(404);
    expect(clipsIn(owner.chatId)).toHaveLength(0);
  });

  it("answers 409 for a job still running or failed", async () => {
    const running = await userWithJob({ status: "processing" });
    const res = await send(running.token, { request_id: running.requestId });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
    const failed = await userWithJob({ status: "failed" });
    expect((await send(failed.token, { request_id: failed.requestId })).status).toBe(409);
    expect(clipsIn(running.chatId)).toHaveLength(0);
  });

  it("answers 400 for a bad body", async () => {
    const u = await userWithJob();
    for (const body of [{}, { request_id: "" }, { request_id: 5 }, { request_id: "x".repeat(201) }]) {
      const res = await send(u.token, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("bad_request");
    }
    expect(clipsIn(u.chatId)).toHaveLength(0);
  });

  it("answers 502 with a reason the client can show when the user blocked the bot, and a retry can send", async () => {
    const u = await userWithJob();
    bot.failOn("sendVideo", { status: 403, description: "Forbidden: bot was blocked by the user" });
    const res = await send(u.token, { request_id: u.requestId });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: "bad_gateway", reason: "bot_blocked" });
    expect(res.body.error.message).toMatch(/Start/);
    const db = await getDb();
    const [marked] = await db.select().from(users).where(eq(users.id, u.userId));
    expect(marked.botBlockedAt).not.toBeNull();
    // The failed send does not hold the retry back.
    const retry = await send(u.token, { request_id: u.requestId });
    expect(retry.body).toEqual({ sent: true, already_sent: false });
    expect(clipsIn(u.chatId)).toHaveLength(1);
  });

  // Telegram's Bot API has no idempotency key: a 5xx answer or a connection lost after the upload left
  // may come with the clip posted all the same (decision 0515).
  it("holds the window after a send Telegram may have carried out, and tells a tap within it to look in the chat", async () => {
    const u = await userWithJob();
    bot.failOn("sendVideo", { status: 502, description: "Bad Gateway" });
    const res = await send(u.token, { request_id: u.requestId });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: "bad_gateway", reason: "telegram_unconfirmed", retry_after: 30 });
    expect(res.headers.get("retry-after")).toBe("30");

    const requestsBefore = bot.requests;
    const again = await send(u.token, { request_id: u.requestId });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "conflict", reason: "unconfirmed" });
    expect(again.body.error.retry_after).toBeGreaterThan(0);
    expect(again.body.error.retry_after).toBeLessThanOrEqual(30);
    expect(Number(again.headers.get("retry-after"))).toBe(again.body.error.retry_after);
    expect(bot.requests).toBe(requestsBefore);

    // After the window the user, having looked, may send it: a confirmed send clears the mark.
    const db = await getDb();
    await windowPassed(u.userId);
    const later = await send(u.token, { request_id: u.requestId });
    expect(later.body).toEqual({ sent: true, already_sent: false });
    expect(clipsIn(u.chatId)).toHaveLength(1);
    const [row] = await db.select().from(videoJobs).where(eq(videoJobs.userId, u.userId));
    expect(row.sentToChatUnconfirmed).toBe(false);
    expect((await send(u.token, { request_id: u.requestId })).body).toEqual({ sent: true, already_sent: true });
  });

  it("treats a connection lost after the upload left as maybe sent", async () => {
    const u = await userWithJob();
    bot.failNext("drop");
    const res = await send(u.token, { request_id: u.requestId });
    expect(res.status).toBe(502);
    expect(res.body.error.reason).toBe("telegram_unconfirmed");
    expect((await send(u.token, { request_id: u.requestId })).status).toBe(409);
  });

  it("lets the next tap send at once when the Bot API could not be reached at all", async () => {
    const u = await userWithJob();
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    Object.assign(env, { BOT_API_BASE_URL: `http://127.0.0.1:${port}` });
    try {
      const res = await send(u.token, { request_id: u.requestId });
      expect(res.status).toBe(502);
      expect(res.body.error.reason).toBe("telegram_failed");
    } finally {
      Object.assign(env, { BOT_API_BASE_URL: bot.url });
    }
    const retry = await send(u.token, { request_id: u.requestId });
    expect(retry.body).toEqual({ sent: true, already_sent: false });
    expect(clipsIn(u.chatId)).toHaveLength(1);
  });
});
