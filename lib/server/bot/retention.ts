import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { rowsOf } from "@/lib/server/quotas/ledger";

// The bot's working tables are not its history: the dialogue lives in dialog_messages. A stored
// update keeps the user's message (its payload) only to be handled once; an outbox row keeps a
// notice only to be delivered once. Once settled they are deleted after BOT_KEEP_DAYS
// (docs/decisions/0436-bot-rows-kept-a-week.md), in batches, so a first run on a large table does
// not hold one long lock. Kept: unsettled rows, a broadcast's messages (its progress is counted
// from them), and the demo chat's recorded messages (demo mode runs no pruning at all).

const BATCH = 5_000;

/** Deletes up to BATCH rows at a time with `deleteBatch` until a batch comes back short; answers how many went. */
async function inBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

const countOf = (result: unknown) => Number(rowsOf(result)[0]?.deleted ?? 0);

/** Deletes the settled updates and the delivered (or refused) outbox messages older than `keepDays` before `now`. */
export async function pruneBotRows({ db, keepDays, now }: { db: Db; keepDays: number; now: Date }): Promise<{ updates: number; outbox: number }> {
  const before = sql`${now.toISOString()}::timestamptz - ${`${keepDays} days`}::interval`;
  const updates = await inBatches(async () =>
    countOf(
      await db.execute(sql`
        with gone as (
          delete from bot_updates where id in (
            select id from bot_updates where status in ('done', 'failed') and created_at < ${before} limit ${BATCH}
          ) returning 1
        ) select count(*) as deleted from gone`),
    ),
  );
  const outbox = await inBatches(async () =>
    countOf(
      await db.execute(sql`
        with gone as (
          delete from bot_outbox where id in (
            select id from bot_outbox
            where status in ('sent', 'failed', 'undeliverable', 'cancelled') and broadcast_id is null and updated_at < ${before}
            limit ${BATCH}
          ) returning 1
        ) select count(*) as deleted from gone`),
    ),
  );
  return { updates, outbox };
}
