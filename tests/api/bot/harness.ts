import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { dialogMessages, quotas } from "@/db/schema"; // schema reads no settings
import { startFakeBotApi, type FakeBotApi } from "../../fakes/telegram-bot-api";
import { startFakeOpenAi, type FakeOpenAi } from "../../fakes/openai";
import { call } from "../../helpers/api";
import { drainUpdates, openActiveSession } from "../../helpers/bot";

// The bot path: POST /api/telegram/webhook stores an update, the bot-updates worker runs it through
// grammY against the loopback Bot API fake, models are the OpenAI fake.
// lib/env.ts reads process.env once, so the app's modules are imported after the fakes' URLs are set.

const SECRET = "actions-webhook-secret-0123456789";

export type Harness = Awaited<ReturnType<typeof startBotHarness>>;
type Settings = Record<string, string | undefined>;

/** `extraEnv` adds settings; an undefined value removes one (no OPENAI_BASE_URL: the sandbox answers). */
export async function startBotHarness(extraEnv: Settings = {}) {
  const bot: FakeBotApi = await startFakeBotApi({ token: process.env.BOT_TOKEN! });
  const ai: FakeOpenAi = await startFakeOpenAi();
  const settings: Settings = {
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
  const { readStoredFile } = await import("@/lib/server/storage");
  const { sandboxWav } = await import("@/lib/server/demo/sandbox-media");
  let nextUpdateId = 5000;
  let nextTelegramId = 700_000_000 + Math.floor(Math.random() * 1_000_000);

  /** Posts an update as Telegram does; `secret` stands in for the configured webhook secret. */
  const post = (update: unknown, secret = SECRET) =>
    call(webhook, "POST", "/api/telegram/webhook", {
      body: update,
      headers: { "x-telegram-bot-api-secret-token": secret },
    });

  const from = (telegramId: number) => ({ id: telegramId, is_bot: false, first_name: "Ann", language_code: "en" });

  /** A message update from `telegramId` with the given fields (text, photo, voice, audio, document, caption). */
  const messageUpdate = (telegramId: number, fields: Record<string, unknown>) => ({
    update_id: nextUpdateId++,
    message: {
      message_id: nextUpdateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: telegramId, type: "private" },
      from: from(telegramId),
      ...fields,
      ...(typeof fields.text === "string" && fields.text.startsWith("/")
        ? { entities: [{ type: "bot_command", offset: 0, length: fields.text.split(" ")[0].length }] }
        : {}),
    },
  });

  /** `telegramId` presses an inline button with callback `data` under a message of the bot. */
  const buttonPress = (telegramId: number, data: string, id = `cbq-${nextUpdateId}`) => ({
    update_id: nextUpdateId++,
    callback_query: {
      id,
      from: from(telegramId),
      chat_instance: "1",
      data,
      message: { message_id: 1, date: 0, chat: { id: telegramId, type: "private" } },
    },
  });

  /** `telegramId` presses Stop on the streamed draft `draftId`. */
  const draftStop = (telegramId: number, draftId: number) => ({
    update_id: nextUpdateId++,
    stopped_message_generation: { chat: { id: telegramId, type: "private", first_name: "Ann" }, draft_id: draftId },
  });

  /** Sends one message as the user and waits until the bot has handled it. */
  async function send(telegramId: number, fields: Record<string, unknown>) {
    const res = await post(messageUpdate(telegramId, fields));
    if (process.env.DEBUG_HARNESS) console.log("webhook", res.status, JSON.stringify(res.body));
    await drainUpdates();
  }

  /** A user created by /start, with an active session of `modelName` for `action` (an assistant's, by seed key) and the given balances. */
  async function chatUser(session: Parameters<typeof openActiveSession>[1]) {
    const telegramId = nextTelegramId++;
    await send(telegramId, { text: "/start" });
    return { telegramId, ...(await openActiveSession(telegramId, session)) };
  }

  const quotasOf = async (userId: number) =>
    (await (await getDb()).select().from(quotas).where(eq(quotas.userId, userId)))[0];
  const messagesOf = async (sessionId: number) =>
    (await getDb()).select().from(dialogMessages).where(eq(dialogMessages.sessionId, sessionId));
  /** Texts the chat shows now, in order. */
  const textsIn = (telegramId: number) => bot.sent.filter((m) => m.chat_id === telegramId).map((m) => m.text);
  const mediaIn = (telegramId: number) => bot.media.filter((m) => m.chat_id === telegramId);
  const callsIn = (telegramId: number, method: string) =>
    bot.calls.filter((c) => c.method === method && Number(c.body.chat_id) === telegramId);

  return {
    bot,
    ai,
    getDb,
    processUpdates,
    readStoredFile,
    sandboxWav,
    post,
    messageUpdate,
    buttonPress,
    draftStop,
    drain: drainUpdates,
    send,
    chatUser,
    /** A Telegram id no user of the file has. */
    newTelegramId: () => nextTelegramId++,
    quotasOf,
    messagesOf,
    textsIn,
    mediaIn,
    callsIn,
    reset() {
      bot.refusePhotos = false;
      bot.refuseDrafts = false;
      ai.mode = "normal";
      ai.answer = "Hello from the fake model.";
      ai.streamDelayMs = 0;
      ai.answerDelayMs = 0;
      ai.transcript = "Hello from the fake transcriber.";
      ai.transcriptSeconds = 3.5;
      ai.blindModels.clear();
      ai.failingPaths.clear();
      ai.requests.length = 0;
    },
    close: () => Promise.all([bot.close(), ai.close()]),
  };
}

/** No model endpoint: the sandbox AI provider answers (its ffmpeg noise removal takes longer than a second). */
/**
 * Document turns: the turn's deadline also covers the download and reading the file, and the first
 * PDF of a run loads pdf.js cold, which took over the default 1 s on a loaded machine (a flaky
 * first test). No document test is about the deadline itself.
 */
export const DOCUMENT_AI: Settings = { AI_TIMEOUT_SECONDS: "15" };
export const SANDBOX_AI: Settings = { OPENAI_BASE_URL: undefined, OPENAI_API_KEY: undefined, AI_TIMEOUT_SECONDS: "30" };

/**
 * The harness of a test file: started before its tests, reset before each (a file's own beforeEach,
 * registered after this call, runs after the reset), closed after them.
 */
export function botHarnessForFile(extraEnv: Settings = {}): Harness {
  const harness = {} as Harness;
  beforeAll(async () => {
    Object.assign(harness, await startBotHarness(extraEnv));
  });
  beforeEach(() => harness.reset());
  afterAll(() => harness.close?.());
  return harness;
}

export const MB = 1024 * 1024;
