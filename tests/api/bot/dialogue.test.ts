import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { botUpdates } from "@/db/schema";
import { botHarnessForFile } from "./harness";

// The whole bot path: POST /api/telegram/webhook stores the update, the bot-updates worker runs it
// through grammY against a loopback Bot API, the model is the loopback OpenAI-compatible fake.
const h = botHarnessForFile();

/** A user created by /start from the bot, with an active text session (optionally the tutor assistant's). */
const chatUser = ({ assistant = false, textTokens }: { assistant?: boolean; textTokens?: number } = {}) =>
  h.chatUser({
    modelName: "gpt-4o-mini",
    action: "text",
    assistant: assistant ? "tutor" : undefined,
    quota: textTokens === undefined ? {} : { textTokens },
  });
const textUpdate = (telegramId: number, text: string) => h.messageUpdate(telegramId, { text });
const textTokensOf = async (userId: number) => (await h.quotasOf(userId)).textTokens;

describe("bot updates (POST /api/telegram/webhook + bot-updates worker)", () => {
  it("/start creates the user from the update and greets in their language with a web_app button", async () => {
    const { telegramId, userId } = await chatUser();
    expect(userId).toBeGreaterThan(0);
    const greeting = h.callsIn(telegramId, "sendMessage")[0];
    expect(greeting.body.text).toContain("Hello, Ann!");
    expect(JSON.stringify(greeting.body.reply_markup)).toContain('"web_app":{"url":"');
  });

  it("a text turn: the model gets the session's model id and text, both messages are stored, the reported tokens are spent", async () => {
    const { telegramId, userId, sessionId, model } = await chatUser({ textTokens: 1000 });
    await h.post(textUpdate(telegramId, "What is 2+2?"));
    await h.drain();
    const request = h.ai.requests.find((r) => r.path === "/v1/chat/completions")!;
    expect(request.model).toBe(model.providerModelId);
    expect(request.body.messages.at(-1)).toEqual({ role: "user", content: "What is 2+2?" });
    expect(await h.messagesOf(sessionId)).toMatchObject([
      { userText: "What is 2+2?", aiText: "Hello from the fake model." },
    ]);
    expect(await textTokensOf(userId)).toBe(1000 - 17);
    // The draft is ephemeral: the final answer is sent, converted from Markdown to MarkdownV2, with the cost line.
    const final = h.callsIn(telegramId, "sendMessage").at(-1)!;
    expect(final.body).toMatchObject({
      parse_mode: "MarkdownV2",
      text: "Hello from the fake model\\.\n\n— text units: 17, left: 983 · context 0%",
    });
  });

  it("sends earlier messages as context and the assistant's instructions as the system message", async () => {
    const { telegramId, sessionId, assistant } = await chatUser({ assistant: true });
    await h.post(textUpdate(telegramId, "first question"));
    await h.drain();
    h.ai.requests.length = 0;
    await h.post(textUpdate(telegramId, "second question"));
    await h.drain();
    const sent = h.ai.requests[0].body.messages;
    expect(sent[0]).toEqual({ role: "system", content: assistant!.systemPrompt });
    expect(sent.slice(1)).toEqual([
      { role: "user", content: "first question" },
      { role: "assistant", content: "Hello from the fake model." },
      { role: "user", content: "second question" },
    ]);
    expect(await h.messagesOf(sessionId)).toHaveLength(2);
  });

  it("an exhausted quota gets the insufficient-quota message with the tariffs button and no model call", async () => {
    const { telegramId, sessionId } = await chatUser({ textTokens: 0 });
    await h.post(textUpdate(telegramId, "anything"));
    await h.drain();
    expect(h.ai.requests).toHaveLength(0);
    const last = h.callsIn(telegramId, "sendMessage").at(-1)!;
    expect(last.body.text).toContain("used up");
    expect(JSON.stringify(last.body.reply_markup)).toContain('/#/tariff"');
    expect(await h.messagesOf(sessionId)).toHaveLength(0);
  });

  it.each(["fail500", "hang"] as const)("a provider %s apologises and spends nothing", async (mode) => {
    const { telegramId, userId, sessionId } = await chatUser({ textTokens: 500 });
    h.ai.mode = mode;
    await h.post(textUpdate(telegramId, "hello?"));
    await h.drain();
    expect(h.textsIn(telegramId).at(-1)).toContain("Nothing was charged");
    expect(await textTokensOf(userId)).toBe(500);
    expect(await h.messagesOf(sessionId)).toHaveLength(0);
  });

  it("a duplicate update (Telegram's retry) is stored and processed once", async () => {
    const { telegramId, sessionId } = await chatUser();
    const update = textUpdate(telegramId, "once");
    const [a, b] = await Promise.all([h.post(update), h.post(update)]);
    expect([a.body.handled, b.body.handled].sort()).toEqual([false, true]);
    await h.drain();
    await h.post(update);
    await h.drain();
    expect(await h.messagesOf(sessionId)).toHaveLength(1);
    const db = await h.getDb();
    expect((await db.select().from(botUpdates).where(eq(botUpdates.updateId, update.update_id)))[0].status).toBe(
      "done",
    );
  });

  it("runs two chats in parallel: a slow model call in one chat does not hold the other", async () => {
    const slow = await chatUser();
    const fast = await chatUser();
    h.ai.mode = "hang";
    await h.post(textUpdate(slow.telegramId, "slow"));
    const db = await h.getDb();
    const slowRun = await h.processUpdates({ db });
    expect(slowRun).toHaveLength(1);
    h.ai.mode = "normal";
    await h.post(textUpdate(fast.telegramId, "fast"));
    const fastRun = await h.processUpdates({ db });
    expect(fastRun).toHaveLength(1);
    await Promise.all(fastRun);
    expect(await h.messagesOf(fast.sessionId)).toHaveLength(1);
    await Promise.all(slowRun);
  });

  it("a crash mid-update leaves it to be claimed again once its lock expires", async () => {
    const { telegramId, sessionId } = await chatUser();
    const update = textUpdate(telegramId, "after a crash");
    await h.post(update);
    const db = await h.getDb();
    const { claimUpdates } = await import("@/lib/server/bot/updates");
    // Claimed with a lock that has already run out, then the worker "dies".
    expect(await claimUpdates({ db, lockMs: 0, limit: 10 })).toHaveLength(1);
    await h.drain();
    expect(await h.messagesOf(sessionId)).toHaveLength(1);
  });

  it("a claim says which chats have more queued: only those look for a paste's rest", async () => {
    const alone = await chatUser();
    const busy = await chatUser();
    await h.post(textUpdate(alone.telegramId, "just one"));
    await h.post(textUpdate(busy.telegramId, "first"));
    await h.post(textUpdate(busy.telegramId, "second"));
    const db = await h.getDb();
    const { claimPasteTail, claimUpdates, releaseUpdate } = await import("@/lib/server/bot/updates");
    const claimed = await claimUpdates({ db, lockMs: 60_000, limit: 10 });
    const head = (telegramId: number) => claimed.find((row) => row.chatId === telegramId)!;
    expect(head(alone.telegramId).queuedBehind).toBe(false);
    expect(head(busy.telegramId).queuedBehind).toBe(true);
    expect(await claimPasteTail({ db, head: head(alone.telegramId), lockMs: 60_000 })).toEqual([]);
    const tail = await claimPasteTail({ db, head: head(busy.telegramId), lockMs: 60_000 });
    expect(tail.map((row) => (row.payload as { message: { text: string } }).message.text)).toEqual(["second"]);
    // Handed back, so the file's other tests find a clean queue.
    for (const row of [...claimed, ...tail]) await releaseUpdate({ db, row });
  });

  it("refuses a forged webhook and stores nothing", async () => {
    const update = textUpdate(h.newTelegramId(), "forged");
    expect((await h.post(update, "forged-secret-0123456789!!")).status).toBe(401);
    const db = await h.getDb();
    expect(await db.select().from(botUpdates).where(eq(botUpdates.updateId, update.update_id))).toHaveLength(0);
  });
});
