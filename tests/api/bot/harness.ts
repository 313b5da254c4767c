import { eq } from "drizzle-orm";
import { assistants, dialogMessages, dialogSessions, models, quotas, users } from "@/db/schema"; // schema reads no settings
import { startFakeBotApi, type FakeBotApi } from "../../fakes/telegram-bot-api";
import { startFakeOpenAi, type FakeOpenAi } from "../../fakes/openai";
import { call } from "../../helpers/api";

// The bot path for the action tests: POST /api/telegram/webhook stores an update, the bot-updates
// worker runs it through grammY against the loopback Bot API fake, models are the OpenAI fake.
// lib/env.ts reads process.env once, so the app's modules are imported after the fakes' URLs are set.

const SECRET = "actions-webhook-secret-0123456789";

export type Harness = Awaited<ReturnType<typeof startBotHarness>>;
type QuotaValues = Partial<typeof quotas.$inferInsert>;

/** `extraEnv` adds settings; an undefined value removes one (no OPENAI_BASE_URL: the sandbox answers). */
export async function startBotHarness(extraEnv: Record<string, string | undefined> = {}) {
  const bot: FakeBotApi = await startFakeBotApi({ token: process.env.BOT_TOKEN! });
  const ai: FakeOpenAi = await startFakeOpenAi();
  const settings: Record<string, string | undefined> = {
    BOT_API_BASE_URL: bot.url,
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    OPENAI_BASE_URL: ai.url,
    OPENAI_API_KEY: ai.apiKey,
    AI_TIMEOUT_SECONDS: "1",
    AI_MAX_RETRIES: "0",
    BOT_PASTE_JOIN_MS: "0",
    ...extraEnv,
  };
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const { getDb } = await import("@/db");
  const webhook = (await import("@/app/api/telegram/webhook/route")).POST;
  const { processUpdates } = await import("@/lib/server/bot/updates-job");
  let nextUpdateId = 5000;
  let nextTelegramId = 700_000_000 + Math.floor(Math.random() * 1_000_000);

  const post = (update: unknown) =>
    call(webhook, "POST", "/api/telegram/webhook", { body: update, headers: { "x-telegram-bot-api-secret-token": SECRET } });

  /** A message update from `telegramId` with the given fields (text, photo, voice, audio, document, caption). */
  const messageUpdate = (telegramId: number, fields: Record<string, unknown>) => ({
    update_id: nextUpdateId++,
    message: {
      message_id: nextUpdateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: telegramId, type: "private" },
      from: { id: telegramId, is_bot: false, first_name: "Ann", language_code: "en" },
      ...fields,
      ...(typeof fields.text === "string" && fields.text.startsWith("/") ? { entities: [{ type: "bot_command", offset: 0, length: fields.text.split(" ")[0].length }] } : {}),
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

  /** Sends one message as the user and waits until the bot has handled it. */
  async function send(telegramId: number, fields: Record<string, unknown>) {
    const res = await post(messageUpdate(telegramId, fields));
    if (process.env.DEBUG_HARNESS) console.log("webhook", res.status, JSON.stringify(res.body));
    await drain();
  }

  /** A user created by /start, with an active session of `modelName` for `action` (an assistant's, by seed key) and the given balances. */
  async function chatUser({ modelName, action, assistant, quota = {} }: { modelName: string; action: string; assistant?: string; quota?: QuotaValues }) {
    const telegramId = nextTelegramId++;
    await send(telegramId, { text: "/start" });
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.telegramId, telegramId));
    const [model] = await db.select().from(models).where(eq(models.modelName, modelName));
    const [helper] = assistant ? await db.select().from(assistants).where(eq(assistants.seedKey, assistant)) : [];
    const [session] = await db.insert(dialogSessions).values({ userId: user.id, name: model.displayName, modelId: model.id, assistantId: helper?.id ?? null, action }).returning();
    await db.update(users).set({ activeSessionId: session.id }).where(eq(users.id, user.id));
    if (Object.keys(quota).length) await db.update(quotas).set(quota).where(eq(quotas.userId, user.id));
    return { telegramId, userId: user.id, sessionId: session.id, model };
  }

  const quotasOf = async (userId: number) => (await (await getDb()).select().from(quotas).where(eq(quotas.userId, userId)))[0];
  const messagesOf = async (sessionId: number) => (await getDb()).select().from(dialogMessages).where(eq(dialogMessages.sessionId, sessionId));
  /** Texts the chat shows now, in order. */
  const textsIn = (telegramId: number) => bot.sent.filter((m) => m.chat_id === telegramId).map((m) => m.text);
  const mediaIn = (telegramId: number) => bot.media.filter((m) => m.chat_id === telegramId);
  const callsIn = (telegramId: number, method: string) => bot.calls.filter((c) => c.method === method && Number(c.body.chat_id) === telegramId);

  return {
    bot,
    ai,
    getDb,
    send,
    chatUser,
    quotasOf,
    messagesOf,
    textsIn,
    mediaIn,
    callsIn,
    reset() {
      bot.refusePhotos = false;
      ai.mode = "normal";
      ai.answer = "Hello from the fake model.";
      ai.requests.length = 0;
    },
    close: () => Promise.all([bot.close(), ai.close()]),
  };
}

export const MB = 1024 * 1024;
