import { isDemoMode } from "@/lib/env";
import { AiNotConfiguredError, routedAiProvider } from "@/lib/server/ai/routed-provider";
import { isDefaultChannelConfigured } from "@/lib/server/channels/route";
import { instrumented } from "@/lib/server/log";
import type { AiCall, AiProvider, ChatMessage, Usage } from "./types";

export type { AiFile, AiProvider, ChatMessage, ContentPart, Usage } from "./types";
export { AiNotConfiguredError } from "@/lib/server/ai/routed-provider";

const provider = instrumented("ai", routedAiProvider);

/** The model layer: calls by catalogue model name, routed over the model's channels (routed-provider.ts). */
export function getAiProvider(): AiProvider {
  return provider;
}

/**
 * Start-up check: logs (does not throw) when production has no default endpoint. Channels set in
 * the console may still serve every model; a call nothing serves fails with AiNotConfiguredError.
 */
export function checkAiConfig(log: (msg: string) => void = console.error): boolean {
  if (isDefaultChannelConfigured() || isDemoMode()) return true;
  log(new AiNotConfiguredError().message);
  return false;
}

/** A whole answer at once (translation for dubbing, document summaries): the stream collected. */
export async function completeChat(
  ai: AiProvider,
  o: AiCall & { model: string; messages: ChatMessage[] },
): Promise<{ text: string; usage?: Usage }> {
  let text = "";
  let usage: Usage | undefined;
  for await (const part of ai.chatStream(o)) {
    if ("delta" in part) text += part.delta;
    else usage = part.usage;
  }
  return { text, usage };
}
