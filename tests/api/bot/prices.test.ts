import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { modelsResponseSchema } from "@/lib/contracts/models";
import type { ModelAction } from "@/lib/shared/model-actions";
import { call, signIn } from "../../helpers/api";
import { botHarnessForFile, DOCUMENT_AI } from "./harness";

// The price GET /api/models/all answers in actions[].cost is what a generation takes
// (docs/product/billing.md "Prices per job"), per kind of action; the bot says it before the job.
// No case here waits for a timeout; reading a document takes longer than the harness's 1 s under load.
const h = botHarnessForFile(DOCUMENT_AI);
const OGG = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(300, 1)]);
const PDF = fs.readFileSync(path.join(process.cwd(), "tests", "fixtures", "sample.pdf"));

beforeEach(() => {
  h.ai.transcript = "Hello from the fake transcriber.";
  h.ai.transcriptSeconds = 3.5;
});

async function costOf(modelName: string, action: ModelAction) {
  // Imported when called: the harness sets the app's settings first (lib/env.ts reads them once).
  const { GET: getAll } = await import("@/app/api/models/all/route");
  const { token } = await signIn();
  const res = await call(getAll, "GET", "/api/models/all", { token });
  const models = modelsResponseSchema.parse(res.body);
  return models.find((m) => m.model_name === modelName)!.actions.find((a) => a.action === action)!.cost;
}

describe("the catalogue's price is what a generation takes", () => {
  it("image: units per picture, told before the job", async () => {
    const cost = await costOf("dall-e-3", "text_to_image");
    expect(cost).toEqual({ kind: "image_tokens", units: 6, per: "image" });
    const u = await h.chatUser({ modelName: "dall-e-3", action: "text_to_image", quota: { imageTokens: 100 } });
    await h.send(u.telegramId, { text: "a red fox in the snow" });
    expect((await h.quotasOf(u.userId)).imageTokens).toBe(100 - cost.units);
    expect(h.textsIn(u.telegramId)).toContain(
      `This costs ${cost.units} image units: you have 100, ${100 - cost.units} will be left.`,
    );
  });

  it("document: units per document", async () => {
    const cost = await costOf("gpt-4o-files", "files");
    expect(cost).toEqual({ kind: "file_tokens", units: 20, per: "document" });
    const u = await h.chatUser({
      modelName: "gpt-4o-files",
      action: "files",
      quota: { fileTokens: 100, textTokens: 1000 },
    });
    await h.send(u.telegramId, {
      document: {
        ...h.bot.addFile(PDF, { path: "documents/a.pdf" }),
        file_name: "a.pdf",
        mime_type: "application/pdf",
      },
    });
    expect((await h.quotasOf(u.userId)).fileTokens).toBe(100 - cost.units);
    expect(h.textsIn(u.telegramId)).toContain(
      `This costs ${cost.units} file units: you have 100, ${100 - cost.units} will be left.`,
    );
  });

  it("speech to text: units per started minute", async () => {
    const cost = await costOf("whisper", "speech_to_text");
    expect(cost).toEqual({ kind: "audio_tokens", units: 22, per: "minute" });
    const u = await h.chatUser({ modelName: "whisper", action: "speech_to_text", quota: { audioTokens: 100 } });
    await h.send(u.telegramId, {
      voice: { ...h.bot.addFile(OGG, { path: "voice/p.oga" }), duration: 61, mime_type: "audio/ogg" },
    });
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(100 - 2 * cost.units);
  });

  it("dubbing: units per started minute of the speech", async () => {
    const cost = await costOf("elevenlabs-dubbing", "dubbing");
    expect(cost).toEqual({ kind: "audio_tokens", units: 22, per: "minute" });
    const u = await h.chatUser({
      modelName: "elevenlabs-dubbing",
      action: "dubbing",
      quota: { audioTokens: 100, textTokens: 500 },
    });
    await h.send(u.telegramId, { text: "Welcome to our channel!" });
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(100 - cost.units);
    expect(h.textsIn(u.telegramId)).toContain(
      `This costs ${cost.units} audio units: you have 100, ${100 - cost.units} will be left.`,
    );
  });

  it("text: the tokens the provider reports times the model's multiplier", async () => {
    const cost = await costOf("gpt-4o-mini", "text");
    expect(cost).toEqual({ kind: "text_tokens", units: 1000, per: "1000_tokens" });
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 1000 } });
    await h.send(u.telegramId, { text: "Hello" });
    const spent = 1000 - (await h.quotasOf(u.userId)).textTokens;
    expect(spent).toBeGreaterThan(0);
    expect(h.textsIn(u.telegramId).at(-1)).toContain(`— text units: ${spent}, left: ${1000 - spent}`);
  });
});
