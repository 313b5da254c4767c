import "server-only";
import { Counter, Gauge, Histogram, Registry } from "prom-client";

// The app's Prometheus metrics (docs/operations.md "Metrics"), in one registry kept on globalThis so
// a module loaded twice (the dev server's reloads, route chunks) still counts into the same series.
// Labels are bounded: route patterns, never URLs; model names from the catalogue; fixed outcomes.

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const TURN_SECONDS = [0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 30, 60, 120];

function createMetrics() {
  // prom-client's default Node.js metrics are left out: three of them are gauges named *_total,
  // which Prometheus' own linter (promtool check metrics) refuses.
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: "http_requests_total",
      help: "API requests answered, by route pattern, method and status code.",
      labelNames: ["route", "method", "status"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an API request, by route pattern and method.",
      labelNames: ["route", "method"] as const,
      buckets: SECONDS,
      registers,
    }),
    botFirstReaction: new Histogram({
      name: "bot_turn_first_reaction_seconds",
      help: "Time from a text turn's start to the bot's first visible reaction (a draft or a placeholder message).",
      buckets: TURN_SECONDS,
      registers,
    }),
    botAnswer: new Histogram({
      name: "bot_turn_duration_seconds",
      help: "Time from a text turn's start to its end, by how it ended.",
      labelNames: ["outcome"] as const,
      buckets: TURN_SECONDS,
      registers,
    }),
    providerCalls: new Counter({
      name: "ai_provider_calls_total",
      help: "Calls to the AI provider, by operation, provider model and outcome (ok, error, aborted).",
      labelNames: ["operation", "model", "outcome"] as const,
      registers,
    }),
    channelCalls: new Counter({
      name: "ai_channel_calls_total",
      help: "Model calls through a provider channel, by catalogue model, channel and outcome (ok, failed, rejected, aborted, cut).",
      labelNames: ["model", "channel", "outcome"] as const,
      registers,
    }),
    providerDuration: new Histogram({
      name: "ai_provider_call_duration_seconds",
      help: "Duration of AI provider calls (a stream until its last chunk), by operation and provider model.",
      labelNames: ["operation", "model"] as const,
      buckets: TURN_SECONDS,
      registers,
    }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;
const globalForMetrics = globalThis as unknown as { __appMetrics?: Metrics };

export const metrics = (): Metrics => (globalForMetrics.__appMetrics ??= createMetrics());

/** A gauge or counter registered once whose value is read at scrape time. */
export function registerOnce<T extends Gauge | Counter>(name: string, create: (registry: Registry) => T): void {
  const { registry } = metrics();
  if (!registry.getSingleMetric(name)) create(registry);
}
