import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botTurns, botUpdates, users } from "@/db/schema"; // schema reads no settings
import { botHarnessForFile } from "./harness";

// Telegram's limits inside a turn (lib/server/bot/telegram-limits.ts): a 429 waits its retry_after
// (a fake wait records it and answers at once) and the same call goes again, so the turn ends with
// one answer charged once; a 403 marks the user as having blocked the bot, as the outbox does.
const h = botHarnessForFile({ AI_TIMEOUT_SECONDS: "20" });
const waits: number[] = [];

beforeAll(async () => {
  (await import("@/lib/server/bot/telegram-limits")).setRateLimitWaitForTests(async (ms) => void waits.push(ms));
});
afterAll(async () => (await import("@/lib/server/bot/telegram-limits")).setRateLimitWaitForTests());

const chatUser = () => h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 1000 } });
const answers = (telegramId: number) =>
  h.callsIn(telegramId, "sendMessage").filter((m) => String(m.body.text).includes("text units: 17"));

async function oneAnswerChargedOnce(user: Awaited<ReturnType<typeof chatUser>>, update: { update_id: number }) {
  expect(answers(user.telegramId)).toHaveLength(1);
  expect((await h.quotasOf(user.userId)).textTokens).toBe(983);
  expect(await h.messagesOf(user.sessionId)).toHaveLength(1);
  const db = await h.getDb();
  expect((await db.select().from(botTurns).where(eq(botTurns.userId, user.userId))).map((t) => t.status)).toEqual([
    "done",
  ]);
  expect((await db.select().from(botUpdates).where(eq(botUpdates.updateId, update.update_id)))[0]).toMatchObject({
    status: "done",
    attempts: 1,
  });
}

describe("Telegram's limits in a turn", () => {
  it("a 429 with retry_after on the answer's sendMessage waits it out and sends the answer once, charged once", async () => {
    const user = await chatUser();
    waits.length = 0;
    h.bot.failOn("sendMessage", { status: 429, retryAfter: 7 });
    const update = h.messageUpdate(user.telegramId, { text: "hello" });
    await h.post(update);
    await h.drain();
    expect(waits).toEqual([7000]);
    await oneAnswerChargedOnce(user, update);
  });

  it("a 429 on a streamed draft frame mid-turn waits it out; the turn goes on to one answer, charged once", async () => {
    const user = await chatUser();
    waits.length = 0;
    h.ai.answer = "one two three four five six";
    h.ai.streamDelayMs = 300;
    // The first draft is the empty "Thinking…"; the next one is a frame of the streamed answer.
    h.bot.failOn("sendMessageDraft", { status: 429, retryAfter: 3 }, { skip: 1 });
    const update = h.messageUpdate(user.telegramId, { text: "count" });
    await h.post(update);
    await h.drain();
    expect(waits).toEqual([3000]);
    expect(h.callsIn(user.telegramId, "sendMessageDraft").length).toBeGreaterThanOrEqual(2);
    await oneAnswerChargedOnce(user, update);
  });

  it("a 403 (the user blocked the bot) marks the user blocked, like the outbox does, and is not tried again", async () => {
    const user = await chatUser();
    h.bot.failOn("sendMessage", { status: 403 });
    h.bot.failOn("sendMessageDraft", { status: 403 });
    const update = h.messageUpdate(user.telegramId, { text: "are you there?" });
    await h.post(update);
    await h.drain();
    const db = await h.getDb();
    const [row] = await db.select().from(users).where(eq(users.id, user.userId));
    expect(row.botBlockedAt).not.toBeNull();
    const [stored] = await db.select().from(botUpdates).where(eq(botUpdates.updateId, update.update_id));
    expect(stored.attempts).toBe(1);
  });
});
