import { isDemoMode } from "@/lib/env";
import type { AiProvider, ChatMessage } from "@/lib/server/ai/types";
import { cleanAudio, encodeOpus } from "@/lib/server/ai/audio-cleanup";
import { contentText } from "@/lib/server/ai/content";
import { imageSize } from "./chat/image-size";
import { sandboxPng, sandboxWav } from "./sandbox-media";
import { botText } from "@/lib/server/bot/bot-text";

// The sandbox's results are bot messages the user reads: labelled in the user's language (the Bot
// texts of messages/*.json; English when a caller passes none), so "sandbox" is never mistaken for an answer.
const label = (lang: string | undefined) => botText(lang ?? "en");

// Rough token estimate (about four characters a token) so quotas move in the demo as they would live.
const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** What the sandbox can tell of an image part without a model: its format, size and bytes (a data URL), else that it is a link. */
function describeImage(url: string, lang: string | undefined): string {
  const inline = /^data:image\/([a-z0-9.+-]+);base64,(.*)$/i.exec(url);
  if (!inline) return label(lang)("sandboxAnswerImageLink");
  const data = Buffer.from(inline[2], "base64");
  const { width, height } = imageSize(data);
  return label(lang)("sandboxAnswerImage", {
    format: inline[1].toUpperCase(),
    size: `${width}×${height}`,
    kb: Math.max(1, Math.round(data.length / 1024)),
  });
}

function demoAnswer(model: string, messages: ChatMessage[], lang: string | undefined): string {
  const content = [...messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const parts = typeof content === "string" ? [{ type: "text" as const, text: content }] : content;
  const question = parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n");
  const images = parts.flatMap((p) => (p.type === "image_url" ? [describeImage(p.image_url.url, lang)] : []));
  const quoted = question.length > 500 ? `${question.slice(0, 500)}…` : question;
  return [
    `**${label(lang)("sandboxAnswerTitle")}**`,
    "",
    label(lang)("sandboxAnswerAsked", { model }),
    "",
    ...(quoted ? quoted.split("\n").map((line) => `> ${line}`) : []),
    "",
    label(lang)("sandboxAnswerMeanwhile"),
    "",
    ...images.map((line) => `- ${line}`),
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
    const promptTokens = tokens(messages.map((m) => contentText(m.content)).join("\n"));
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
  async speech({ text, format, signal, lang }) {
    assertDemo();
    const note = label(lang)("sandboxSpeechNote");
    // A voice message is asked for as Opus: the tone is encoded so, with the local ffmpeg.
    if (format === "opus")
      return { data: await encodeOpus({ audio: sandboxWav(text), signal }), contentType: "audio/ogg", note };
    return { data: sandboxWav(text), contentType: "audio/wav", note };
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
