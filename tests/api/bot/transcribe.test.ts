import { beforeEach, describe, expect, it } from "vitest";
import { MB, botHarnessForFile } from "./harness";

// speech_to_text (Whisper) in the bot chat: voice messages and audio files become text, priced per
// started minute of the recording.
const h = botHarnessForFile();
const OGG = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(300, 1)]);
const MP3 = Buffer.concat([Buffer.from("ID3"), Buffer.alloc(300, 2)]);

beforeEach(() => {
  h.ai.transcript = "Hello from the fake transcriber.";
  h.ai.transcriptSeconds = 3.5;
});

const whisperUser = (audioTokens: number) =>
  h.chatUser({ modelName: "whisper", action: "speech_to_text", quota: { audioTokens: audioTokens * 22 } });
const voice = (file: { file_id: string; file_unique_id: string; file_size: number }, duration: number) => ({
  voice: { ...file, duration, mime_type: "audio/ogg" },
});

describe("speech to text in the bot chat", () => {
  it("a 61 s voice message: the transcriptions endpoint gets the file, the text comes back, 2 minutes are spent, the voice is kept in history", async () => {
    const u = await whisperUser(10);
    const file = h.bot.addFile(OGG, { path: "voice/file_3.oga" });
    await h.send(u.telegramId, voice(file, 61));

    expect(h.bot.downloads).toContain("voice/file_3.oga");
    const request = h.ai.requests.find((r) => r.path === "/v1/audio/transcriptions")!;
    expect(request.body).toMatchObject({ model: "whisper-1", response_format: "verbose_json" });
    expect(request.files).toEqual([
      expect.objectContaining({ field: "file", filename: "voice.ogg", size: OGG.length }),
    ]);
    expect(h.textsIn(u.telegramId).at(-1)).toBe("Hello from the fake transcriber.\n\n— audio units: 44, left: 176");
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(176);
    const [row] = await h.messagesOf(u.sessionId);
    expect(row).toMatchObject({ userText: null, aiText: "Hello from the fake transcriber.", aiFileUrl: null });
    expect(row.userFileUrl).toMatch(/^bot\/in\/.+\.ogg$/);
    expect((await h.readStoredFile(row.userFileUrl!))!.data).toEqual(OGG);
  });

  it("an audio file sent as a document (no duration from Telegram) is settled by the length the transcriber reports", async () => {
    const u = await whisperUser(10);
    h.ai.transcriptSeconds = 130; // 3 started minutes: 1 reserved, 2 more taken after the answer
    const file = h.bot.addFile(MP3, { path: "documents/file_4.mp3" });
    await h.send(u.telegramId, { document: { ...file, file_name: "interview.mp3", mime_type: "audio/mpeg" } });
    expect(h.ai.requests.find((r) => r.path === "/v1/audio/transcriptions")!.files[0].filename).toBe("interview.mp3");
    expect(h.textsIn(u.telegramId).at(-1)).toContain("— audio units: 66, left: 154");
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(154);
  });

  it("an audio message uses Telegram's duration", async () => {
    const u = await whisperUser(10);
    const file = h.bot.addFile(MP3, { path: "music/file_5.mp3" });
    await h.send(u.telegramId, { audio: { ...file, duration: 125, file_name: "song.mp3", mime_type: "audio/mpeg" } });
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(154);
  });

  it("an Opus file named .oga goes to the transcriber as .ogg, a name every compatible endpoint accepts", async () => {
    const u = await whisperUser(10);
    await h.send(u.telegramId, { document: { ...h.bot.addFile(OGG), file_name: "memo.oga", mime_type: "audio/ogg" } });
    expect(h.ai.requests.find((r) => r.path === "/v1/audio/transcriptions")!.files[0].filename).toBe("memo.ogg");
  });

  it("a video is transcribed for its sound, by Telegram's duration", async () => {
    const u = await whisperUser(10);
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(100)]);
    await h.send(u.telegramId, {
      video: {
        ...h.bot.addFile(mp4),
        duration: 200,
        width: 640,
        height: 360,
        file_name: "clip.mp4",
        mime_type: "video/mp4",
      },
    });
    expect(h.ai.requests.find((r) => r.path === "/v1/audio/transcriptions")!.files[0]).toMatchObject({
      filename: "clip.mp4",
      size: mp4.length,
    });
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(132);
    expect((await h.messagesOf(u.sessionId))[0].userFileUrl).toMatch(/\.mp4$/);
  });

  it("an exhausted audio quota: the tariffs button, no download and no model call", async () => {
    const u = await whisperUser(1);
    const downloads = h.bot.downloads.length;
    await h.send(u.telegramId, voice(h.bot.addFile(OGG), 90)); // needs 2 minutes, 1 left
    expect(h.ai.requests).toHaveLength(0);
    expect(h.bot.downloads).toHaveLength(downloads);
    const last = h.callsIn(u.telegramId, "sendMessage").at(-1)!;
    expect(last.body.text).toContain("used up");
    expect(JSON.stringify(last.body.reply_markup)).toContain('/#/tariff"');
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(22);
  });

  it.each(["fail500", "hang"] as const)("a transcriber %s apologises and spends nothing", async (mode) => {
    const u = await whisperUser(5);
    h.ai.mode = mode;
    await h.send(u.telegramId, voice(h.bot.addFile(OGG), 10));
    expect(h.ai.requests).toHaveLength(1);
    expect(h.textsIn(u.telegramId).at(-1)).toContain("Nothing was charged");
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(110);
    expect(await h.messagesOf(u.sessionId)).toHaveLength(0);
    // Whisper is the only speech model the tariff opens: Retry, and no "Other model" leading nowhere.
    const apology = h.callsIn(u.telegramId, "sendMessage").at(-1)!;
    const buttons = (apology.body.reply_markup as { inline_keyboard: { callback_data: string }[][] }).inline_keyboard
      .flat()
      .map((b) => b.callback_data.split(":")[0]);
    expect(buttons).toEqual(["retry"]);
  });

  it("no speech heard: says so and gives the minutes back", async () => {
    const u = await whisperUser(5);
    h.ai.transcript = "  ";
    await h.send(u.telegramId, voice(h.bot.addFile(OGG), 10));
    expect(h.textsIn(u.telegramId).at(-1)).toBe("No speech was recognised in this recording. Nothing was charged.");
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(110);
  });

  it("a recording over 20 MB is refused before getFile", async () => {
    const u = await whisperUser(50);
    const getFiles = h.bot.calls.filter((c) => c.method === "getFile").length;
    await h.send(u.telegramId, {
      audio: { ...h.bot.addFile(MP3, { declaredSize: 21 * MB }), duration: 1800, mime_type: "audio/mpeg" },
    });
    expect(h.bot.calls.filter((c) => c.method === "getFile")).toHaveLength(getFiles);
    expect(h.ai.requests).toHaveLength(0);
    expect(h.textsIn(u.telegramId).at(-1)).toContain("21.0 MB");
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(1100);
  });

  it("text in a speech-to-text session gets the session's hint, not a model call", async () => {
    const u = await whisperUser(5);
    await h.send(u.telegramId, { text: "hello?" });
    expect(h.textsIn(u.telegramId).at(-1)).toBe(
      "Whisper is ready to transcribe speech. Send a voice message or an audio file.",
    );
    expect(h.ai.requests).toHaveLength(0);
  });
});
