import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { botHarnessForFile, SANDBOX_AI } from "./harness";

// Demo mode without a model endpoint: every action still answers through the bot, with the
// sandbox's labelled results (a PNG, a labelled transcript, a WAV tone, ffmpeg noise removal).
const h = botHarnessForFile(SANDBOX_AI);

const wavMessage = () => {
  const wav = h.sandboxWav("a short recording for the sandbox");
  return { audio: { ...h.bot.addFile(wav), duration: 1, file_name: "note.wav", mime_type: "audio/wav" } };
};

describe("bot actions with the sandbox AI provider", () => {
  it("text_to_image answers a labelled PNG", async () => {
    const u = await h.chatUser({ modelName: "dall-e-3", action: "text_to_image", quota: { imageTokens: 12 } });
    await h.send(u.telegramId, { text: "a lighthouse" });
    const [photo] = h.mediaIn(u.telegramId);
    expect(photo.caption).toMatch(/^Demo image \(sandbox, no AI model configured\).*\n— image units: 6, left: 6$/);
    expect(PNG.sync.read(photo.data).width).toBe(256);
    expect(h.ai.requests).toHaveLength(0);
  });

  it("speech to text answers a labelled transcript", async () => {
    const u = await h.chatUser({ modelName: "whisper", action: "speech_to_text", quota: { audioTokens: 44 } });
    await h.send(u.telegramId, wavMessage());
    expect(h.textsIn(u.telegramId).at(-1)).toMatch(/^Demo transcription \(sandbox, no AI model configured\)/);
  });

  it("voice-over answers a labelled WAV", async () => {
    const u = await h.chatUser({ modelName: "elevenlabs-dubbing", action: "dubbing", quota: { audioTokens: 44 } });
    await h.send(u.telegramId, { text: "Hello from the demo" });
    const [audio] = h.mediaIn(u.telegramId);
    expect(audio).toMatchObject({ filename: "voice-over.wav" });
    expect(audio.caption).toMatch(/^Demo speech \(sandbox/);
    expect(audio.data.subarray(8, 12).toString()).toBe("WAVE");
  });

  it("a text dialogue: a voice note is heard (labelled), a photo described by what the sandbox can tell, a spoken answer is a voice message", async () => {
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { audioTokens: 88 } });
    await h.send(u.telegramId, wavMessage());
    const [heard, answer] = h.textsIn(u.telegramId).slice(-2);
    expect(heard).toMatch(/^🎤 You said:\nDemo transcription \(sandbox, no AI model configured\)/);
    expect(answer).toContain("Demo transcription");
    expect(answer).toMatch(/— audio units: 22, left: 66; text units: \d+, left: \d+/);

    const png = new PNG({ width: 64, height: 48 });
    await h.send(u.telegramId, {
      photo: [{ ...h.bot.addFile(PNG.sync.write(png)), width: 64, height: 48 }],
      caption: "What is it?",
    });
    expect(h.textsIn(u.telegramId).at(-1)).toContain("you sent a PNG picture of 64×48 px");

    await h.send(u.telegramId, { text: "/voice" });
    await h.send(u.telegramId, { text: "Say something" });
    const [voice] = h.mediaIn(u.telegramId);
    expect(voice).toMatchObject({ method: "sendVoice", filename: "answer.ogg" });
    expect(voice.data.subarray(0, 4).toString()).toBe("OggS");
    expect(voice.caption).toMatch(/^Demo speech \(sandbox/);
    expect(h.ai.requests).toHaveLength(0);
  });

  it("noise removal runs the local ffmpeg chain and answers OGG", async () => {
    const u = await h.chatUser({
      modelName: "elevenlabs-isolate",
      action: "noise_removal",
      quota: { audioTokens: 44 },
    });
    await h.send(u.telegramId, wavMessage());
    const [audio] = h.mediaIn(u.telegramId);
    expect(audio).toMatchObject({ method: "sendVoice", filename: "cleaned.ogg" });
    expect(audio.data.subarray(0, 4).toString()).toBe("OggS");
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(22);
  });
});
