import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  botTurns,
  catalogueVersion,
  dialogSessions,
  modelActions,
  models,
  tariffModels,
  tariffs,
  users,
} from "@/db/schema"; // schema reads no settings
import { TELEGRAM_PACE, telegramPacer } from "@/lib/server/bot/telegram-pace"; // reads no settings
import { startFakeAudioCleanup, type FakeAudioCleanup } from "../../fakes/audio-cleanup";
import { startBotHarness, type Harness } from "./harness";

// The user steers the dialogue from the chat: every failed turn offers Retry and Other model (each
// press runs at most once), /model moves the session to another model with its history as context,
// /new starts afresh with the same model, and a first message without a session is answered by the
// tariff's default text model.
let h: Harness;
let cleanup: FakeAudioCleanup;
const OGG = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(500, 3)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
// Speech, noise removal and dubbing have one catalogue model each: a second one gives Other model a choice.
const EXTRA_MODELS = [
  {
    modelName: "whisper-large",
    displayName: "Whisper Large",
    action: "speech_to_text",
    providerModelId: "whisper-large",
  },
  { modelName: "isolate-two", displayName: "Isolator Two", action: "noise_removal", providerModelId: "audio-cleanup" },
  { modelName: "dubbing-two", displayName: "Dubbing Two", action: "dubbing", providerModelId: "tts-2" },
];
// The Free tariff opens a second model of every action the tests use.
const OPENED = [
  "gpt-4o",
  "flux-pro",
  "gpt-image-edit",
  "flux-kontext",
  "claude-files",
  "elevenlabs-isolate",
  "elevenlabs-dubbing",
  ...EXTRA_MODELS.map((m) => m.modelName),
];

beforeAll(async () => {
  // Each flow sends a chat more than its burst of messages (the apology, the menu, the answer): not
  // about pacing, so they need not wait a real second for each (tests/unit/telegram-pace.test.ts is).
  telegramPacer.setPaceForTests({ ...TELEGRAM_PACE, chatBurst: 100 });
  cleanup = await startFakeAudioCleanup();
  h = await startBotHarness({ AUDIO_CLEANUP_URL: cleanup.url });
  const db = await h.getDb();
  for (const m of EXTRA_MODELS) {
    const [row] = await db
      .insert(models)
      .values({
        modelName: m.modelName,
        displayName: m.displayName,
        provider: "test",
        type: "audio",
        image: "",
        modelTypeDescription: "audio",
        providerModelId: m.providerModelId,
        sortOrder: 999,
      })
      .returning();
    await db.insert(modelActions).values({ modelId: row.id, action: m.action, priceUnits: 1 });
  }
  const [free] = await db.select().from(tariffs).where(eq(tariffs.name, "Free"));
  const opened = await db.select({ id: models.id }).from(models).where(inArray(models.modelName, OPENED));
  await db
    .insert(tariffModels)
    .values(opened.map((m) => ({ tariffId: free.id, modelId: m.id })))
    .onConflictDoNothing();
  await db.update(catalogueVersion).set({ version: sql`${catalogueVersion.version} + 1` });
});
afterAll(async () => {
  telegramPacer.setPaceForTests();
  await Promise.all([h?.close(), cleanup?.close()]);
});
beforeEach(() => {
  h.reset();
  cleanup.mode = "normal";
  cleanup.requests.length = 0;
});

const QUOTA = { textTokens: 100_000, imageTokens: 100, audioTokens: 1000, fileTokens: 100 };
const modelIdOf = async (modelName: string) =>
  (await (await h.getDb()).select().from(models).where(eq(models.modelName, modelName)))[0].id;
const turnsOf = async (userId: number) =>
  (await h.getDb()).select().from(botTurns).where(eq(botTurns.userId, userId)).orderBy(botTurns.id);
const sessionOf = async (sessionId: number) =>
  (await (await h.getDb()).select().from(dialogSessions).where(eq(dialogSessions.id, sessionId)))[0];
const callbackAnswers = () => h.bot.calls.filter((c) => c.method === "answerCallbackQuery").map((c) => c.body);
const markupOf = (telegramId: number) =>
  JSON.stringify(h.callsIn(telegramId, "sendMessage").at(-1)!.body.reply_markup ?? {});

type Kind = {
  name: string;
  action: string;
  model: string;
  other: string;
  /** The model endpoint (or cleanup service) requests the turn makes; the count proves one run. */
  calls: () => number;
  message: () => Record<string, unknown>;
  fail: () => void;
};
const ai = (path: string) => () => h.ai.requests.filter((r) => r.path === path).length;
const voice = () => ({ voice: { ...h.bot.addFile(OGG), duration: 5, mime_type: "audio/ogg" } });
const KINDS: Kind[] = [
  {
    name: "text",
    action: "text",
    model: "gpt-4o-mini",
    other: "gpt-4o",
    calls: ai("/v1/chat/completions"),
    message: () => ({ text: "what is a fox?" }),
    fail: () => (h.ai.mode = "fail500"),
  },
  {
    name: "image",
    action: "text_to_image",
    model: "dall-e-3",
    other: "flux-pro",
    calls: ai("/v1/images/generations"),
    message: () => ({ text: "a fox" }),
    fail: () => (h.ai.mode = "fail500"),
  },
  {
    name: "photo edit",
    action: "generate_image",
    model: "gpt-image-edit",
    other: "flux-kontext",
    calls: ai("/v1/images/edits"),
    message: () => ({ photo: [{ ...h.bot.addFile(JPEG), width: 640, height: 480 }], caption: "make it snowy" }),
    fail: () => (h.ai.mode = "fail500"),
  },
  {
    name: "speech to text",
    action: "speech_to_text",
    model: "whisper",
    other: "whisper-large",
    calls: ai("/v1/audio/transcriptions"),
    message: voice,
    fail: () => (h.ai.mode = "fail500"),
  },
  {
    name: "noise removal",
    action: "noise_removal",
    model: "elevenlabs-isolate",
    other: "isolate-two",
    calls: () => cleanup.requests.length,
    message: voice,
    fail: () => (cleanup.mode = "fail"),
  },
  {
    name: "voice-over",
    action: "dubbing",
    model: "elevenlabs-dubbing",
    other: "dubbing-two",
    calls: ai("/v1/audio/speech"),
    message: () => ({ text: "Hello there" }),
    fail: () => (h.ai.mode = "fail500"),
  },
  {
    name: "voice translation",
    action: "dubbing",
    model: "elevenlabs-dubbing",
    other: "dubbing-two",
    calls: ai("/v1/audio/speech"),
    message: voice,
    fail: () => (h.ai.mode = "fail500"),
  },
  {
    name: "document",
    action: "files",
    model: "gpt-4o-files",
    other: "claude-files",
    calls: ai("/v1/chat/completions"),
    message: () => ({
      document: {
        ...h.bot.addFile(Buffer.from("Notes about foxes."), { path: "documents/notes.txt" }),
        file_name: "notes.txt",
        mime_type: "text/plain",
      },
    }),
    fail: () => (h.ai.mode = "fail500"),
  },
];

/** A user whose turn of `kind` failed: the apology and its buttons are shown, the failed turn's row answered. */
async function failedTurn(kind: Kind) {
  const u = await h.chatUser({ modelName: kind.model, action: kind.action, quota: QUOTA });
  kind.fail();
  await h.send(u.telegramId, kind.message());
  const turn = (await turnsOf(u.userId)).at(-1)!;
  expect(turn).toMatchObject({ status: "failed", action: kind.action });
  expect(h.textsIn(u.telegramId).at(-1)).toContain("Nothing was charged");
  expect(markupOf(u.telegramId)).toContain(`"callback_data":"retry:${turn.id}"`);
  expect(markupOf(u.telegramId)).toContain(`"callback_data":"other:${turn.id}"`);
  h.reset();
  cleanup.mode = "normal";
  cleanup.requests.length = 0;
  return { ...u, turn };
}

describe.each(KINDS)("a failed $name turn", (kind) => {
  it("Retry runs the same input again once, however often it is pressed, and the second press is told so", async () => {
    const u = await failedTurn(kind);
    await h.post(h.buttonPress(u.telegramId, `retry:${u.turn.id}`, `cbq-r1-${u.turn.id}`));
    await h.post(h.buttonPress(u.telegramId, `retry:${u.turn.id}`, `cbq-r2-${u.turn.id}`));
    await h.drain();
    expect(kind.calls()).toBe(1);
    expect(callbackAnswers()).toEqual(
      expect.arrayContaining([
        { callback_query_id: `cbq-r1-${u.turn.id}` },
        { callback_query_id: `cbq-r2-${u.turn.id}`, text: "This request was already retried." },
      ]),
    );
    const turns = await turnsOf(u.userId);
    expect(turns.map((t) => t.status)).toEqual(["retried", "done"]);
    expect(turns[1]).toMatchObject({ userText: u.turn.userText, input: u.turn.input, sessionId: u.sessionId });
    expect(await h.messagesOf(u.sessionId)).toHaveLength(1);
  });

  it("Other model lists the tariff's other models of the action; the chosen one answers once and stays the session's model", async () => {
    const u = await failedTurn(kind);
    const otherId = await modelIdOf(kind.other);
    await h.post(h.buttonPress(u.telegramId, `other:${u.turn.id}`, `cbq-o-${u.turn.id}`));
    await h.drain();
    expect(h.textsIn(u.telegramId).at(-1)).toBe("Which model should answer this request?");
    expect(markupOf(u.telegramId)).toContain(`"callback_data":"rerun:${u.turn.id}:${otherId}"`);
    expect(markupOf(u.telegramId)).not.toContain(`:${u.model.id}"`);
    expect(kind.calls()).toBe(0);

    await h.post(h.buttonPress(u.telegramId, `rerun:${u.turn.id}:${otherId}`, `cbq-p1-${u.turn.id}`));
    await h.post(h.buttonPress(u.telegramId, `rerun:${u.turn.id}:${otherId}`, `cbq-p2-${u.turn.id}`));
    await h.drain();
    expect(kind.calls()).toBe(1);
    expect(callbackAnswers()).toEqual(
      expect.arrayContaining([
        { callback_query_id: `cbq-p1-${u.turn.id}` },
        { callback_query_id: `cbq-p2-${u.turn.id}`, text: "Already done." },
      ]),
    );
    expect((await sessionOf(u.sessionId)).modelId).toBe(otherId);
    expect((await turnsOf(u.userId)).map((t) => t.status)).toEqual(["retried", "done"]);
    const [row] = await h.messagesOf(u.sessionId);
    expect(row.modelId).toBe(otherId);
  });
});

describe("/model and /new", () => {
  it("/model lists the session action's models; choosing one keeps the session, and the next request carries the earlier turns", async () => {
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: QUOTA });
    await h.send(u.telegramId, { text: "My name is Ann." });
    await h.send(u.telegramId, { text: "/model" });
    const gpt4o = await modelIdOf("gpt-4o");
    expect(h.textsIn(u.telegramId).at(-1)).toBe(
      "Choose a model for this dialogue (now GPT-4o mini). The dialogue and its history stay.",
    );
    expect(markupOf(u.telegramId)).toContain(`"callback_data":"setmodel:${u.sessionId}:${gpt4o}"`);
    expect(markupOf(u.telegramId)).not.toContain("DALL");

    await h.post(h.buttonPress(u.telegramId, `setmodel:${u.sessionId}:${gpt4o}`, "cbq-set"));
    await h.drain();
    expect(callbackAnswers()).toContainEqual({ callback_query_id: "cbq-set" });
    expect(h.textsIn(u.telegramId).at(-1)).toBe("Now GPT-4o answers. The dialogue goes on with its earlier messages.");
    h.ai.requests.length = 0;
    await h.send(u.telegramId, { text: "What is my name?" });
    const request = h.ai.requests.find((r) => r.path === "/v1/chat/completions")!;
    expect(request.body.model).toBe("gpt-4o");
    expect(request.body.messages).toEqual([
      { role: "user", content: "My name is Ann." },
      { role: "assistant", content: "Hello from the fake model." },
      { role: "user", content: "What is my name?" },
    ]);
    const rows = await h.messagesOf(u.sessionId);
    expect(rows.map((r) => r.modelId)).toEqual([u.model.id, gpt4o]);
  });

  it("the button under a text answer's cost line offers the same choice; a model the tariff does not open is refused", async () => {
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: QUOTA });
    await h.send(u.telegramId, { text: "hi" });
    expect(markupOf(u.telegramId)).toContain('"callback_data":"models"');
    await h.post(h.buttonPress(u.telegramId, "models", "cbq-models"));
    await h.drain();
    expect(markupOf(u.telegramId)).toContain(`setmodel:${u.sessionId}:`);
    const closed = await modelIdOf("deepseek-chat");
    await h.post(h.buttonPress(u.telegramId, `setmodel:${u.sessionId}:${closed}`, "cbq-closed"));
    await h.drain();
    expect(callbackAnswers()).toContainEqual({
      callback_query_id: "cbq-closed",
      text: "This model is not open in your tariff.",
    });
    expect((await sessionOf(u.sessionId)).modelId).toBe(u.model.id);
  });

  it("/new starts a fresh session with the same model; the next request has no earlier turns", async () => {
    const u = await h.chatUser({ modelName: "gpt-4o", action: "text", quota: QUOTA });
    await h.send(u.telegramId, { text: "remember 42" });
    await h.send(u.telegramId, { text: "/new" });
    expect(h.textsIn(u.telegramId).at(-1)).toBe("A new dialogue with GPT-4o. The earlier one stays in history.");
    const [user] = await (await h.getDb()).select().from(users).where(eq(users.id, u.userId));
    expect(user.activeSessionId).not.toBe(u.sessionId);
    expect(await sessionOf(user.activeSessionId!)).toMatchObject({ modelId: u.model.id, action: "text" });
    h.ai.requests.length = 0;
    await h.send(u.telegramId, { text: "what number?" });
    expect(h.ai.requests[0].body.messages).toEqual([{ role: "user", content: "what number?" }]);
  });
});

describe("a first message without a session", () => {
  it("goes to the tariff's first text model, and the reply says which", async () => {
    const telegramId = h.newTelegramId();
    await h.send(telegramId, { text: "/start" });
    await h.send(telegramId, { text: "hello?" });
    const db = await h.getDb();
    const [user] = await db.select().from(users).where(eq(users.telegramId, telegramId));
    expect(user.activeSessionId).not.toBeNull();
    const session = await sessionOf(user.activeSessionId!);
    expect(session).toMatchObject({ action: "text", modelId: await modelIdOf("gpt-4o-mini") });
    const texts = h.textsIn(telegramId);
    expect(texts).toContain("GPT-4o mini answers: your tariff's default model. To change it: /model.");
    expect(h.ai.requests[0].body).toMatchObject({
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "hello?" }],
    });
    expect(texts.at(-1)).toMatch(/^Hello from the fake model\\\.\n\n— text units: 17, left: \d+ · context 0%$/);
    expect(
      await db
        .select()
        .from(dialogSessions)
        .where(and(eq(dialogSessions.userId, user.id))),
    ).toHaveLength(1);
  });
});
