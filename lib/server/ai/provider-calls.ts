import "server-only";
import { log } from "@/lib/server/log";
import { metrics } from "@/lib/server/metrics/registry";

// Every model call through a channel ends here once, whatever came of it: a log line and the
// ai_channel_calls_total counter (per model, channel and outcome).

/**
 * ok: the first token or the result came; failed: the channel failed before it (connection,
 * timeout, 429, 5xx) and the next one was tried; rejected: the endpoint refused the request itself
 * (another 4xx), which no other channel would take either; aborted: the caller stopped or its deadline
 * passed; cut: a stream failed after its first token (not retried: the user saw part of it).
 */
export type ProviderCallOutcome = "ok" | "failed" | "rejected" | "aborted" | "cut";

export type ProviderCall = { model: string; channel: string; outcome: ProviderCallOutcome; ms: number };

export function recordProviderCall({ model, channel, outcome, ms }: ProviderCall): void {
  metrics().channelCalls.inc({ model, channel, outcome });
  const line = { model, channel, outcome, durationMs: Math.round(ms) };
  if (outcome === "ok" || outcome === "aborted") log().info(line, "model call");
  else log().warn(line, "model call");
}
