import { afterEach, describe, expect, it, vi } from "vitest";
import { PNG } from "pngjs";
import { sandboxAiProvider } from "@/lib/server/demo/sandbox-ai";
import { sandboxWav } from "@/lib/server/demo/sandbox-media";

const saved = { ...process.env };
const signal = () => new AbortController().signal;

describe("sandbox AI provider (demo mode)", () => {
  afterEach(() => {
    process.env = { ...saved };
    vi.resetModules();
  });

  it("streams a labelled demo answer echoing the question with a list and a code block, then usage", async () => {
    const parts: string[] = [];
    let usage: unknown;
    for await (const p of sandboxAiProvider.chatStream({
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "How do I sort a list?" }],
      signal: signal(),
    })) {
      if ("delta" in p) parts.push(p.delta);
      else usage = p.usage;
    }
    const answer = parts.join("");
    expect(parts.length).toBeGreaterThan(1);
    expect(answer).toContain("Demo answer (sandbox, no AI model configured)");
    expect(answer).toContain("> How do I sort a list?");
    expect(answer).toMatch(/^- /m);
    expect(answer).toMatch(/```ts\n[\s\S]+\n```/);
    expect(usage).toMatchObject({ promptTokens: expect.any(Number), completionTokens: expect.any(Number) });
  });

  it("draws a decodable PNG whose colour follows the prompt", async () => {
    const a = await sandboxAiProvider.generateImage({ model: "gpt-image-1", prompt: "a cat", signal: signal() });
    const b = await sandboxAiProvider.generateImage({ model: "gpt-image-1", prompt: "a dog", signal: signal() });
    expect(a.contentType).toBe("image/png");
    expect(a.note).toMatch(/^Demo image \(sandbox/);
    const png = PNG.sync.read(a.data);
    expect([png.width, png.height]).toEqual([256, 256]);
    expect(a.data.equals(b.data)).toBe(false);
  });

  it("answers a labelled transcription, a playable WAV for speech, and cleans audio through ffmpeg", async () => {
    const heard = await sandboxAiProvider.transcribe({
      model: "whisper-1",
      audio: Buffer.alloc(10),
      filename: "v.ogg",
      signal: signal(),
    });
    expect(heard.text).toMatch(/^Demo transcription \(sandbox/);
    const spoken = await sandboxAiProvider.speech({ model: "tts-1", text: "Hello there", signal: signal() });
    expect(spoken.contentType).toBe("audio/wav");
    expect(spoken.note).toMatch(/^Demo speech \(sandbox/);
    expect(spoken.data.subarray(0, 4).toString()).toBe("RIFF");
    expect(spoken.data.subarray(8, 12).toString()).toBe("WAVE");
    const cleaned = await sandboxAiProvider.cleanAudio({
      audio: sandboxWav("noisy input"),
      filename: "noisy.wav",
      signal: signal(),
    });
    expect(cleaned.contentType).toBe("audio/ogg");
    expect(cleaned.note).toMatch(/^Demo noise removal \(sandbox/);
    expect(cleaned.data.subarray(0, 4).toString()).toBe("OggS");
  });

  it("answers in demo mode when nothing serves the model, the endpoint does when one is set", async () => {
    delete process.env.OPENAI_BASE_URL;
    delete process.env.OPENAI_API_KEY;
    const heard = await (
      await import("@/lib/server/ai/provider")
    )
      .getAiProvider()
      .transcribe({ model: "whisper-1", audio: Buffer.alloc(10), filename: "v.ogg", signal: signal() });
    expect(heard.text).toMatch(/^Demo transcription \(sandbox/);
    vi.resetModules();
    process.env.OPENAI_BASE_URL = "http://127.0.0.1:9/v1"; // nothing listens: the SDK's connection error
    process.env.OPENAI_API_KEY = "sk-test";
    process.env.AI_MAX_RETRIES = "0";
    const { APIConnectionError } = await import("openai");
    const { getAiProvider } = await import("@/lib/server/ai/provider");
    const failed = await getAiProvider()
      .transcribe({ model: "whisper-1", audio: Buffer.alloc(10), filename: "v.ogg", signal: signal() })
      .catch((e: Error) => e);
    expect(failed).toMatchObject({ name: "ChannelsDownError", cause: expect.any(APIConnectionError) });
  });

  it("is refused in production: no model call without an endpoint, a logged start-up check, and the sandbox itself refuses", async () => {
    process.env.APP_MODE = "production";
    delete process.env.OPENAI_BASE_URL;
    delete process.env.OPENAI_API_KEY;
    const { getAiProvider, checkAiConfig, AiNotConfiguredError } = await import("@/lib/server/ai/provider");
    await expect(
      getAiProvider().generateImage({ model: "gpt-image-1", prompt: "p", signal: signal() }),
    ).rejects.toBeInstanceOf(AiNotConfiguredError);
    const log = vi.fn();
    expect(checkAiConfig(log)).toBe(false);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/OPENAI_BASE_URL and OPENAI_API_KEY/));
    const { sandboxAiProvider: prodSandbox } = await import("@/lib/server/demo/sandbox-ai");
    await expect(prodSandbox.generateImage({ model: "m", prompt: "p", signal: signal() })).rejects.toThrow(
      /refused in production/,
    );
  });
});
