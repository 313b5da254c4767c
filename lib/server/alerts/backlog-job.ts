import "server-only";
import { count, inArray } from "drizzle-orm";
import type { Db } from "@/db";
import { botOutbox, botUpdates } from "@/db/schema";
import type { Job } from "@/lib/server/jobs/scheduler";
import { alertOperators } from "./send";
import { readAlertSettings } from "./settings";

// Every minute, the bot's backlogs against the owners' thresholds (docs/decisions/0503-operator-alerts.md):
// messages waiting in the outbox and Telegram updates not processed yet. A backlog over its threshold
// alerts the owners (once per DEDUPE_SECONDS while it lasts); the alert itself goes through the
// outbox, which a backlog delays but does not lose.

async function waiting(db: Db) {
  const [[outbox], [updates]] = await Promise.all([
    db
      .select({ n: count() })
      .from(botOutbox)
      .where(inArray(botOutbox.status, ["pending", "sending"])),
    db
      .select({ n: count() })
      .from(botUpdates)
      .where(inArray(botUpdates.status, ["pending", "processing"])),
  ]);
  return { outbox_backlog: outbox.n, update_backlog: updates.n };
}

export async function checkBacklogs(db: Db) {
  const counts = await waiting(db);
  const settings = await readAlertSettings(db);
  const alerted: string[] = [];
  for (const kind of ["outbox_backlog", "update_backlog"] as const) {
    const { enabled, threshold } = settings.find((s) => s.kind === kind)!;
    if (!enabled || threshold === null || counts[kind] < threshold) continue;
    const text = {
      key: kind === "outbox_backlog" ? "outboxBacklog" : "updateBacklog",
      values: { count: counts[kind], threshold },
    } as const;
    if (await alertOperators({ db, kind, key: kind, text })) alerted.push(kind);
  }
  return { ...counts, alerted };
}

export const backlogAlertsJob: Job = { name: "operator-alerts", intervalMs: 60_000, run: checkBacklogs };
