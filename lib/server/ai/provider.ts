import { env, isDemoMode } from "@/lib/env";
import { createOpenAiProvider } from "@/lib/server/ai/openai-provider";
import { sandboxAiProvider } from "@/lib/server/demo/sandbox-ai";
import { instrumented } from "@/lib/server/log";
import type { AiCall, AiProvider, ChatMessage, Usage } from "./types";

export type { AiFile, AiProvider, ChatMessage, Usage } from "./types";

/** Thrown when production has no model endpoint: the sandbox is for demo mode only. */
export class AiNotConfiguredError extends Error {
  constructor() {
    super("APP_MODE=production needs OPENAI_BASE_URL and OPENAI_API_KEY for the bot's AI models (the sandbox answers only in demo mode).");
    this.name = "AiNotConfiguredError";
  }
}

const isAiConfigured = () => Boolean(env.OPENAI_BASE_URL && env.OPENAI_API_KEY);

let cached: AiProvider | undefined;

export function getAiProvider(): AiProvider {
  if (cached) return cached;
  if (isAiConfigured()) {
    cached = createOpenAiProvider({
      baseURL: env.OPENAI_BASE_URL!,
      apiKey: env.OPENAI_API_KEY!,
      timeoutMs: env.AI_TIMEOUT_SECONDS * 1000,
      maxRetries: env.AI_MAX_RETRIES,
      ttsVoice: env.OPENAI_TTS_VOICE,
      audioCleanupUrl: env.AUDIO_CLEANUP_URL,
    });
  } else if (isDemoMode()) {
    cached = sandboxAiProvider;
  } else {
    throw new AiNotConfiguredError();
  }
  cached = instrumented(`ai:${cached.name}`, cached);
  return cached;
}

/** Start-up check: logs (does not throw) when production cannot reach any model. */
export function checkAiConfig(log: (msg: string) => void = console.error): boolean {
  if (isAiConfigured() || isDemoMode()) return true;
  log(new AiNotConfiguredError().message);
  return false;
}

/** A whole answer at once (translation for dubbing, document summaries): the stream collected. */
export async function completeChat(ai: AiProvider, o: AiCall & { model: string; messages: ChatMessage[] }): Promise<{ text: string; usage?: Usage }> {
  let text = "";
  let usage: Usage | undefined;
  for await (const part of ai.chatStream(o)) {
    if ("delta" in part) text += part.delta;
    else usage = part.usage;
  }
  return { text, usage };
}
