import "server-only";
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { botOutbox, broadcasts, users, type Broadcast } from "@/db/schema";
import { now } from "@/lib/server/clock";
import { ApiError } from "@/lib/server/http/api-error";
import type { BroadcastSegment, BroadcastStatus } from "@/lib/shared/broadcast-segments";
import { recipients } from "./recipients";

export type BroadcastProgress = {
  id: number;
  text: string;
  segment: BroadcastSegment;
  status: BroadcastStatus;
  total: number;
  sent: number;
  failed: number;
  blocked: number;
  left: number;
  created_at: string;
  finished_at: string | null;
};

/**
 * A broadcast and its counts from its outbox rows: sent (recorded in demo mode), failed, blocked
 * (the Bot API answered 403: blocked the bot or never started it) and left (waiting in the outbox, or
 * not queued yet while it runs).
 */
export async function broadcastProgress({
  db,
  broadcast,
}: {
  db: Db;
  broadcast: Broadcast;
}): Promise<BroadcastProgress> {
  const [counts] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${botOutbox.status} in ('sent', 'recorded'))`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${botOutbox.status} = 'failed')`.mapWith(Number),
      blocked: sql<number>`count(*) filter (where ${botOutbox.status} = 'undeliverable')`.mapWith(Number),
      waiting: sql<number>`count(*) filter (where ${botOutbox.status} in ('pending', 'sending'))`.mapWith(Number),
    })
    .from(botOutbox)
    .where(eq(botOutbox.broadcastId, broadcast.id));
  let notQueued = 0;
  if (broadcast.status === "running") {
    [{ notQueued }] = await db
      .select({ notQueued: count() })
      .from(users)
      .where(and(gt(users.id, broadcast.cursorUserId), recipients(broadcast.segment as BroadcastSegment, now())));
  }
  return {
    id: broadcast.id,
    text: broadcast.text,
    segment: broadcast.segment as BroadcastSegment,
    status: broadcast.status as BroadcastStatus,
    total: broadcast.total,
    sent: counts.sent,
    failed: counts.failed,
    blocked: counts.blocked,
    left: counts.waiting + notQueued,
    created_at: broadcast.createdAt.toISOString(),
    finished_at: broadcast.finishedAt?.toISOString() ?? null,
  };
}

export async function findBroadcast({ db, id }: { db: Db; id: number }): Promise<Broadcast> {
  const [row] = await db.select().from(broadcasts).where(eq(broadcasts.id, id));
  if (!row) throw new ApiError("not_found", "No broadcast with this id");
  return row;
}
