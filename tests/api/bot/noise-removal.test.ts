import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CLEANED_AUDIO, startFakeAudioCleanup, type FakeAudioCleanup } from "../../fakes/audio-cleanup";
import { MB, startBotHarness, type Harness } from "./harness";

// noise_removal (Voice Isolator) in the bot chat: the recording goes to the cleanup endpoint
// (AUDIO_CLEANUP_URL) and comes back as audio, per started minute.
let h: Harness;
let cleanup: FakeAudioCleanup;
const OGG = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(500, 3)]);

beforeAll(async () => {
  cleanup = await startFakeAudioCleanup();
  h = await startBotHarness({ AUDIO_CLEANUP_URL: cleanup.url });
});
afterAll(() => Promise.all([h?.close(), cleanup?.close()]));
beforeEach(() => {
  h.reset();
  cleanup.mode = "normal";
  cleanup.requests.length = 0;
});

const isolatorUser = (audioTokens: number) =>
  h.chatUser({ modelName: "elevenlabs-isolate", action: "noise_removal", quota: { audioTokens: audioTokens * 22 } });
const voice = (duration: number, declaredSize?: number) => ({
  voice: { ...h.bot.addFile(OGG, { declaredSize }), duration, mime_type: "audio/ogg" },
});

describe("noise removal in the bot chat", () => {
  it("sends the recording to the cleanup endpoint and the cleaned OGG back as a voice message; 2 minutes for 70 s; both files in history", async () => {
    const u = await isolatorUser(10);
    await h.send(u.telegramId, voice(70));

    expect(cleanup.requests).toEqual([
      { filename: "voice.ogg", contentType: "application/octet-stream", size: OGG.length },
    ]);
    const [audio] = h.mediaIn(u.telegramId);
    expect(audio).toMatchObject({
      method: "sendVoice",
      field: "voice",
      filename: "cleaned.ogg",
      caption: "— audio units: 44, left: 176",
    });
    expect(audio.data).toEqual(CLEANED_AUDIO);
    expect(h.callsIn(u.telegramId, "sendChatAction").map((c) => c.body.action)).toContain("upload_voice");
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(176);
    const [row] = await h.messagesOf(u.sessionId);
    expect((await h.readStoredFile(row.userFileUrl!))!.data).toEqual(OGG);
    expect((await h.readStoredFile(row.aiFileUrl!))!.data).toEqual(CLEANED_AUDIO);
  });

  it("a failing cleanup endpoint apologises and spends nothing", async () => {
    const u = await isolatorUser(10);
    cleanup.mode = "fail";
    await h.send(u.telegramId, voice(30));
    expect(cleanup.requests).toHaveLength(1);
    expect(h.textsIn(u.telegramId).at(-1)).toContain("Nothing was charged");
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(220);
    expect(h.mediaIn(u.telegramId)).toHaveLength(0);
    expect(await h.messagesOf(u.sessionId)).toHaveLength(0);
  });

  it("an exhausted audio quota: the tariffs button and no cleanup call", async () => {
    const u = await isolatorUser(0);
    await h.send(u.telegramId, voice(5));
    expect(cleanup.requests).toHaveLength(0);
    expect(JSON.stringify(h.callsIn(u.telegramId, "sendMessage").at(-1)!.body.reply_markup)).toContain('/#/tariff"');
  });

  it("a recording over 20 MB is refused before getFile", async () => {
    const u = await isolatorUser(100);
    const getFiles = h.bot.calls.filter((c) => c.method === "getFile").length;
    await h.send(u.telegramId, voice(3000, 30 * MB));
    expect(h.bot.calls.filter((c) => c.method === "getFile")).toHaveLength(getFiles);
    expect(cleanup.requests).toHaveLength(0);
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(2200);
  });
});
