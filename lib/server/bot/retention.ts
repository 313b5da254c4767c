import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db";
import { rowsOf } from "@/lib/server/quotas/ledger";

// The bot's working tables are not its history: the dialogue lives in dialog_messages. A stored
// update keeps the user's message (its payload) only to be handled once; an outbox row keeps a
// notice only to be delivered once. Once settled they are deleted after BOT_KEEP_DAYS
// (docs/decisions/0436-bot-rows-kept-a-week.md), in batches, so a first run on a large table does
// not hold one long lock. Kept: unsettled rows, a broadcast's messages (its progress is counted
// from them), and the demo chat's recorded messages (demo mode runs no pruning at all).

const BATCH = 5_000;

/**
 * Deletes the rows of `table` in a `settled` state created before `before`, a batch at a time until a
 * batch comes back short; answers how many went.
 */
async function deleteSettled({
  db,
  table,
  settled,
  before,
}: {
  db: Db;
  table: "bot_updates" | "bot_outbox";
  settled: SQL;
  before: SQL;
}): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      with gone as (
        delete from ${sql.identifier(table)} where id in (
          select id from ${sql.identifier(table)} where ${settled} and created_at < ${before} limit ${BATCH}
        ) returning 1
      ) select count(*) as deleted from gone`);
    const deleted = Number(rowsOf(result)[0]?.deleted ?? 0);
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/** Deletes the settled updates and the delivered (or refused) outbox messages created more than `keepDays` before `now`. */
export async function pruneBotRows({
  db,
  keepDays,
  now,
}: {
  db: Db;
  keepDays: number;
  now: Date;
}): Promise<{ updates: number; outbox: number }> {
  const before = sql`${now.toISOString()}::timestamptz - ${`${keepDays} days`}::interval`;
  const updates = await deleteSettled({ db, table: "bot_updates", settled: sql`status in ('done', 'failed')`, before });
  const outbox = await deleteSettled({
    db,
    table: "bot_outbox",
    settled: sql`status in ('sent', 'failed', 'undeliverable', 'cancelled') and broadcast_id is null`,
    before,
  });
  return { updates, outbox };
}
