import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { balanceLedger, botTurns } from "@/db/schema";
import { botHarnessForFile } from "./harness";

// A voice note in a text dialogue (docs/product/bot.md "Voice, photos and documents in a text
// dialogue"): transcribed by the catalogue's speech_to_text model, the transcript shown as a
// collapsed quote, then answered by the session's model as if typed, in one turn whose row holds
// the transcription's minutes: charged minutes + tokens once, or nothing.
// A turn still streaming after 4 s is cut off (the cut-off test), long after a Stop is pressed.
const h = botHarnessForFile({ AI_TIMEOUT_SECONDS: "4" });
const OGG = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(300, 1)]);
const MP3 = Buffer.concat([Buffer.from("ID3"), Buffer.alloc(300, 2)]);

const textUser = (quota: { textTokens?: number; audioTokens?: number } = {}) =>
  h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 1000, audioTokens: 220, ...quota } });
const voice = (duration: number, data = OGG) => ({
  voice: { ...h.bot.addFile(data, { path: `voice/file_${Math.random()}.oga` }), duration, mime_type: "audio/ogg" },
});
const paths = () => h.ai.requests.map((r) => r.path);
const turnsOf = async (userId: number) =>
  (await h.getDb()).select().from(botTurns).where(eq(botTurns.userId, userId)).orderBy(botTurns.id);
const ledgerOf = async (userId: number) =>
  (
    await (
      await h.getDb()
    )
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, userId), isNotNull(balanceLedger.turnId)))
      .orderBy(balanceLedger.id)
  ).map((row) => [row.reason, row.kind, row.units, row.turnId]);
const until = (check: () => boolean | Promise<boolean>, ms = 5_000) =>
  vi.waitFor(async () => expect(await check()).toBe(true), { timeout: ms, interval: 25 });

describe("a voice note in a text dialogue", () => {
  it("is transcribed (multipart to the transcriber), shown as a collapsed quote and answered with the dialogue's context; charged 2 minutes + the tokens once", async () => {
    const u = await textUser();
    await h.send(u.telegramId, { text: "My name is Ann." });
    h.ai.requests.length = 0;
    h.ai.transcript = "What is my name?";
    await h.send(u.telegramId, voice(61));

    expect(paths()).toEqual(["/v1/audio/transcriptions", "/v1/chat/completions"]);
    const [heard, asked] = h.ai.requests;
    expect(heard.multipart).toBe(true);
    expect(heard.body).toMatchObject({ model: "whisper-1", response_format: "verbose_json" });
    expect(heard.files).toEqual([expect.objectContaining({ field: "file", filename: "voice.ogg", size: OGG.length })]);
    expect(asked.model).toBe("gpt-4o-mini");
    expect(asked.body.messages).toEqual([
      { role: "user", content: "My name is Ann." },
      { role: "assistant", content: "Hello from the fake model." },
      { role: "user", content: "What is my name?" },
    ]);

    const transcript = h.callsIn(u.telegramId, "sendMessage").find((m) => String(m.body.text).startsWith("🎤"))!;
    expect(transcript.body.text).toBe("🎤 You said:\nWhat is my name?");
    expect(transcript.body.entities).toEqual([{ type: "expandable_blockquote", offset: 13, length: 16 }]);
    const answer = h.callsIn(u.telegramId, "sendMessage").at(-1)!;
    expect(answer.body.text).toMatch(
      /^Hello from the fake model\\\.\n\n— audio units: 44, left: 176; text units: 17, left: 966 · context \d+%$/,
    );
    expect(JSON.stringify(answer.body.reply_markup)).toContain('"callback_data":"voice:');

    const quotas = await h.quotasOf(u.userId);
    expect([quotas.audioTokens, quotas.textTokens]).toEqual([176, 1000 - 17 - 17]);
    const [, turn] = await turnsOf(u.userId);
    expect(turn).toMatchObject({ status: "done", action: "text" });
    expect(await ledgerOf(u.userId)).toEqual([
      ["answer", "text_tokens", -17, turn.id - 1],
      ["audio", "audio_tokens", -44, turn.id],
      ["answer", "text_tokens", -17, turn.id],
    ]);
    const [, row] = await h.messagesOf(u.sessionId);
    expect(row).toMatchObject({ userText: "What is my name?", aiText: "Hello from the fake model." });
    expect(row.userFileUrl).toMatch(/^bot\/in\/.+\.ogg$/);
    expect((await h.readStoredFile(row.userFileUrl!))!.data).toEqual(OGG);
  });

  it("an audio file and a video note are heard the same way, by Telegram's duration", async () => {
    const u = await textUser();
    await h.send(u.telegramId, {
      audio: { ...h.bot.addFile(MP3), duration: 125, file_name: "memo.mp3", mime_type: "audio/mpeg" },
    });
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(100)]);
    await h.send(u.telegramId, { video_note: { ...h.bot.addFile(mp4), duration: 20, length: 240 } });
    const heard = h.ai.requests.filter((r) => r.path === "/v1/audio/transcriptions");
    expect(heard.map((r) => r.files[0].filename)).toEqual(["memo.mp3", "video-note.mp4"]);
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(220 - 66 - 22);
    expect(await h.messagesOf(u.sessionId)).toHaveLength(2);
  });

  it("an audio document without a length reserves a minute and holds the minutes the transcriber heard", async () => {
    const u = await textUser();
    h.ai.transcriptSeconds = 130;
    await h.send(u.telegramId, { document: { ...h.bot.addFile(MP3), file_name: "talk.mp3", mime_type: "audio/mpeg" } });
    expect(h.callsIn(u.telegramId, "sendMessage").at(-1)!.body.text).toContain("— audio units: 66, left: 154;");
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(154);
    const [turn] = await turnsOf(u.userId);
    expect(turn.reserved).toMatchObject({ kind: "audio_tokens", amount: 66, modelName: "whisper" });
  });

  it("the transcriber fails: nothing is charged, no model is asked; Retry hears the same file again and is charged once", async () => {
    const u = await textUser();
    h.ai.mode = "fail500";
    await h.send(u.telegramId, voice(10));
    expect(paths()).toEqual(["/v1/audio/transcriptions"]);
    const apology = h.callsIn(u.telegramId, "sendMessage").at(-1)!;
    expect(apology.body.text).toContain("Nothing was charged");
    const [failed] = await turnsOf(u.userId);
    expect(failed.status).toBe("failed");
    expect(JSON.stringify(apology.body.reply_markup)).toContain(`"callback_data":"retry:${failed.id}"`);
    expect(await h.quotasOf(u.userId)).toMatchObject({ audioTokens: 220, textTokens: 1000 });
    expect(await h.messagesOf(u.sessionId)).toHaveLength(0);

    h.ai.mode = "normal";
    const downloads = h.bot.downloads.length;
    await h.post(h.buttonPress(u.telegramId, `retry:${failed.id}`));
    await h.post(h.buttonPress(u.telegramId, `retry:${failed.id}`)); // a second press does nothing
    await h.drain();
    expect(h.bot.downloads).toHaveLength(downloads + 1);
    expect(paths()).toEqual(["/v1/audio/transcriptions", "/v1/audio/transcriptions", "/v1/chat/completions"]);
    expect(await h.quotasOf(u.userId)).toMatchObject({ audioTokens: 198, textTokens: 983 });
    const [, again] = await turnsOf(u.userId);
    expect(await ledgerOf(u.userId)).toEqual([
      ["audio", "audio_tokens", -22, failed.id],
      ["giveback", "audio_tokens", 22, failed.id],
      ["audio", "audio_tokens", -22, again.id],
      ["answer", "text_tokens", -17, again.id],
    ]);
  });

  it("no speech heard: says so, gives the minute back and asks no model", async () => {
    const u = await textUser();
    h.ai.transcript = " ";
    await h.send(u.telegramId, voice(10));
    expect(h.textsIn(u.telegramId).at(-1)).toBe("No speech was recognised in this recording. Nothing was charged.");
    expect(paths()).toEqual(["/v1/audio/transcriptions"]);
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(220);
  });

  it("an answer cut off after the transcript is not charged: the minutes go back too, and Retry is offered", async () => {
    const u = await textUser();
    h.ai.mode = "stall";
    await h.send(u.telegramId, voice(10));
    expect(h.textsIn(u.telegramId).at(-1)).toContain("The answer was cut off");
    expect(await h.quotasOf(u.userId)).toMatchObject({ audioTokens: 220, textTokens: 1000 });
    const [turn] = await turnsOf(u.userId);
    expect(turn.status).toBe("failed");
    expect(await ledgerOf(u.userId)).toEqual([
      ["audio", "audio_tokens", -22, turn.id],
      ["giveback", "audio_tokens", 22, turn.id],
    ]);
  });

  it("Stop before the model wrote anything: nothing is charged, the minutes go back", async () => {
    const u = await textUser();
    h.ai.streamDelayMs = 3_000;
    await h.post(h.messageUpdate(u.telegramId, voice(10)));
    const db = await h.getDb();
    const running = await h.processUpdates({ db });
    await until(() => h.callsIn(u.telegramId, "sendMessageDraft").length > 0);
    const [turn] = await turnsOf(u.userId);
    await h.post(h.draftStop(u.telegramId, turn.id));
    await Promise.all(running);
    expect(h.textsIn(u.telegramId).at(-1)).toBe("Stopped before the model wrote anything. Nothing was charged.");
    expect(await h.quotasOf(u.userId)).toMatchObject({ audioTokens: 220, textTokens: 1000 });
    expect((await turnsOf(u.userId))[0].status).toBe("stopped");
  });

  it("an empty audio balance says so and offers the tariff: nothing is downloaded or asked", async () => {
    const u = await textUser({ audioTokens: 0 });
    const downloads = h.bot.downloads.length;
    await h.send(u.telegramId, voice(10));
    const last = h.callsIn(u.telegramId, "sendMessage").at(-1)!;
    expect(last.body.text).toContain("Your audio units are used up");
    expect(JSON.stringify(last.body.reply_markup)).toContain('/#/tariff"');
    expect(h.bot.downloads).toHaveLength(downloads);
    expect(h.ai.requests).toHaveLength(0);
  });

  it("an empty text balance spends no minutes on a question that could not be answered", async () => {
    const u = await textUser({ textTokens: 0 });
    await h.send(u.telegramId, voice(10));
    expect(h.textsIn(u.telegramId).at(-1)).toContain("used up");
    expect(h.ai.requests).toHaveLength(0);
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(220);
  });
});
