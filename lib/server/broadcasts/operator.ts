import "server-only";
import { desc } from "drizzle-orm";
import type { Db } from "@/db";
import { broadcasts } from "@/db/schema";
import { audited, type Operator } from "@/lib/server/admin/audit";
import type { BroadcastSegment } from "@/lib/shared/broadcast-segments";
import { cancelBroadcast } from "./cancel";
import { createBroadcast } from "./create";
import { broadcastProgress, findBroadcast, type BroadcastProgress } from "./progress";

// The console's broadcast calls: each change is audited in its own transaction (broadcast.create,
// broadcast.cancel); progress is read from the outbox.

const RECENT = 20;

export async function startBroadcast({
  db,
  operator,
  text,
  segment,
}: {
  db: Db;
  operator: Operator;
  text: string;
  segment: BroadcastSegment;
}): Promise<BroadcastProgress> {
  const created = await audited({ db, operator }, async (tx) => {
    const row = await createBroadcast({ tx, text, segment, operatorTelegramId: operator.telegramId });
    return {
      result: row,
      audit: {
        action: "broadcast.create",
        target: `broadcast:${row.id}`,
        before: null,
        after: { text, segment, total: row.total },
      },
    };
  });
  return broadcastProgress({ db, broadcast: created });
}

export async function stopBroadcast({
  db,
  operator,
  id,
}: {
  db: Db;
  operator: Operator;
  id: number;
}): Promise<BroadcastProgress> {
  const after = await audited({ db, operator }, async (tx) => {
    const change = await cancelBroadcast({ tx, id });
    return {
      result: change.after,
      audit: {
        action: "broadcast.cancel",
        target: `broadcast:${id}`,
        before: { status: change.before.status },
        after: { status: change.after.status },
      },
    };
  });
  return broadcastProgress({ db, broadcast: after });
}

export async function showBroadcast({ db, id }: { db: Db; id: number }): Promise<BroadcastProgress> {
  return broadcastProgress({ db, broadcast: await findBroadcast({ db, id }) });
}

/** The latest broadcasts with their progress, newest first. */
export async function recentBroadcasts({ db }: { db: Db }): Promise<{ items: BroadcastProgress[] }> {
  const rows = await db.select().from(broadcasts).orderBy(desc(broadcasts.id)).limit(RECENT);
  return { items: await Promise.all(rows.map((broadcast) => broadcastProgress({ db, broadcast }))) };
}
