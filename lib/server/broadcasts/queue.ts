import "server-only";
import { and, asc, count, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "@/db";
import { botOutbox, broadcasts, users } from "@/db/schema";
import { SENDS_PER_SECOND } from "@/lib/server/bot/outbox";
import type { BroadcastSegment } from "@/lib/shared/broadcast-segments";
import { recipients } from "./recipients";

// A running broadcast is fed into bot_outbox a chunk at a time, keeping at most `backlog` of its
// messages waiting there: the outbox sends them within Telegram's rate, other bot messages queued
// meanwhile wait behind at most that many, and a cancel has little to take back. The chunk and the
// cursor move in one transaction holding the broadcast's row, so two instances never queue a user twice
// and a restart resumes after the last user queued.

const WAITING = ["pending", "sending"];
const DEFAULT_BACKLOG = 2 * SENDS_PER_SECOND;

async function queueOne({
  db,
  broadcastId,
  at,
  backlog,
}: {
  db: Db;
  broadcastId: number;
  at: Date;
  backlog: number;
}): Promise<number> {
  return db.transaction(async (tx) => {
    const [b] = await tx
      .select()
      .from(broadcasts)
      .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.status, "running")))
      .for("update", { skipLocked: true });
    if (!b) return 0;
    const [{ waiting }] = await tx
      .select({ waiting: count() })
      .from(botOutbox)
      .where(and(eq(botOutbox.broadcastId, b.id), inArray(botOutbox.status, WAITING)));
    const room = backlog - waiting;
    if (room <= 0) return 0;
    const next = await tx
      .select({ id: users.id, telegramId: users.telegramId })
      .from(users)
      .where(and(gt(users.id, b.cursorUserId), recipients(b.segment as BroadcastSegment, at)))
      .orderBy(asc(users.id))
      .limit(room);
    if (next.length) {
      await tx.insert(botOutbox).values(
        next.map((u) => ({
          userId: u.id,
          chatId: u.telegramId,
          text: b.text,
          extra: { parse_mode: "MarkdownV2" },
          broadcastId: b.id,
          nextAttemptAt: at,
        })),
      );
      await tx
        .update(broadcasts)
        .set({ cursorUserId: next.at(-1)!.id })
        .where(eq(broadcasts.id, b.id));
    } else if (waiting === 0) {
      // Everyone was queued and the outbox settled every message.
      await tx.update(broadcasts).set({ status: "done", finishedAt: at }).where(eq(broadcasts.id, b.id));
    }
    return next.length;
  });
}

/** One tick of the broadcasts job: tops up every running broadcast's share of the outbox; answers how many messages it queued. */
export async function queueBroadcasts({
  db,
  now,
  backlog = DEFAULT_BACKLOG,
}: {
  db: Db;
  now: Date;
  backlog?: number;
}): Promise<{ queued: number }> {
  const running = await db
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(eq(broadcasts.status, "running"))
    .orderBy(asc(broadcasts.id));
  let queued = 0;
  for (const { id } of running) queued += await queueOne({ db, broadcastId: id, at: now, backlog });
  return { queued };
}
