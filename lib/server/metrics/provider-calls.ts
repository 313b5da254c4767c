import "server-only";
import type { AiProvider } from "@/lib/server/ai/types";
import { metrics } from "./registry";

type Operation = "chatStream" | "generateImage" | "editImage" | "transcribe" | "speech";
const OPERATIONS: Operation[] = ["chatStream", "generateImage", "editImage", "transcribe", "speech"];

const outcomeOf = (error: unknown, signal?: AbortSignal) =>
  signal?.aborted || (error as Error)?.name === "AbortError" ? "aborted" : "error";

function observe(operation: Operation, model: string, outcome: string, startedAt: number) {
  const m = metrics();
  m.providerCalls.inc({ operation, model, outcome });
  m.providerDuration.observe({ operation, model }, (performance.now() - startedAt) / 1000);
}

async function* countedStream<T>(stream: AsyncIterable<T>, model: string, signal?: AbortSignal): AsyncIterable<T> {
  const startedAt = performance.now();
  try {
    yield* stream;
    observe("chatStream", model, "ok", startedAt);
  } catch (error) {
    observe("chatStream", model, outcomeOf(error, signal), startedAt);
    throw error;
  }
}

/** The provider with each model call counted by model and outcome and timed (ai_provider_calls_total). */
export function withProviderMetrics(provider: AiProvider): AiProvider {
  const counted = { ...provider };
  for (const operation of OPERATIONS) {
    const call = provider[operation] as (o: { model: string; signal?: AbortSignal }) => unknown;
    if (operation === "chatStream") {
      counted.chatStream = (o) => countedStream(provider.chatStream(o), o.model, o.signal);
      continue;
    }
    (counted as Record<Operation, unknown>)[operation] = async (o: { model: string; signal?: AbortSignal }) => {
      const startedAt = performance.now();
      try {
        const result = await call.call(provider, o);
        observe(operation, o.model, "ok", startedAt);
        return result;
      } catch (error) {
        observe(operation, o.model, outcomeOf(error, o.signal), startedAt);
        throw error;
      }
    };
  }
  return counted;
}
