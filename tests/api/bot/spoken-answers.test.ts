import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { balanceLedger, botTurns } from "@/db/schema";
import { FAKE_OPUS_BYTES } from "../../fakes/openai";
import { botHarnessForFile } from "./harness";

// Spoken answers (docs/product/bot.md "Spoken answers"): /voice, or the button under an answer,
// turns them on for the dialogue; each text answer is then voiced after it is sent, by the dubbing
// model's speech endpoint as OGG/Opus (sendVoice), priced as a voice-over, up to BOT_VOICE_ANSWER_MAX_CHARS.
const h = botHarnessForFile({ BOT_VOICE_ANSWER_MAX_CHARS: "1000" });
const OGG = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(300, 1)]);

const textUser = (audioTokens = 220) =>
  h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 5000, audioTokens } });
const speechRequests = () => h.ai.requests.filter((r) => r.path === "/v1/audio/speech");
/** The bot's messages and voice messages in the order they were sent. */
const sentIn = (telegramId: number) =>
  h.bot.calls
    .filter(
      (c) => Number(c.body.chat_id) === telegramId && ["sendMessage", "sendVoice", "sendAudio"].includes(c.method),
    )
    .map((c) => c.method);
const voiceTurns = async (userId: number) =>
  (await h.getDb())
    .select()
    .from(botTurns)
    .where(and(eq(botTurns.userId, userId), eq(botTurns.action, "dubbing")));

describe("spoken answers", () => {
  it("/voice turns them on: the text answer comes first, then its voice (opus from the speech endpoint, sent with sendVoice), priced as a voice-over", async () => {
    const u = await textUser();
    await h.send(u.telegramId, { text: "/voice" });
    expect(h.textsIn(u.telegramId).at(-1)).toContain("Spoken answers are on for this dialogue");
    h.ai.answer = "**Paris** is the capital of `France`.";
    await h.send(u.telegramId, { text: "Capital of France?" });

    expect(speechRequests().map((r) => r.body)).toEqual([
      { model: "tts-1", input: "Paris is the capital of France.", voice: "alloy", response_format: "opus" },
    ]);
    expect(sentIn(u.telegramId).slice(-2)).toEqual(["sendMessage", "sendVoice"]);
    const [voice] = h.mediaIn(u.telegramId);
    expect(voice).toMatchObject({
      method: "sendVoice",
      filename: "answer.ogg",
      caption: "— audio units: 22, left: 198",
    });
    expect(voice.data).toEqual(FAKE_OPUS_BYTES);
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(198);
    const [row] = await h.messagesOf(u.sessionId);
    expect(row.aiFileUrl).toMatch(/^bot\/out\/.+\.ogg$/);
    const [turn] = await voiceTurns(u.userId);
    expect(turn).toMatchObject({ status: "done", userText: "Paris is the capital of France." });
    const ledger = await (
      await h.getDb()
    )
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, u.userId), isNotNull(balanceLedger.turnId)));
    expect(ledger.filter((r) => r.turnId === turn.id).map((r) => [r.reason, r.units])).toEqual([["audio", -22]]);

    await h.send(u.telegramId, { text: "/voice" });
    expect(h.textsIn(u.telegramId).at(-1)).toContain("Spoken answers are off");
    h.ai.requests.length = 0;
    await h.send(u.telegramId, { text: "And of Italy?" });
    expect(speechRequests()).toHaveLength(0);
  });

  it("the button under an answer turns them on for that dialogue and shows the new state", async () => {
    const u = await textUser();
    await h.send(u.telegramId, { text: "hello" });
    const answer = h.callsIn(u.telegramId, "sendMessage").at(-1)!;
    expect(JSON.stringify(answer.body.reply_markup)).toContain('"text":"🔊 Voice answers"');
    await h.post(h.buttonPress(u.telegramId, `voice:${u.sessionId}`));
    await h.drain();
    const edit = h.callsIn(u.telegramId, "editMessageReplyMarkup").at(-1)!;
    expect(JSON.stringify(edit.body.reply_markup)).toContain('"text":"🔇 Text only"');
    expect(h.textsIn(u.telegramId).at(-1)).toContain("Spoken answers are on");
    await h.send(u.telegramId, { text: "again" });
    expect(speechRequests()).toHaveLength(1);
  });

  it("a long answer is voiced up to the operator's bound, cut after a sentence, and priced by what is voiced", async () => {
    const u = await textUser();
    await h.send(u.telegramId, { text: "/voice" });
    h.ai.answer = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} is here.`).join(" ");
    await h.send(u.telegramId, { text: "Talk a lot" });
    const [spoken] = speechRequests();
    expect(spoken.body.input.length).toBeLessThanOrEqual(1000);
    expect(spoken.body.input).toMatch(/here\.$/);
    const [voice] = h.mediaIn(u.telegramId);
    expect(voice.caption).toBe(
      `The spoken answer covers the first ${spoken.body.input.length} characters of the text.\n— audio units: 44, left: 176`,
    );
  });

  it("a failing speech endpoint: the text answer stands, the voice costs nothing and says so", async () => {
    const u = await textUser();
    await h.send(u.telegramId, { text: "/voice" });
    h.ai.failingPaths.add("/v1/audio/speech");
    await h.send(u.telegramId, { text: "hello" });
    expect(h.textsIn(u.telegramId).slice(-2)).toEqual([
      "Hello from the fake model\\.\n\n— text units: 17, left: 4983 · context 0%",
      "🔇 The spoken answer did not work out. Nothing was charged for it.",
    ]);
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(220);
    expect((await voiceTurns(u.userId)).map((t) => t.status)).toEqual(["failed"]);
  });

  it("no audio units left: the text answer comes, the voice is refused with the tariffs button", async () => {
    const u = await textUser(0);
    await h.send(u.telegramId, { text: "/voice" });
    await h.send(u.telegramId, { text: "hello" });
    expect(speechRequests()).toHaveLength(0);
    const last = h.callsIn(u.telegramId, "sendMessage").at(-1)!;
    expect(last.body.text).toBe("🔇 No audio units are left for the spoken answer. Choose a tariff to get more.");
    expect(JSON.stringify(last.body.reply_markup)).toContain('/#/tariff"');
  });

  it("a voice note with spoken answers on: heard, answered in text, then voiced", async () => {
    const u = await textUser();
    await h.send(u.telegramId, { text: "/voice" });
    await h.send(u.telegramId, { voice: { ...h.bot.addFile(OGG), duration: 5, mime_type: "audio/ogg" } });
    expect(h.ai.requests.map((r) => r.path)).toEqual([
      "/v1/audio/transcriptions",
      "/v1/chat/completions",
      "/v1/audio/speech",
    ]);
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(220 - 22 - 22);
  });

  it("/voice outside a text dialogue says what it is for", async () => {
    const u = await h.chatUser({ modelName: "whisper", action: "speech_to_text" });
    await h.send(u.telegramId, { text: "/voice" });
    expect(h.textsIn(u.telegramId).at(-1)).toBe(
      "Spoken answers are for text dialogues: choose a model or an assistant in the app first.",
    );
  });
});
