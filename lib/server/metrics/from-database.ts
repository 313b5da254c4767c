import "server-only";
import { count, inArray } from "drizzle-orm";
import { Counter, Gauge } from "prom-client";
import { getDb } from "@/db";
import { botOutbox, botUpdates, payments } from "@/db/schema";
import { unitsSpentSince } from "@/lib/server/quotas/spent";
import { registerOnce } from "./registry";

// Series read from the database when Prometheus scrapes: they describe the whole deployment, so
// every instance reports the same values (docs/operations.md "Metrics": aggregate them with max, not sum).

export function registerDatabaseMetrics(): void {
  registerOnce(
    "bot_outbox_backlog",
    (registry) =>
      new Gauge({
        name: "bot_outbox_backlog",
        help: "Bot messages waiting in the outbox (pending, or being sent), by status.",
        labelNames: ["status"] as const,
        registers: [registry],
        async collect() {
          const db = await getDb();
          const rows = await db
            .select({ status: botOutbox.status, n: count() })
            .from(botOutbox)
            .where(inArray(botOutbox.status, ["pending", "sending"]))
            .groupBy(botOutbox.status);
          this.reset();
          for (const status of ["pending", "sending"])
            this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
        },
      }),
  );
  registerOnce(
    "bot_updates_backlog",
    (registry) =>
      new Gauge({
        name: "bot_updates_backlog",
        help: "Telegram updates stored but not processed yet (pending, or being processed), by status.",
        labelNames: ["status"] as const,
        registers: [registry],
        async collect() {
          const db = await getDb();
          const rows = await db
            .select({ status: botUpdates.status, n: count() })
            .from(botUpdates)
            .where(inArray(botUpdates.status, ["pending", "processing"]))
            .groupBy(botUpdates.status);
          this.reset();
          for (const status of ["pending", "processing"])
            this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
        },
      }),
  );
  registerOnce(
    "app_payments",
    (registry) =>
      new Gauge({
        name: "app_payments",
        help: "Payments in the database, by provider and status.",
        labelNames: ["provider", "status"] as const,
        registers: [registry],
        async collect() {
          const db = await getDb();
          const rows = await db
            .select({ provider: payments.provider, status: payments.status, n: count() })
            .from(payments)
            .groupBy(payments.provider, payments.status);
          this.reset();
          for (const r of rows) this.set({ provider: r.provider, status: r.status }, r.n);
        },
      }),
  );
  registerOnce(
    "app_units_spent_total",
    (registry) =>
      new Counter({
        name: "app_units_spent_total",
        help: "Units spent by users since the ledger began (spends less failed jobs' give-backs), by kind (text_tokens, image_tokens, ...).",
        labelNames: ["kind"] as const,
        registers: [registry],
        async collect() {
          // Spends less failed jobs' give-backs (lib/server/quotas/spent.ts), as the dashboard counts them.
          const spent = await unitsSpentSince({ db: await getDb() });
          this.reset();
          for (const [kind, units] of Object.entries(spent)) this.inc({ kind }, Math.max(0, units));
        },
      }),
  );
}
