import fs from "node:fs";
import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { balanceLedger } from "@/db/schema";
import type { BotApiCall } from "../../fakes/telegram-bot-api";
import type { FakeOpenAiRequest } from "../../fakes/openai";
import { botHarnessForFile } from "./harness";

// The issue's "done means", in the production profile (APP_MODE=production: no sandbox) against the
// loopback fakes: a voice note answered and charged minutes + tokens once, /voice adding a voice
// answer, a photo reaching a model that sees as an image part, a photo to a model that cannot see
// offering those that can. PRINT_FAKE_REQUESTS=1 prints what each fake received, step by step.
const h = botHarnessForFile({ APP_MODE: "production", PUBLIC_URL: "https://app.example.test" });
const OGG = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(300, 1)]);
const JPEG = fs.readFileSync("tests/fixtures/photo.jpg");

const brief = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (_key, v) =>
    typeof v === "string" && v.startsWith("data:") ? `${v.slice(0, 40)}… (${v.length} characters)` : v,
  );
const aiLine = (r: FakeOpenAiRequest) =>
  `  OpenAI  POST ${r.path} ${r.multipart ? "multipart" : "json"} ${JSON.stringify(brief(r.body))}${r.files.length ? ` files=${JSON.stringify(r.files)}` : ""}`;
const botLine = ({ method, body }: BotApiCall) => {
  const { chat_id: _chat, ...rest } = body;
  return `  BotAPI  ${method} ${JSON.stringify(brief(rest))}`;
};

/** Runs `step` and prints what the fakes received during it (with PRINT_FAKE_REQUESTS=1). */
async function shown(title: string, telegramId: number, step: () => Promise<void>): Promise<void> {
  const [ai, bot] = [h.ai.requests.length, h.bot.calls.length];
  await step();
  if (!process.env.PRINT_FAKE_REQUESTS) return;
  const calls = h.bot.calls.slice(bot).filter((c) => Number(c.body.chat_id ?? telegramId) === telegramId);
  console.log([`\n▶ ${title}`, ...h.ai.requests.slice(ai).map(aiLine), ...calls.map(botLine)].join("\n"));
}

describe("voice and vision in a text dialogue, production profile", () => {
  it("runs in production mode, against the fakes only", async () => {
    const { env, isDemoMode } = await import("@/lib/env");
    expect(env.APP_MODE).toBe("production");
    expect(isDemoMode()).toBe(false);
  });

  it("a voice note gets a transcript and an answer and is charged minutes + tokens once; /voice adds a voice answer", async () => {
    const u = await h.chatUser({
      modelName: "gpt-4o-mini",
      action: "text",
      quota: { textTokens: 1000, audioTokens: 220 },
    });
    h.ai.transcript = "Which planet is the largest?";
    h.ai.answer = "Jupiter is the largest planet.";
    const voice = { ...h.bot.addFile(OGG, { path: "voice/file_1.oga" }), duration: 7, mime_type: "audio/ogg" };
    await shown("a voice note in a text dialogue", u.telegramId, () => h.send(u.telegramId, { voice }));
    expect(h.ai.requests.map((r) => r.path)).toEqual(["/v1/audio/transcriptions", "/v1/chat/completions"]);
    expect(h.textsIn(u.telegramId).slice(-2)).toEqual([
      "🎤 You said:\nWhich planet is the largest?",
      "Jupiter is the largest planet\\.\n\n— audio units: 22, left: 198; text units: 17, left: 983 · context 0%",
    ]);
    const ledger = await (
      await h.getDb()
    )
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, u.userId), isNotNull(balanceLedger.turnId)));
    expect(ledger.map((r) => [r.reason, r.kind, r.units])).toEqual([
      ["audio", "audio_tokens", -22],
      ["answer", "text_tokens", -17],
    ]);
    expect(await h.quotasOf(u.userId)).toMatchObject({ audioTokens: 198, textTokens: 983 });

    h.ai.requests.length = 0;
    await shown("/voice", u.telegramId, () => h.send(u.telegramId, { text: "/voice" }));
    await shown("a question with spoken answers on", u.telegramId, () =>
      h.send(u.telegramId, { text: "And the smallest?" }),
    );
    expect(h.ai.requests.map((r) => r.path)).toEqual(["/v1/chat/completions", "/v1/audio/speech"]);
    expect(h.ai.requests[1].body).toMatchObject({ model: "tts-1", response_format: "opus" });
    expect(h.mediaIn(u.telegramId).map((m) => [m.method, m.caption])).toEqual([
      ["sendVoice", "— audio units: 22, left: 176"],
    ]);
  });

  it("a photo with a question reaches a model that sees as an image part and is answered", async () => {
    const u = await h.chatUser({ modelName: "gpt-4o", action: "text", quota: { textTokens: 1000 } });
    h.ai.answer = "A red fox in the snow.";
    const photo = [
      { ...h.bot.addFile(Buffer.from("small")), width: 90, height: 67 },
      { ...h.bot.addFile(JPEG, { path: "photos/file_2.jpg" }), width: 1280, height: 960 },
    ];
    await shown("a photo to a model that sees", u.telegramId, () =>
      h.send(u.telegramId, { photo, caption: "What animal is this?" }),
    );
    const [asked] = h.ai.requests;
    expect(asked.body.messages.at(-1).content).toEqual([
      { type: "text", text: "What animal is this?" },
      { type: "image_url", image_url: { url: `data:image/jpeg;base64,${JPEG.toString("base64")}` } },
    ]);
    expect(h.textsIn(u.telegramId).at(-1)).toMatch(/^A red fox in the snow\\\.\n\n— text units: 17, left: 983/);
  });

  it("a photo to a model that cannot see offers the tariff's models that can", async () => {
    const u = await h.chatUser({ modelName: "yandexgpt", action: "text", quota: { textTokens: 1000 } });
    const photo = [{ ...h.bot.addFile(JPEG), width: 1280, height: 960 }];
    await shown("a photo to a model that cannot see", u.telegramId, () =>
      h.send(u.telegramId, { photo, caption: "What is this?" }),
    );
    expect(h.ai.requests).toEqual([]);
    const offer = h.callsIn(u.telegramId, "sendMessage").at(-1)!;
    expect(offer.body.text).toContain("YandexGPT does not see pictures.");
    const rows = (offer.body.reply_markup as { inline_keyboard: { text: string }[][] }).inline_keyboard;
    // One model a row, and no empty row after the last.
    expect(rows.map((row) => row.map((b) => b.text))).toEqual([["GPT-4o mini"], ["Gemini Flash"]]);
  });
});
