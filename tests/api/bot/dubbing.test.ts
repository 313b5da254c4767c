import { beforeEach, describe, expect, it } from "vitest";
import { FAKE_SPEECH_BYTES } from "../../fakes/openai";
import { botHarnessForFile } from "./harness";

// dubbing (ElevenLabs Dubbing, speech model tts-1) in the bot chat: a text is voiced over; a voice
// message is transcribed, translated by the text model and voiced; audio units per started minute.
const h = botHarnessForFile();
const OGG = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(400, 4)]);

beforeEach(() => {
  h.ai.transcript = "Привет, как дела?";
  h.ai.answer = "Hi, how are you?";
});

const dubbingUser = (audioTokens: number) =>
  h.chatUser({
    modelName: "elevenlabs-dubbing",
    action: "dubbing",
    quota: { audioTokens: audioTokens * 22, textTokens: 500 },
  });

describe("voice-over of a text", () => {
  it("the speech endpoint speaks the text with the session's model; the audio comes back; one minute spent; kept in history", async () => {
    const u = await dubbingUser(5);
    await h.send(u.telegramId, { text: "Welcome to our channel!" });

    const request = h.ai.requests.find((r) => r.path === "/v1/audio/speech")!;
    expect(request.body).toEqual({
      model: "tts-1",
      input: "Welcome to our channel!",
      voice: "alloy",
      response_format: "mp3",
    });
    const [audio] = h.mediaIn(u.telegramId);
    expect(audio).toMatchObject({
      method: "sendAudio",
      filename: "voice-over.mp3",
      caption: "— audio units: 22, left: 88",
    });
    expect(audio.data).toEqual(FAKE_SPEECH_BYTES);
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(88);
    const [row] = await h.messagesOf(u.sessionId);
    expect(row.userText).toBe("Welcome to our channel!");
    expect((await h.readStoredFile(row.aiFileUrl!))!.data).toEqual(FAKE_SPEECH_BYTES);
  });

  it("a long text costs a minute per started 900 characters", async () => {
    const u = await dubbingUser(5);
    await h.send(u.telegramId, { text: "a".repeat(1801) });
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(44);
  });

  it("an exhausted audio quota: the tariffs button and no speech call", async () => {
    const u = await dubbingUser(0);
    await h.send(u.telegramId, { text: "Hello" });
    expect(h.ai.requests).toHaveLength(0);
    expect(JSON.stringify(h.callsIn(u.telegramId, "sendMessage").at(-1)!.body.reply_markup)).toContain('/#/tariff"');
  });

  it.each(["fail500", "hang"] as const)("a speech %s apologises and spends nothing", async (mode) => {
    const u = await dubbingUser(5);
    h.ai.mode = mode;
    await h.send(u.telegramId, { text: "Hello" });
    expect(h.ai.requests.map((r) => r.path)).toEqual(["/v1/audio/speech"]);
    expect(h.textsIn(u.telegramId).at(-1)).toContain("Nothing was charged");
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(110);
    expect(await h.messagesOf(u.sessionId)).toHaveLength(0);
  });
});

describe("voice translation", () => {
  it("transcribes, translates with the text model, speaks the translation; sends the text and the audio; 1 minute for 40 s", async () => {
    const u = await dubbingUser(5);
    await h.send(u.telegramId, { voice: { ...h.bot.addFile(OGG), duration: 40, mime_type: "audio/ogg" } });

    expect(h.ai.requests.map((r) => r.path)).toEqual([
      "/v1/audio/transcriptions",
      "/v1/chat/completions",
      "/v1/audio/speech",
    ]);
    const [transcription, translation, speech] = h.ai.requests;
    expect(transcription.model).toBe("whisper-1");
    expect(translation.model).toBe("gpt-4o-mini");
    expect(translation.body.messages[0].role).toBe("system");
    expect(translation.body.messages[0].content).toContain(
      "Translate it into English, or into Russian when it already is in English.",
    );
    expect(translation.body.messages[1]).toEqual({ role: "user", content: "Привет, как дела?" });
    expect(speech.body).toMatchObject({ model: "tts-1", input: "Hi, how are you?" });

    expect(h.textsIn(u.telegramId).at(-1)).toBe("Hi, how are you?");
    const [audio] = h.mediaIn(u.telegramId);
    expect(audio).toMatchObject({
      method: "sendAudio",
      filename: "translation.mp3",
      caption: "— audio units: 22, left: 88",
    });
    const quota = await h.quotasOf(u.userId);
    expect(quota.audioTokens).toBe(88);
    expect(quota.textTokens).toBe(500);
    const [row] = await h.messagesOf(u.sessionId);
    expect(row.aiText).toBe("Hi, how are you?");
    expect((await h.readStoredFile(row.userFileUrl!))!.data).toEqual(OGG);
    expect((await h.readStoredFile(row.aiFileUrl!))!.data).toEqual(FAKE_SPEECH_BYTES);
  });

  it("the caption names the target language", async () => {
    const u = await dubbingUser(5);
    await h.send(u.telegramId, {
      voice: { ...h.bot.addFile(OGG), duration: 5, mime_type: "audio/ogg" },
      caption: "into Spanish",
    });
    expect(h.ai.requests[1].body.messages[0].content).toContain('Translate it as the user asked: "into Spanish".');
  });

  it("a failure on the way (the translating model) gives the minutes back", async () => {
    const u = await dubbingUser(5);
    h.ai.answer = "";
    await h.send(u.telegramId, { voice: { ...h.bot.addFile(OGG), duration: 5, mime_type: "audio/ogg" } });
    expect(h.ai.requests.map((r) => r.path)).toEqual(["/v1/audio/transcriptions", "/v1/chat/completions"]);
    expect(h.textsIn(u.telegramId).at(-1)).toContain("Nothing was charged");
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(110);
    expect(h.mediaIn(u.telegramId)).toHaveLength(0);
  });
});
