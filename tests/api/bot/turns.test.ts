import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { botTurns, botUpdates, dialogSessions, modelUsage, users } from "@/db/schema";
import { botHarnessForFile } from "./harness";

// How a text turn looks in the chat (DESIGN "The bot dialogue"): a draft streamed with
// sendMessageDraft and the answer sent with sendMessage, one edited message where drafts are
// refused, Stop through the webhook while the turn runs in the worker, Retry after a failure, and a
// split paste joined into one turn. Webhook → stored update → grammY worker → loopback fakes.
// The model timeout is long enough that only Stop can end a stalled stream within a test.
const h = botHarnessForFile({ AI_TIMEOUT_SECONDS: "20" });

const chatUser = async (textTokens = 1000) => {
  const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens } });
  return { ...u, modelId: u.model.id };
};
const textUpdate = (telegramId: number, text: string) => h.messageUpdate(telegramId, { text });
const textTokensOf = async (userId: number) => (await h.quotasOf(userId)).textTokens;
const turnsOf = async (userId: number) => (await h.getDb()).select().from(botTurns).where(eq(botTurns.userId, userId));

/** Waits until `check` holds (a running turn reached some point); fails after `ms`. */
const until = (check: () => boolean | Promise<boolean>, ms = 5_000) =>
  vi.waitFor(async () => expect(await check()).toBe(true), { timeout: ms, interval: 25 });

describe("text turns in the chat", () => {
  it("streams a draft (Thinking… first, then the answer so far about once a second) and sends the answer with sendMessage and the cost line", async () => {
    const { telegramId, userId } = await chatUser();
    h.ai.answer = "one two three four five six seven eight";
    h.ai.streamDelayMs = 250;
    await h.post(textUpdate(telegramId, "count"));
    await h.drain();
    const drafts = h.callsIn(telegramId, "sendMessageDraft");
    const [turn] = await turnsOf(userId);
    expect(turn).toMatchObject({ status: "done", userText: "count" });
    expect(drafts[0].body).toEqual({
      chat_id: telegramId,
      draft_id: turn.id,
      text: "",
      can_stop: true,
      keep_on_stop: true,
    });
    const shown = drafts.slice(1).map((d) => d.body.text as string);
    expect(shown.length).toBeGreaterThanOrEqual(1);
    expect(shown.length).toBeLessThanOrEqual(3); // ~2 s of streaming, one frame a second at most
    for (const text of shown) expect(h.ai.answer.startsWith(text.trim())).toBe(true);
    expect(drafts.every((d) => d.body.draft_id === turn.id)).toBe(true);
    const final = h.callsIn(telegramId, "sendMessage").at(-1)!;
    expect(final.body.text).toBe(`${h.ai.answer}\n\n— text units: 17, left: 983 · context 0%`);
    expect(h.callsIn(telegramId, "editMessageText")).toHaveLength(0);
    expect(await textTokensOf(userId)).toBe(983);
  });

  it("falls back to one edited message with a Stop button when drafts are refused, and ends with the formatted answer without the button", async () => {
    const { telegramId } = await chatUser();
    h.bot.refuseDrafts = true;
    h.ai.answer = "alpha beta gamma delta epsilon zeta";
    h.ai.streamDelayMs = 250;
    await h.post(textUpdate(telegramId, "letters"));
    await h.drain();
    expect(h.callsIn(telegramId, "sendMessageDraft")).toHaveLength(1); // tried once, refused
    const placeholder = h.callsIn(telegramId, "sendMessage").at(-1)!;
    expect(placeholder.body.text).toBe("…");
    expect(JSON.stringify(placeholder.body.reply_markup)).toMatch(/"callback_data":"stop:\d+"/);
    const edits = h.callsIn(telegramId, "editMessageText");
    expect(edits.length).toBeGreaterThanOrEqual(2); // at least one streamed frame, then the answer
    expect(JSON.stringify(edits[0].body.reply_markup)).toContain("stop:");
    const final = edits.at(-1)!;
    expect(final.body).toMatchObject({
      parse_mode: "MarkdownV2",
      text: `${h.ai.answer}\n\n— text units: 17, left: 983 · context 0%`,
    });
    // The Stop button goes; the button to change the model comes under the cost line.
    expect(JSON.stringify(final.body.reply_markup)).not.toContain("stop:");
    expect(JSON.stringify(final.body.reply_markup)).toContain('"callback_data":"models"');
    // The chat keeps one message: the placeholder became the answer.
    expect(h.bot.sent.filter((m) => m.chat_id === telegramId).at(-1)!.text).toBe(final.body.text);
  });

  it("Stop on the draft (stopped_message_generation) is handled in the webhook, ends the running turn at once and sends and charges what was written", async () => {
    const { telegramId, userId, sessionId } = await chatUser();
    h.ai.mode = "stall";
    h.ai.answer = "The partial answer so far";
    await h.post(textUpdate(telegramId, "tell me everything"));
    const db = await h.getDb();
    const running = await h.processUpdates({ db });
    expect(running).toHaveLength(1);
    await until(() => h.callsIn(telegramId, "sendMessageDraft").some((d) => d.body.text === h.ai.answer));
    const [turn] = await turnsOf(userId);
    const stop = h.draftStop(telegramId, turn.id);
    const stoppedAt = Date.now();
    expect((await h.post(stop)).body).toEqual({ ok: true, handled: true });
    await Promise.all(running);
    expect(Date.now() - stoppedAt).toBeLessThan(3_000); // far inside the 20 s model timeout
    expect(await db.select().from(botUpdates).where(eq(botUpdates.updateId, stop.update_id))).toHaveLength(0); // never queued
    const final = h.callsIn(telegramId, "sendMessage").at(-1)!;
    // Sent as MarkdownV2, so the note's full stop is escaped.
    expect(final.body).toMatchObject({ parse_mode: "MarkdownV2" });
    expect(final.body.text).toMatch(
      /^The partial answer so far\n\n⏹ Stopped: the answer is cut short\\\.\n— text units: (\d+), left: (\d+) · context \d+%$/,
    );
    const [, spent, left] = /text units: (\d+), left: (\d+)/.exec(final.body.text as string)!.map(Number);
    expect(spent).toBeGreaterThan(0); // estimated: the stream never reached the usage chunk
    expect(await textTokensOf(userId)).toBe(1000 - spent);
    expect(left).toBe(1000 - spent);
    expect(await h.messagesOf(sessionId)).toMatchObject([
      { userText: "tell me everything", aiText: "The partial answer so far" },
    ]);
    expect((await turnsOf(userId))[0].status).toBe("stopped");
  });

  it("the Stop button of the edited message is answered in the webhook; another user's press stops nothing; a stop before any text charges nothing", async () => {
    const { telegramId, userId, sessionId } = await chatUser();
    h.bot.refuseDrafts = true;
    h.ai.mode = "hang";
    await h.post(textUpdate(telegramId, "anything?"));
    const db = await h.getDb();
    const running = await h.processUpdates({ db });
    await until(() => h.callsIn(telegramId, "sendMessage").some((m) => m.body.text === "…"));
    const data = (h.callsIn(telegramId, "sendMessage").at(-1)!.body.reply_markup as any).inline_keyboard[0][0]
      .callback_data as string;

    const stranger = h.newTelegramId();
    expect((await h.post(h.buttonPress(stranger, data, "cbq-stranger"))).body).toEqual({ ok: true, handled: true });
    expect((await turnsOf(userId))[0]).toMatchObject({ status: "running", stopRequestedAt: null });

    expect((await h.post(h.buttonPress(telegramId, data, "cbq-owner"))).body).toEqual({ ok: true, handled: true });
    expect(h.bot.calls.filter((c) => c.method === "answerCallbackQuery").map((c) => c.body.callback_query_id)).toEqual(
      expect.arrayContaining(["cbq-stranger", "cbq-owner"]),
    );
    await Promise.all(running);
    expect(h.bot.sent.filter((m) => m.chat_id === telegramId).at(-1)!.text).toBe(
      "Stopped before the model wrote anything. Nothing was charged.",
    );
    expect(await textTokensOf(userId)).toBe(1000);
    expect(await h.messagesOf(sessionId)).toHaveLength(0);
    expect((await turnsOf(userId))[0].status).toBe("stopped");
  });

  it("a Stop that another instance took (only the database flag) ends the turn within about a second", async () => {
    const { telegramId, userId } = await chatUser();
    h.ai.mode = "stall";
    h.ai.answer = "Written before the stop";
    await h.post(textUpdate(telegramId, "go on"));
    const db = await h.getDb();
    const running = await h.processUpdates({ db });
    await until(async () => (await turnsOf(userId)).length === 1 && h.ai.requests.length === 1);
    const [turn] = await turnsOf(userId);
    await db.update(botTurns).set({ stopRequestedAt: new Date() }).where(eq(botTurns.id, turn.id));
    const flaggedAt = Date.now();
    await Promise.all(running);
    expect(Date.now() - flaggedAt).toBeLessThan(2_500);
    expect((await turnsOf(userId))[0].status).toBe("stopped");
    expect(h.callsIn(telegramId, "sendMessage").at(-1)!.body.text).toMatch(/^Written before the stop\n\n⏹ Stopped/);
  });

  it("a failed turn ends with the apology and a Retry button; Retry asks the same text in the same session and charges once", async () => {
    const { telegramId, userId, sessionId, modelId } = await chatUser();
    h.ai.mode = "fail500";
    await h.post(textUpdate(telegramId, "please answer"));
    await h.drain();
    const apology = h.callsIn(telegramId, "sendMessage").at(-1)!;
    expect(apology.body.text).toBe(
      "Sorry, the model did not answer. Nothing was charged. Press Retry, or choose another model.",
    );
    const [turn] = await turnsOf(userId);
    expect(turn.status).toBe("failed");
    expect(JSON.stringify(apology.body.reply_markup)).toContain(`"callback_data":"retry:${turn.id}"`);
    expect(await textTokensOf(userId)).toBe(1000);

    // The user opened another session meanwhile: the retry still belongs to the first one.
    const db = await h.getDb();
    const [other] = await db
      .insert(dialogSessions)
      .values({ userId, name: "Other", modelId, action: "text" })
      .returning();
    await db.update(users).set({ activeSessionId: other.id }).where(eq(users.id, userId));
    h.ai.mode = "normal";
    h.ai.requests.length = 0;
    await h.post(h.buttonPress(telegramId, `retry:${turn.id}`, "cbq-retry"));
    await h.post(h.buttonPress(telegramId, `retry:${turn.id}`, "cbq-retry-again"));
    await h.drain();
    expect(h.ai.requests).toHaveLength(1);
    expect(h.ai.requests[0].body.messages.at(-1)).toEqual({ role: "user", content: "please answer" });
    expect(h.bot.calls.filter((c) => c.method === "answerCallbackQuery").map((c) => c.body)).toEqual(
      expect.arrayContaining([
        { callback_query_id: "cbq-retry" },
        { callback_query_id: "cbq-retry-again", text: "This request was already retried." },
      ]),
    );
    expect(await h.messagesOf(sessionId)).toMatchObject([
      { userText: "please answer", aiText: "Hello from the fake model." },
    ]);
    expect(await h.messagesOf(other.id)).toHaveLength(0);
    expect(await textTokensOf(userId)).toBe(1000 - 17);
    expect(h.callsIn(telegramId, "sendMessage").at(-1)!.body.text).toContain(
      "— text units: 17, left: 983 · context 0%",
    );
  });

  it("joins text messages that are still queued behind the first one into one model request", async () => {
    const { telegramId, sessionId } = await chatUser();
    const parts = ["First part of a long paste,", "the second part,", "and the end."];
    const updates = parts.map((text) => textUpdate(telegramId, text));
    for (const update of updates) await h.post(update);
    const db = await h.getDb();
    const started = await h.processUpdates({ db });
    expect(started).toHaveLength(1);
    await Promise.all(started);
    await h.drain();
    const chats = h.ai.requests.filter((r) => r.path === "/v1/chat/completions");
    expect(chats).toHaveLength(1);
    expect(chats[0].body.messages.at(-1)).toEqual({ role: "user", content: parts.join("\n") });
    expect(await h.messagesOf(sessionId)).toMatchObject([{ userText: parts.join("\n") }]);
    const stored = await db.select().from(botUpdates).where(eq(botUpdates.chatId, telegramId));
    expect(
      stored.filter((u: any) => updates.some((x) => x.update_id === u.updateId)).map((u: any) => u.status),
    ).toEqual(["done", "done", "done"]);
  });

  it("a command after text is not joined into it", async () => {
    const { telegramId } = await chatUser();
    await h.post(textUpdate(telegramId, "a question"));
    await h.post(textUpdate(telegramId, "/start"));
    await h.drain();
    const chats = h.ai.requests.filter((r) => r.path === "/v1/chat/completions");
    expect(chats.map((r) => r.body.messages.at(-1).content)).toEqual(["a question"]);
    expect(h.callsIn(telegramId, "sendMessage").at(-1)!.body.text).toContain("Hello, Ann!");
  });

  it("a session deleted while its answer streams: the answer is delivered and charged, and its usage is still recorded", async () => {
    const { telegramId, userId, sessionId } = await chatUser();
    h.ai.answer = "one two three four";
    h.ai.streamDelayMs = 150;
    await h.post(textUpdate(telegramId, "count"));
    const db = await h.getDb();
    const running = await h.processUpdates({ db });
    // The turn's own call to the model (another call, a probe's, must not start the deletion early).
    await until(() => h.ai.requests.some((r) => r.path === "/v1/chat/completions"));
    await db.delete(dialogSessions).where(eq(dialogSessions.id, sessionId));
    await Promise.all(running);
    expect(h.callsIn(telegramId, "sendMessage").at(-1)!.body.text).toMatch(/^one two three four/);
    expect(await textTokensOf(userId)).toBe(1000 - 17);
    expect(await (await h.getDb()).select().from(modelUsage).where(eq(modelUsage.userId, userId))).toMatchObject([
      { modelName: "gpt-4o-mini", action: "text", quantity: 17 },
    ]);
  });
});
