import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { botUpdates } from "@/db/schema";

// Updates are stored first (the webhook answers 200 at once) and handled by the bot-updates job.
// A chat's updates run one at a time in update_id order; different chats run side by side.

type StoredUpdate = typeof botUpdates.$inferSelect;
type Update = { update_id: number } & Record<string, unknown>;

/** The chat an update belongs to: its updates are processed in order, one at a time. */
export function updateChatId(update: Update): number | null {
  for (const key of ["message", "edited_message", "channel_post", "business_message"]) {
    const chat = (update[key] as { chat?: { id?: number } } | undefined)?.chat;
    if (chat?.id) return chat.id;
  }
  const callback = update.callback_query as { message?: { chat?: { id?: number } }; from?: { id?: number } } | undefined;
  if (callback) return callback.message?.chat?.id ?? callback.from?.id ?? null;
  const from = (Object.values(update).find((v) => typeof v === "object" && v && "from" in v) as { from?: { id?: number } } | undefined)?.from;
  return from?.id ?? null;
}

/** Stores an update once: Telegram's retries of the same update_id are dropped. Answers whether it was new. */
export async function storeUpdate({ db, update }: { db: Db; update: Update }): Promise<boolean> {
  const rows = await db
    .insert(botUpdates)
    .values({ updateId: update.update_id, chatId: updateChatId(update), payload: update })
    .onConflictDoNothing({ target: botUpdates.updateId })
    .returning({ id: botUpdates.id });
  return rows.length > 0;
}

/**
 * Claims the oldest unfinished update of each chat whose previous update is not being handled, in
 * one conditional UPDATE: a concurrent worker re-checks status/locked_until on the same rows and
 * skips them. A claim whose lock expired (a crashed worker) is taken again.
 */
export async function claimUpdates({ db, lockMs, limit }: { db: Db; lockMs: number; limit: number }): Promise<StoredUpdate[]> {
  const result = await db.execute(sql`
    UPDATE bot_updates AS u
    SET status = 'processing', attempts = u.attempts + 1, locked_until = now() + ${`${lockMs} milliseconds`}::interval
    WHERE u.id IN (
      SELECT head.id FROM (
        SELECT DISTINCT ON (chat_id) id, status, locked_until FROM bot_updates
        WHERE status IN ('pending', 'processing')
        ORDER BY chat_id, update_id
      ) AS head
      WHERE head.status = 'pending' OR head.locked_until <= now()
      LIMIT ${limit}
    )
    AND (u.status = 'pending' OR (u.status = 'processing' AND u.locked_until <= now()))
    RETURNING u.id, u.update_id AS "updateId", u.chat_id AS "chatId", u.payload, u.attempts`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
    Pick<StoredUpdate, "id" | "payload" | "attempts"> & { updateId: number | string; chatId: number | string | null }
  >;
  return rows.map((r) => ({ ...r, updateId: Number(r.updateId), chatId: r.chatId === null ? null : Number(r.chatId) }) as StoredUpdate);
}

/** Settles a claimed update; only the claim holder (same attempt) may. */
export async function settleUpdate({ db, row, error, maxAttempts }: { db: Db; row: StoredUpdate; error?: unknown; maxAttempts: number }) {
  const mine = and(eq(botUpdates.id, row.id), eq(botUpdates.status, "processing"), eq(botUpdates.attempts, row.attempts));
  if (error === undefined) {
    await db.update(botUpdates).set({ status: "done", lockedUntil: null, processedAt: new Date() }).where(mine);
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[bot] update ${row.updateId} failed (attempt ${row.attempts})`, error);
  await db
    .update(botUpdates)
    .set({ status: row.attempts >= maxAttempts ? "failed" : "pending", lockedUntil: null, lastError: message })
    .where(mine);
}
