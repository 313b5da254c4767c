import { isDemoMode } from "@/lib/env";
import type { AiProvider, ChatMessage } from "@/lib/server/ai/types";
import { cleanAudio } from "@/lib/server/ai/audio-cleanup";
import { sandboxPng, sandboxWav } from "./sandbox-media";
import { botText } from "@/lib/server/bot/bot-text";

// The sandbox's results are bot messages the user reads: labelled in the user's language (the Bot
// texts of messages/*.json; English when a caller passes none), so "sandbox" is never mistaken for an answer.
const label = (lang: string | undefined) => botText(lang ?? "en");

// Rough token estimate (about four characters a token) so quotas move in the demo as they would live.
const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

function demoAnswer(model: string, messages: ChatMessage[], lang: string | undefined): string {
  const question = [...messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const quoted = question.length > 500 ? `${question.slice(0, 500)}…` : question;
  return [
    `**${label(lang)("sandboxAnswerTitle")}**`,
    "",
    label(lang)("sandboxAnswerAsked", { model }),
    "",
    ...quoted.split("\n").map((line) => `> ${line}`),
    "",
    label(lang)("sandboxAnswerMeanwhile"),
    "",
    `- ${label(lang)("sandboxAnswerLength", { count: question.length })}`,
    `- ${label(lang)("sandboxAnswerMessages", { count: messages.length })}`,
    "",
    "```ts",
    `const answer = await model.reply(${JSON.stringify(question.slice(0, 40))});`,
    "```",
  ].join("\n");
}

function assertDemo() {
  if (!isDemoMode()) throw new Error("The sandbox AI provider is refused in production (APP_MODE=production)");
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });

/** Labelled offline stand-ins for every action, so the whole bot loop runs in demo mode. */
export const sandboxAiProvider: AiProvider = {
  name: "sandbox",
  async *chatStream({ model, messages, signal, lang }) {
    assertDemo();
    const answer = demoAnswer(model, messages, lang);
    const parts = answer.match(/[\s\S]{1,120}/g) ?? [answer];
    for (const delta of parts) {
      await pause(150, signal);
      yield { delta };
    }
    const promptTokens = tokens(messages.map((m) => m.content).join("\n"));
    const completionTokens = tokens(answer);
    yield { usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens } };
  },
  async generateImage({ prompt, lang }) {
    assertDemo();
    return { data: sandboxPng(prompt), contentType: "image/png", note: label(lang)("sandboxImageNote") };
  },
  async editImage({ prompt, image, lang }) {
    assertDemo();
    return {
      data: sandboxPng(`${prompt}:${image.length}`),
      contentType: "image/png",
      note: label(lang)("sandboxImageNote"),
    };
  },
  async transcribe({ audio, lang }) {
    assertDemo();
    return { text: label(lang)("sandboxTranscription", { bytes: audio.length }), durationSeconds: 1 };
  },
  async speech({ text, lang }) {
    assertDemo();
    return { data: sandboxWav(text), contentType: "audio/wav", note: label(lang)("sandboxSpeechNote") };
  },
  async cleanAudio({ audio, filename, signal, lang }) {
    assertDemo();
    // Noise removal needs no model: the sandbox runs the same local ffmpeg chain as production.
    return {
      ...(await cleanAudio({ audio, filename, signal, timeoutMs: 120_000 })),
      note: label(lang)("sandboxCleanupNote"),
    };
  },
};
