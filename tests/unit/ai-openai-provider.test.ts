import { APIConnectionTimeoutError, APIUserAbortError } from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createOpenAiProvider } from "@/lib/server/ai/openai-provider";
import { type AiProvider, completeChat } from "@/lib/server/ai/provider";
import { FAKE_OPUS_BYTES, FAKE_SPEECH_BYTES, type FakeOpenAi, startFakeOpenAi } from "@/tests/fakes/openai";

let fake: FakeOpenAi;
let ai: AiProvider;
const signal = () => new AbortController().signal;
const provider = (o: { timeoutMs?: number; apiKey?: string } = {}) =>
  createOpenAiProvider({
    baseURL: fake.url,
    apiKey: o.apiKey ?? fake.apiKey,
    timeoutMs: o.timeoutMs ?? 5000,
    maxRetries: 0,
    ttsVoice: "nova",
  });

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = "normal";
  fake.blindModels.clear();
  fake.requests.length = 0;
  ai = provider();
});

const collect = (o: { model: string; messages: { role: "user" | "system"; content: string }[] }, on = ai) =>
  completeChat(on, { ...o, signal: signal() });

describe("openai provider against an OpenAI-compatible endpoint", () => {
  it("streams chat deltas and ends with the reported usage, sending the messages, model id and key", async () => {
    fake.answer = "Paris is the capital of France.";
    fake.usage = { prompt_tokens: 21, completion_tokens: 7 };
    const messages = [
      { role: "system" as const, content: "Be brief." },
      { role: "user" as const, content: "Capital of France?" },
    ];
    const deltas: string[] = [];
    for await (const part of ai.chatStream({ model: "gpt-4o-mini", messages, signal: signal() }))
      if ("delta" in part) deltas.push(part.delta);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe("Paris is the capital of France.");
    const { text, usage } = await collect({ model: "gpt-4o-mini", messages });
    expect(text).toBe("Paris is the capital of France.");
    expect(usage).toEqual({ promptTokens: 21, completionTokens: 7, totalTokens: 28 });
    const [req] = fake.requests;
    expect(req.path).toBe("/v1/chat/completions");
    expect(req.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(req.body).toMatchObject({
      model: "gpt-4o-mini",
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it("generates an image from base64 data and edits an uploaded photo as multipart", async () => {
    const made = await ai.generateImage({ model: "gpt-image-1", prompt: "a red fox", signal: signal() });
    expect(made.contentType).toBe("image/png");
    expect(made.data.subarray(1, 4).toString()).toBe("PNG");
    expect(fake.requests[0].body).toMatchObject({ model: "gpt-image-1", prompt: "a red fox" });
    expect(fake.requests[0].body.response_format).toBeUndefined();

    const edited = await ai.editImage({
      model: "gpt-image-1",
      prompt: "add a hat",
      image: Buffer.from("photo-bytes"),
      filename: "me.png",
      signal: signal(),
    });
    expect(edited.data.subarray(1, 4).toString()).toBe("PNG");
    const edit = fake.requests[1];
    expect(edit.path).toBe("/v1/images/edits");
    expect(edit.body).toMatchObject({ model: "gpt-image-1", prompt: "add a hat" });
    expect(edit.files).toEqual([expect.objectContaining({ field: "image", filename: "me.png", size: 11 })]);
  });

  it("transcribes audio (whisper with its duration) and synthesises speech with the configured voice", async () => {
    fake.transcript = "Remind me to call mum.";
    const heard = await ai.transcribe({
      model: "whisper-1",
      audio: Buffer.from("ogg-bytes"),
      filename: "voice.ogg",
      signal: signal(),
    });
    expect(heard).toEqual({ text: "Remind me to call mum.", durationSeconds: 3.5 });
    expect(fake.requests[0].files[0]).toMatchObject({ field: "file", filename: "voice.ogg" });
    expect(fake.requests[0].body).toMatchObject({ model: "whisper-1", response_format: "verbose_json" });

    const spoken = await ai.speech({ model: "tts-1", text: "Hello", signal: signal() });
    expect(spoken).toEqual({ data: FAKE_SPEECH_BYTES, contentType: "audio/mpeg" });
    expect(fake.requests[1].body).toMatchObject({
      model: "tts-1",
      input: "Hello",
      voice: "nova",
      response_format: "mp3",
    });
  });

  it("sends a picture as an image_url part of the user's message; the fake refuses what the API refuses", async () => {
    const png = Buffer.from("iVBORw0KGgo=", "base64");
    const messages = [
      {
        role: "user" as const,
        content: [
          { type: "text" as const, text: "What is this?" },
          { type: "image_url" as const, image_url: { url: `data:image/png;base64,${png.toString("base64")}` } },
        ],
      },
    ];
    await completeChat(ai, { model: "gpt-4o-mini", messages, signal: signal() });
    expect(fake.requests[0].body.messages).toEqual(messages);

    const refused = (content: unknown, model = "gpt-4o-mini") =>
      completeChat(ai, { model, messages: [{ role: "user", content } as never], signal: signal() });
    await expect(
      refused([{ type: "image_url", image_url: { url: "data:image/heic;base64,AAAA" } }]),
    ).rejects.toMatchObject({ status: 400 });
    await expect(refused([{ type: "input_image", image_url: "https://x/y.png" }])).rejects.toMatchObject({
      status: 400,
    });
    fake.blindModels.add("text-only");
    await expect(
      refused([{ type: "image_url", image_url: { url: "https://example.com/cat.png" } }], "text-only"),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining("image_url is only supported") });
    await expect(
      refused([{ type: "image_url", image_url: { url: "https://example.com/cat.png" } }]),
    ).resolves.toBeDefined();
  });

  it("checks transcriptions as multipart with a file of a supported format, and speech's input, voice and format", async () => {
    const post = (path: string, body: BodyInit, type?: string) =>
      fetch(`${fake.url}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${fake.apiKey}`, ...(type ? { "content-type": type } : {}) },
        body,
      });
    expect(
      (await post("/audio/transcriptions", JSON.stringify({ model: "whisper-1" }), "application/json")).status,
    ).toBe(400);
    const form = (filename: string, fields: Record<string, string> = { model: "whisper-1" }) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(fields)) data.set(k, v);
      data.set("file", new Blob([Buffer.from("OggS")]), filename);
      return data;
    };
    expect((await post("/audio/transcriptions", form("voice.ogg"))).status).toBe(200);
    expect((await post("/audio/transcriptions", form("voice.opus"))).status).toBe(400);
    expect((await post("/audio/transcriptions", form("voice.ogg", {}))).status).toBe(400);
    const speech = (body: Record<string, unknown>) =>
      post(
        "/audio/speech",
        JSON.stringify({ model: "tts-1", input: "hi", voice: "alloy", ...body }),
        "application/json",
      );
    expect((await speech({ input: "x".repeat(4097) })).status).toBe(400);
    expect((await speech({ voice: undefined })).status).toBe(400);
    expect((await speech({ response_format: "ogg" })).status).toBe(400);

    const spoken = await ai.speech({ model: "tts-1", text: "Hello", format: "opus", signal: signal() });
    expect(spoken).toEqual({ data: FAKE_OPUS_BYTES, contentType: "audio/ogg" });
    expect(fake.requests.at(-1)!.body).toMatchObject({ response_format: "opus" });
  });

  it("surfaces a failing endpoint (500 and 400) and a wrong key as errors with their status", async () => {
    fake.mode = "fail500";
    await expect(ai.generateImage({ model: "gpt-image-1", prompt: "x", signal: signal() })).rejects.toMatchObject({
      status: 500,
    });
    fake.mode = "fail400";
    await expect(collect({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] })).rejects.toMatchObject({
      status: 400,
    });
    fake.mode = "normal";
    await expect(
      provider({ apiKey: "sk-wrong" }).speech({ model: "tts-1", text: "hi", signal: signal() }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it("gives up on a hanging endpoint after the configured timeout", async () => {
    fake.mode = "hang";
    const started = Date.now();
    await expect(
      collect({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] }, provider({ timeoutMs: 300 })),
    ).rejects.toBeInstanceOf(APIConnectionTimeoutError);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("stops at once when the caller aborts", async () => {
    fake.mode = "hang";
    const controller = new AbortController();
    const generating = ai.generateImage({ model: "gpt-image-1", prompt: "x", signal: controller.signal });
    // Aborted once the request is at the endpoint, which never answers.
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
    controller.abort();
    await expect(generating).rejects.toBeInstanceOf(APIUserAbortError);
  });
});
