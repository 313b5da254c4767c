import { isDemoMode } from "@/lib/env";
import type { AiProvider, ChatMessage } from "@/lib/server/ai/types";
import { cleanAudio } from "@/lib/server/ai/audio-cleanup";
import { sandboxPng, sandboxWav } from "@/lib/server/ai/sandbox-media";

const SANDBOX_ANSWER_TITLE = "Demo answer (sandbox, no AI model configured)";
const SANDBOX_IMAGE_NOTE = "Demo image (sandbox, no AI model configured): a gradient in the colour of your prompt.";
const SANDBOX_SPEECH_NOTE = "Demo speech (sandbox, no AI model configured): a tone as long as the text.";
const SANDBOX_CLEANUP_NOTE = "Demo noise removal (sandbox): the local ffmpeg filter chain.";

// Rough token estimate (about four characters a token) so quotas move in the demo as they would live.
const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

function demoAnswer(model: string, messages: ChatMessage[]): string {
  const question = [...messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const quoted = question.length > 500 ? `${question.slice(0, 500)}…` : question;
  return [
    `**${SANDBOX_ANSWER_TITLE}**`,
    "",
    `You asked *${model}*:`,
    "",
    ...quoted.split("\n").map((line) => `> ${line}`),
    "",
    "With `OPENAI_BASE_URL` and `OPENAI_API_KEY` set, the model would answer here. Meanwhile:",
    "",
    `- your message had ${question.length} characters;`,
    `- the dialogue has ${messages.length} messages so far.`,
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
  async *chatStream({ model, messages, signal }) {
    assertDemo();
    const answer = demoAnswer(model, messages);
    const parts = answer.match(/[\s\S]{1,120}/g) ?? [answer];
    for (const delta of parts) {
      await pause(150, signal);
      yield { delta };
    }
    const promptTokens = tokens(messages.map((m) => m.content).join("\n"));
    const completionTokens = tokens(answer);
    yield { usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens } };
  },
  async generateImage({ prompt }) {
    assertDemo();
    return { data: sandboxPng(prompt), contentType: "image/png", note: SANDBOX_IMAGE_NOTE };
  },
  async editImage({ prompt, image }) {
    assertDemo();
    return { data: sandboxPng(`${prompt}:${image.length}`), contentType: "image/png", note: SANDBOX_IMAGE_NOTE };
  },
  async transcribe({ audio }) {
    assertDemo();
    return { text: `Demo transcription (sandbox, no AI model configured): ${audio.length} bytes of audio received.`, durationSeconds: 1 };
  },
  async speech({ text }) {
    assertDemo();
    return { data: sandboxWav(text), contentType: "audio/wav", note: SANDBOX_SPEECH_NOTE };
  },
  async cleanAudio({ audio, filename, signal }) {
    assertDemo();
    // Noise removal needs no model: the sandbox runs the same local ffmpeg chain as production.
    return { ...(await cleanAudio({ audio, filename, signal, timeoutMs: 120_000 })), note: SANDBOX_CLEANUP_NOTE };
  },
};
