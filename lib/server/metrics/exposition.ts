import "server-only";
import { registerDatabaseMetrics } from "./from-database";
import { metrics } from "./registry";

/** The Prometheus text exposition of every metric, database-derived ones read now. */
export async function metricsExposition(): Promise<Response> {
  registerDatabaseMetrics();
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { "content-type": registry.contentType, "cache-control": "no-store" },
  });
}
