import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { botOutbox, broadcasts, type Broadcast } from "@/db/schema";
import { now } from "@/lib/server/clock";
import { ApiError } from "@/lib/server/http/api-error";
import { findBroadcast } from "./progress";

/**
 * Stops a running broadcast: nothing more is queued and its messages still waiting in the outbox are
 * cancelled (one being sent at this moment still goes). Answers the row before and after.
 */
export async function cancelBroadcast({
  tx,
  id,
}: {
  tx: Db;
  id: number;
}): Promise<{ before: Broadcast; after: Broadcast }> {
  const before = await findBroadcast({ db: tx, id });
  const [after] = await tx
    .update(broadcasts)
    .set({ status: "cancelled", finishedAt: now() })
    .where(and(eq(broadcasts.id, id), eq(broadcasts.status, "running")))
    .returning();
  if (!after) throw new ApiError("conflict", "This broadcast has already ended");
  await tx
    .update(botOutbox)
    .set({ status: "cancelled", lockedUntil: null })
    .where(and(eq(botOutbox.broadcastId, id), eq(botOutbox.status, "pending")));
  return { before, after };
}
