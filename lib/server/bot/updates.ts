import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db";
import { botUpdates } from "@/db/schema";
import { env } from "@/lib/env";
import { log } from "@/lib/server/log";

// Updates are stored first (the webhook answers 200 at once) and handled by the bot-updates job.
// A chat's updates run one at a time in update_id order; different chats run side by side.

export type StoredUpdate = typeof botUpdates.$inferSelect;
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

/** A text message (not a command): the kind of update a split paste is made of. */
const pasteText = (payload: SQL) => sql`(${payload}->'message'->>'text' IS NOT NULL AND left(${payload}->'message'->>'text', 1) <> '/')`;
const claimable = sql`(u.status = 'pending' OR (u.status = 'processing' AND u.locked_until <= now()))`;

function claimedRows(result: unknown): StoredUpdate[] {
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
    Pick<StoredUpdate, "id" | "payload" | "attempts"> & { updateId: number | string; chatId: number | string | null }
  >;
  return rows.map((r) => ({ ...r, updateId: Number(r.updateId), chatId: r.chatId === null ? null : Number(r.chatId) }) as StoredUpdate);
}

/**
 * Claims the oldest unfinished update of each chat whose previous update is not being handled, in
 * one conditional UPDATE: a concurrent worker re-checks status/locked_until on the same rows and
 * skips them. A claim whose lock expired (a crashed worker) is taken again. A text message waits
 * until the chat got no new update for `joinWindowMs`, so the rest of a split paste is stored by
 * then (claimPasteTail joins it).
 */
export async function claimUpdates({ db, lockMs, limit, joinWindowMs = env.BOT_PASTE_JOIN_MS }: { db: Db; lockMs: number; limit: number; joinWindowMs?: number }): Promise<StoredUpdate[]> {
  const result = await db.execute(sql`
    UPDATE bot_updates AS u
    SET status = 'processing', attempts = u.attempts + 1, locked_until = now() + ${`${lockMs} milliseconds`}::interval
    WHERE u.id IN (
      SELECT head.id FROM (
        SELECT DISTINCT ON (chat_id) id, chat_id, status, locked_until, payload FROM bot_updates
        WHERE status IN ('pending', 'processing')
        ORDER BY chat_id, update_id
      ) AS head
      WHERE (head.status = 'pending' OR head.locked_until <= now())
      AND NOT (${pasteText(sql`head.payload`)} AND EXISTS (
        SELECT 1 FROM bot_updates AS newer
        WHERE newer.chat_id = head.chat_id AND newer.status = 'pending'
        AND newer.created_at > now() - ${`${joinWindowMs} milliseconds`}::interval
      ))
      LIMIT ${limit}
    )
    AND ${claimable}
    RETURNING u.id, u.update_id AS "updateId", u.chat_id AS "chatId", u.payload, u.attempts`);
  return claimedRows(result);
}

/**
 * Claims the text messages that follow a claimed text message in its chat from the same sender,
 * up to the first other update: together they are one paste that Telegram split.
 */
export async function claimPasteTail({ db, head, lockMs }: { db: Db; head: StoredUpdate; lockMs: number }): Promise<StoredUpdate[]> {
  const message = (head.payload as { message?: { text?: string; from?: { id?: number } } }).message;
  if (head.chatId === null || !message?.text || message.text.startsWith("/") || !message.from?.id) return [];
  const sameSender = (payload: SQL) => sql`${payload}->'message'->'from'->>'id' = ${String(message.from!.id)}`;
  const result = await db.execute(sql`
    UPDATE bot_updates AS u
    SET status = 'processing', attempts = u.attempts + 1, locked_until = now() + ${`${lockMs} milliseconds`}::interval
    WHERE u.chat_id = ${head.chatId} AND u.update_id > ${head.updateId}
    AND ${claimable} AND ${pasteText(sql`u.payload`)} AND ${sameSender(sql`u.payload`)}
    AND u.update_id < COALESCE((
      SELECT min(other.update_id) FROM bot_updates AS other
      WHERE other.chat_id = ${head.chatId} AND other.update_id > ${head.updateId} AND other.status IN ('pending', 'processing')
      AND NOT (${pasteText(sql`other.payload`)} AND ${sameSender(sql`other.payload`)})
    ), 9223372036854775807)
    RETURNING u.id, u.update_id AS "updateId", u.chat_id AS "chatId", u.payload, u.attempts`);
  return claimedRows(result).sort((a, b) => a.updateId - b.updateId);
}

/** The head update with the paste's later parts appended to its text, one line break apart. */
export function joinPaste(head: StoredUpdate, tail: StoredUpdate[]): Record<string, unknown> {
  if (!tail.length) return head.payload;
  const text = (row: StoredUpdate) => (row.payload as { message: { text: string } }).message.text;
  const message = (head.payload as { message: Record<string, unknown> }).message;
  return { ...head.payload, message: { ...message, text: [head, ...tail].map(text).join("\n") } };
}

/** Settles a claimed update; only the claim holder (same attempt) may. */
export async function settleUpdate({ db, row, error, maxAttempts }: { db: Db; row: StoredUpdate; error?: unknown; maxAttempts: number }) {
  const mine = and(eq(botUpdates.id, row.id), eq(botUpdates.status, "processing"), eq(botUpdates.attempts, row.attempts));
  if (error === undefined) {
    await db.update(botUpdates).set({ status: "done", lockedUntil: null, processedAt: new Date() }).where(mine);
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  log().error({ err: error }, `[bot] update ${row.updateId} failed (attempt ${row.attempts})`);
  await db
    .update(botUpdates)
    .set({ status: row.attempts >= maxAttempts ? "failed" : "pending", lockedUntil: null, lastError: message })
    .where(mine);
}
