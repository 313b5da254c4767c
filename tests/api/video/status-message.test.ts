import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { users, videoJobs } from "@/db/schema";
import { env } from "@/lib/env";
import { startFakeBotApi, type FakeBotApi } from "@/tests/fakes/telegram-bot-api";
import { startFakeRunway, type FakeRunway } from "@/tests/fakes/runway";
import { generate, generateForm, videoUser } from "./helpers";

// A video started in the mini-app is followed in the bot chat: one message, edited through its stages
// (with the jobs ahead and the time left from the model's recent jobs), ending with the clip itself,
// or with the failure and "nothing was charged".
let runway: FakeRunway;
let bot: FakeBotApi;
const saved = { ...env };

beforeAll(async () => {
  runway = await startFakeRunway();
  bot = await startFakeBotApi({ token: process.env.BOT_TOKEN! });
  Object.assign(env, {
    VIDEO_PROVIDER: "live",
    RUNWAY_API_URL: runway.url,
    RUNWAY_API_KEY: runway.apiKey,
    VIDEO_POLL_INTERVAL_MS: 20,
    VIDEO_TIMEOUT_SECONDS: 2,
    BOT_API_BASE_URL: bot.url,
    BOT_STATUS_EDIT_SECONDS: 0,
  });
});
afterAll(async () => {
  Object.assign(env, saved);
  await Promise.all([runway.close(), bot.close()]);
});
beforeEach(() => {
  runway.outcome = "succeed";
});

/** A user writing in English, with the Telegram id their chat has. */
async function englishVideoUser() {
  const user = await videoUser({ balance: 100 });
  const db = await getDb();
  const [row] = await db.update(users).set({ language: "en" }).where(eq(users.id, user.userId)).returning();
  return { ...user, chatId: row.telegramId };
}

const chatCalls = (chatId: number, method: string) =>
  bot.calls.filter((c) => c.method === method && Number(c.body.chat_id) === chatId);

describe("the video's status message in the bot chat", () => {
  it("is posted when the job starts, edited through queue and generation, and ends with the clip", async () => {
    const db = await getDb();
    // Two minutes is how long the model's last job took; another user's job of the model is still running.
    const earlier = await videoUser();
    const created = new Date(Date.now() - 120_000);
    await db.insert(videoJobs).values([
      {
        userId: earlier.userId,
        idempotencyKey: "done",
        modelName: "gen4_turbo",
        action: "image_to_video",
        prompt: "p",
        formatKey: "landscape",
        duration: 5,
        cost: 1,
        status: "succeeded",
        createdAt: created,
        finishedAt: new Date(),
      },
      {
        userId: earlier.userId,
        idempotencyKey: "running",
        modelName: "gen4_turbo",
        action: "image_to_video",
        prompt: "p",
        formatKey: "landscape",
        duration: 5,
        cost: 1,
        status: "processing",
      },
    ]);
    const u = await englishVideoUser();
    const res = await generate(u.token, generateForm());
    expect(res.status).toBe(200);
    // The chat's pace (three messages at once, then one a second; lib/server/bot/telegram-pace.ts) holds the clip
    // behind the status message and its edits for about a second.
    await vi.waitFor(() => expect(bot.media.filter((m) => m.chat_id === u.chatId)).toHaveLength(1), { timeout: 5_000 });

    const [posted] = chatCalls(u.chatId, "sendMessage");
    expect(posted.body.text).toMatch(
      /^🎬 Video · Runway Gen-4 Turbo\nSent to the model\n1 job ahead of it\nAbout 2 minutes left$/,
    );
    const edits = chatCalls(u.chatId, "editMessageText").map((c) => String(c.body.text));
    expect(edits[0]).toMatch(
      /^🎬 Video · Runway Gen-4 Turbo\nWaiting in the provider's queue\n1 job ahead of it\nAbout 2 minutes left$/,
    );
    expect(edits[1]).toMatch(/^🎬 Video · Runway Gen-4 Turbo\nGenerating\n1 job ahead of it/);
    expect(edits.at(-1)).toBe("🎬 Video · Runway Gen-4 Turbo\n✅ Ready");
    const [clip] = bot.media.filter((m) => m.chat_id === u.chatId);
    expect(clip).toMatchObject({ method: "sendVideo", field: "video", filename: "video.mp4" });
    expect(clip.data.length).toBeGreaterThan(0);
    const [job] = await db.select().from(videoJobs).where(eq(videoJobs.userId, u.userId));
    expect(job.statusMessageId).not.toBeNull();
    expect(job.finishedAt).not.toBeNull();
  });

  it("a failed job ends its message with the failure and nothing charged, and no clip", async () => {
    runway.outcome = "fail";
    const u = await englishVideoUser();
    const res = await generate(u.token, generateForm());
    expect(res.status).toBe(502);
    // The failure is the chat's fourth message (posted, queued, generating): its pace holds it for about a second.
    await vi.waitFor(
      () =>
        expect(chatCalls(u.chatId, "editMessageText").at(-1)?.body.text).toBe(
          "🎬 Video · Runway Gen-4 Turbo\n❌ It did not work out. Nothing was charged.",
        ),
      { timeout: 5_000 },
    );
    expect(bot.media.filter((m) => m.chat_id === u.chatId)).toHaveLength(0);
  });
});
