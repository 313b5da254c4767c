import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { assistants, botUpdates, dialogMessages, dialogSessions, models, quotas, users } from "@/db/schema";
import { startFakeBotApi, type FakeBotApi } from "../../fakes/telegram-bot-api";
import { startFakeOpenAi, type FakeOpenAi } from "../../fakes/openai";
import { call } from "../../helpers/api";

// The whole bot path: POST /api/telegram/webhook stores the update, the bot-updates worker runs it
// through grammY against a loopback Bot API, the model is the loopback OpenAI-compatible fake.
const SECRET = "dialogue-webhook-secret-0123456789";
let bot: FakeBotApi;
let ai: FakeOpenAi;
let webhook: any;
let processUpdates: (o: { db: any; lockMs?: number }) => Promise<Promise<void>[]>;
let getDb: () => Promise<any>;
let nextUpdateId = 1000;
let nextTelegramId = 900_000_000;

beforeAll(async () => {
  bot = await startFakeBotApi({ token: process.env.BOT_TOKEN! });
  ai = await startFakeOpenAi();
  Object.assign(process.env, {
    BOT_API_BASE_URL: bot.url,
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    OPENAI_BASE_URL: ai.url,
    OPENAI_API_KEY: ai.apiKey,
    AI_TIMEOUT_SECONDS: "1",
    AI_MAX_RETRIES: "0",
  });
  // lib/env.ts reads process.env once, so the app's modules load after it is set.
  getDb = (await import("@/db")).getDb;
  webhook = (await import("@/app/api/telegram/webhook/route")).POST;
  processUpdates = (await import("@/lib/server/bot/updates-job")).processUpdates;
});

afterAll(async () => {
  await Promise.all([bot?.close(), ai?.close()]);
});

beforeEach(() => {
  ai.mode = "normal";
  ai.answer = "Hello from the fake model.";
  ai.requests.length = 0;
});

const post = (update: unknown, secret = SECRET) =>
  call(webhook, "POST", "/api/telegram/webhook", { body: update, headers: { "x-telegram-bot-api-secret-token": secret } });

const textUpdate = (telegramId: number, text: string) => ({
  update_id: nextUpdateId++,
  message: {
    message_id: nextUpdateId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: telegramId, type: "private" },
    from: { id: telegramId, is_bot: false, first_name: "Ann", language_code: "en" },
    text,
    ...(text.startsWith("/") ? { entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0].length }] } : {}),
  },
});

/** Runs the worker until no update is left. */
async function drain() {
  const db = await getDb();
  for (let i = 0; i < 20; i++) {
    const started = await processUpdates({ db });
    if (started.length === 0) return;
    await Promise.all(started);
  }
}

/** A user created by /start from the bot, with an active text session (optionally an assistant's). */
async function chatUser({ assistant = false, textTokens }: { assistant?: boolean; textTokens?: number } = {}) {
  const telegramId = nextTelegramId++;
  await post(textUpdate(telegramId, "/start"));
  await drain();
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.telegramId, telegramId));
  const [model] = await db.select().from(models).where(eq(models.modelName, "gpt-4o-mini"));
  const [helper] = assistant ? await db.select().from(assistants).limit(1) : [undefined];
  const [session] = await db
    .insert(dialogSessions)
    .values({ userId: user.id, name: "Chat", modelId: model.id, assistantId: helper?.id ?? null, action: "text" })
    .returning();
  await db.update(users).set({ activeSessionId: session.id }).where(eq(users.id, user.id));
  if (textTokens !== undefined) await db.update(quotas).set({ textTokens }).where(eq(quotas.userId, user.id));
  return { telegramId, userId: user.id, sessionId: session.id, model, systemPrompt: helper?.systemPrompt };
}

const textTokensOf = async (userId: number) => (await (await getDb()).select().from(quotas).where(eq(quotas.userId, userId)))[0].textTokens;
const messagesOf = async (sessionId: number) => (await getDb()).select().from(dialogMessages).where(eq(dialogMessages.sessionId, sessionId));
const chatOf = (telegramId: number) => bot.sent.filter((m) => m.chat_id === telegramId).map((m) => m.text);

describe("bot updates (POST /api/telegram/webhook + bot-updates worker)", () => {
  it("/start creates the user from the update and greets in their language with a web_app button", async () => {
    const { telegramId, userId } = await chatUser();
    expect(userId).toBeGreaterThan(0);
    const greeting = bot.calls.find((c) => c.method === "sendMessage" && c.body.chat_id === telegramId)!;
    expect(greeting.body.text).toContain("Hello, Ann!");
    expect(JSON.stringify(greeting.body.reply_markup)).toContain('"web_app":{"url":"');
  });

  it("a text turn: the model gets the session's model id and text, both messages are stored, the reported tokens are spent", async () => {
    const { telegramId, userId, sessionId, model } = await chatUser({ textTokens: 1000 });
    await post(textUpdate(telegramId, "What is 2+2?"));
    await drain();
    const request = ai.requests.find((r) => r.path === "/v1/chat/completions")!;
    expect(request.model).toBe(model.providerModelId);
    expect(request.body.messages.at(-1)).toEqual({ role: "user", content: "What is 2+2?" });
    expect(await messagesOf(sessionId)).toMatchObject([{ userText: "What is 2+2?", aiText: "Hello from the fake model." }]);
    expect(await textTokensOf(userId)).toBe(1000 - 17);
    // The draft is ephemeral: the final answer is sent, converted from Markdown to MarkdownV2, with the cost line.
    const final = bot.calls.filter((c) => c.method === "sendMessage" && c.body.chat_id === telegramId).at(-1)!;
    expect(final.body).toMatchObject({ parse_mode: "MarkdownV2", text: "Hello from the fake model\\.\n\n— tokens: 17, left: 983" });
  });

  it("sends earlier messages as context and the assistant's instructions as the system message", async () => {
    const { telegramId, sessionId, systemPrompt } = await chatUser({ assistant: true });
    await post(textUpdate(telegramId, "first question"));
    await drain();
    ai.requests.length = 0;
    await post(textUpdate(telegramId, "second question"));
    await drain();
    const sent = ai.requests[0].body.messages;
    expect(sent[0]).toEqual({ role: "system", content: systemPrompt });
    expect(sent.slice(1)).toEqual([
      { role: "user", content: "first question" },
      { role: "assistant", content: "Hello from the fake model." },
      { role: "user", content: "second question" },
    ]);
    expect(await messagesOf(sessionId)).toHaveLength(2);
  });

  it("an exhausted quota gets the insufficient-quota message with the tariffs button and no model call", async () => {
    const { telegramId, sessionId } = await chatUser({ textTokens: 0 });
    await post(textUpdate(telegramId, "anything"));
    await drain();
    expect(ai.requests).toHaveLength(0);
    const last = bot.calls.filter((c) => c.method === "sendMessage" && c.body.chat_id === telegramId).at(-1)!;
    expect(last.body.text).toContain("used up");
    expect(JSON.stringify(last.body.reply_markup)).toContain('/#/tariff"');
    expect(await messagesOf(sessionId)).toHaveLength(0);
  });

  it.each(["fail500", "hang"] as const)("a provider %s apologises and spends nothing", async (mode) => {
    const { telegramId, userId, sessionId } = await chatUser({ textTokens: 500 });
    ai.mode = mode;
    await post(textUpdate(telegramId, "hello?"));
    await drain();
    expect(chatOf(telegramId).at(-1)).toContain("Nothing was charged");
    expect(await textTokensOf(userId)).toBe(500);
    expect(await messagesOf(sessionId)).toHaveLength(0);
  });

  it("a duplicate update (Telegram's retry) is stored and processed once", async () => {
    const { telegramId, sessionId } = await chatUser();
    const update = textUpdate(telegramId, "once");
    const [a, b] = await Promise.all([post(update), post(update)]);
    expect([a.body.handled, b.body.handled].sort()).toEqual([false, true]);
    await drain();
    await post(update);
    await drain();
    expect(await messagesOf(sessionId)).toHaveLength(1);
    const db = await getDb();
    expect((await db.select().from(botUpdates).where(eq(botUpdates.updateId, update.update_id)))[0].status).toBe("done");
  });

  it("runs two chats in parallel: a slow model call in one chat does not hold the other", async () => {
    const slow = await chatUser();
    const fast = await chatUser();
    ai.mode = "hang";
    await post(textUpdate(slow.telegramId, "slow"));
    const db = await getDb();
    const slowRun = await processUpdates({ db });
    expect(slowRun).toHaveLength(1);
    ai.mode = "normal";
    await post(textUpdate(fast.telegramId, "fast"));
    const fastRun = await processUpdates({ db });
    expect(fastRun).toHaveLength(1);
    await Promise.all(fastRun);
    expect(await messagesOf(fast.sessionId)).toHaveLength(1);
    await Promise.all(slowRun);
  });

  it("a crash mid-update leaves it to be claimed again once its lock expires", async () => {
    const { telegramId, sessionId } = await chatUser();
    const update = textUpdate(telegramId, "after a crash");
    await post(update);
    const db = await getDb();
    const { claimUpdates } = await import("@/lib/server/bot/updates");
    expect(await claimUpdates({ db, lockMs: 1, limit: 10 })).toHaveLength(1); // claimed, then the worker "dies"
    await new Promise((r) => setTimeout(r, 20));
    await drain();
    expect(await messagesOf(sessionId)).toHaveLength(1);
  });

  it("refuses a forged webhook and stores nothing", async () => {
    const update = textUpdate(nextTelegramId++, "forged");
    expect((await post(update, "forged-secret-0123456789!!")).status).toBe(401);
    const db = await getDb();
    expect(await db.select().from(botUpdates).where(eq(botUpdates.updateId, update.update_id))).toHaveLength(0);
  });
});
