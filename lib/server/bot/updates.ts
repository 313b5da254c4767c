import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db";
import { perDatabase } from "@/db/per-database";
import { botUpdates } from "@/db/schema";
import { env } from "@/lib/env";
import { GrammyError } from "grammy";
import { now, nowMs } from "@/lib/server/clock";
import { log } from "@/lib/server/log";
import { callFailure } from "./telegram-api";
import { notifiesBySql, UPDATES_CHANNEL } from "./update-signal";

// Updates are stored first (the webhook answers 200 at once) and handled by the bot-updates job.
// A chat's updates run one at a time in update_id order; different chats run side by side.

/**
 * A claimed update. `queuedBehind`: whether its chat had later updates waiting when it was claimed
 * (false: no paste tail to look for); unknown (undefined) for rows read otherwise.
 */
export type StoredUpdate = typeof botUpdates.$inferSelect & { queuedBehind?: boolean };
type Update = { update_id: number } & Record<string, unknown>;

/** The chat an update belongs to: its updates are processed in order, one at a time. */
export function updateChatId(update: Update): number | null {
  for (const key of ["message", "edited_message", "channel_post", "business_message"]) {
    const chat = (update[key] as { chat?: { id?: number } } | undefined)?.chat;
    if (chat?.id) return chat.id;
  }
  const callback = update.callback_query as
    { message?: { chat?: { id?: number } }; from?: { id?: number } } | undefined;
  if (callback) return callback.message?.chat?.id ?? callback.from?.id ?? null;
  const from = (
    Object.values(update).find((v) => typeof v === "object" && v && "from" in v) as
      { from?: { id?: number } } | undefined
  )?.from;
  return from?.id ?? null;
}

/**
 * Telegram's limit for one message's text, in UTF-16 code units. A client splits a longer text into
 * parts; Telegram Desktop cuts each part at the best break (paragraph, line, sentence, word) in the
 * second half of the limit, others cut at the limit, so every part but the last is longer than half
 * of it (docs/decisions/0022-join-split-pastes.md).
 */
export const TELEGRAM_TEXT_LIMIT = 4096;

/** A text that may be the first part of a split paste: only such a message waits for the rest. */
export function couldBeSplitPart(update: Update): boolean {
  const text = (update.message as { text?: unknown } | undefined)?.text;
  return typeof text === "string" && !text.startsWith("/") && text.length > TELEGRAM_TEXT_LIMIT / 2;
}

// Every webhook's statement: prepared once per database handle. On PostgreSQL a new row's NOTIFY is sent by
// the same statement (update-signal.ts), naming the worker its instance wakes directly.
const storeStatement = perDatabase((db) =>
  db
    .insert(botUpdates)
    // wait_until as a plain parameter: the column's own encoder would refuse its usual null.
    .values({
      updateId: sql.placeholder("updateId"),
      chatId: sql.placeholder("chatId"),
      payload: sql.placeholder("payload"),
      waitUntil: sql`${sql.placeholder("waitUntil")}`,
    })
    .onConflictDoNothing({ target: botUpdates.updateId })
    .returning({
      id: botUpdates.id,
      ...(notifiesBySql(db) ? { notified: sql`pg_notify(${UPDATES_CHANNEL}, ${sql.placeholder("woken")})` } : {}),
    })
    .prepare("bot_store_update"),
);

/**
 * Stores an update once: Telegram's retries of the same update_id are dropped. A possible first part
 * of a split paste is not taken before `joinWindowMs` has passed. On PostgreSQL a new update is
 * announced to every listening worker but `woken` in the same statement (`announced`); elsewhere the
 * caller announces it. Answers whether it was new and how long it waits.
 */
export async function storeUpdate({
  db,
  update,
  woken = "",
  joinWindowMs = env.BOT_PASTE_JOIN_MS,
}: {
  db: Db;
  update: Update;
  woken?: string;
  joinWindowMs?: number;
}): Promise<{ stored: boolean; waitMs: number; announced: boolean }> {
  const waitMs = joinWindowMs > 0 && couldBeSplitPart(update) ? joinWindowMs : 0;
  const rows = await storeStatement(db).execute({
    updateId: update.update_id,
    chatId: updateChatId(update),
    payload: update,
    waitUntil: waitMs ? new Date(nowMs() + waitMs).toISOString() : null,
    woken,
  });
  return { stored: rows.length > 0, waitMs, announced: notifiesBySql(db) };
}

/** A text message (not a command): the kind of update a split paste is made of. */
const pasteText = (payload: SQL) =>
  sql`(${payload}->'message'->>'text' IS NOT NULL AND left(${payload}->'message'->>'text', 1) <> '/')`;
const claimable = (at: SQL) => sql`(u.status = 'pending' OR (u.status = 'processing' AND u.locked_until <= ${at}))`;
const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const lockUntil = (at: SQL, lockMs: number) => sql`${at} + ${`${lockMs} milliseconds`}::interval`;

function claimedRows(result: unknown): StoredUpdate[] {
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
    Pick<StoredUpdate, "id" | "payload" | "attempts" | "queuedBehind"> & {
      updateId: number | string;
      chatId: number | string | null;
    }
  >;
  return rows.map(
    (r) =>
      ({ ...r, updateId: Number(r.updateId), chatId: r.chatId === null ? null : Number(r.chatId) }) as StoredUpdate,
  );
}

/**
 * Claims the oldest unfinished update of each chat whose previous update is not being handled, in
 * one conditional UPDATE: a concurrent worker re-checks status/locked_until on the same rows and
 * skips them. A claim whose lease ran out (its worker died and stopped renewing it) is taken again. A chat waits while one of
 * its updates has a wait_until ahead (a possible split paste, a rate limit). The chats that waited
 * longest come first, so a busy chat never starves the others.
 */
export async function claimUpdates({
  db,
  lockMs,
  limit,
}: {
  db: Db;
  lockMs: number;
  limit: number;
}): Promise<StoredUpdate[]> {
  const at = timestamp(now());
  const result = await db.execute(sql`
    UPDATE bot_updates AS u
    SET status = 'processing', attempts = u.attempts + 1, locked_until = ${lockUntil(at, lockMs)}
    WHERE u.id IN (
      SELECT head.id FROM (
        SELECT DISTINCT ON (chat_id) id, chat_id, update_id, status, locked_until FROM bot_updates
        WHERE status IN ('pending', 'processing')
        ORDER BY chat_id, update_id
      ) AS head
      WHERE (head.status = 'pending' OR head.locked_until <= ${at})
      AND NOT EXISTS (
        SELECT 1 FROM bot_updates AS waiting
        WHERE waiting.chat_id = head.chat_id AND waiting.status = 'pending' AND waiting.wait_until > ${at}
      )
      ORDER BY head.update_id
      LIMIT ${limit}
    )
    AND ${claimable(at)}
    RETURNING u.id, u.update_id AS "updateId", u.chat_id AS "chatId", u.payload, u.attempts,
      EXISTS (SELECT 1 FROM bot_updates AS later WHERE later.chat_id = u.chat_id AND later.update_id > u.update_id AND later.status IN ('pending', 'processing')) AS "queuedBehind"`);
  return claimedRows(result);
}

/**
 * Claims the text messages that follow a claimed text message in its chat from the same sender,
 * up to the first other update: together they are one paste that Telegram split, or messages sent
 * while the chat's previous turn ran, answered together. `joinedOnly` (the head's turn was answered
 * by an attempt that died before settling): only the messages that attempt had joined, still
 * claimed by it (a chat's later update is only ever `processing` as a head's tail), not new ones.
 */
export async function claimPasteTail({
  db,
  head,
  lockMs,
  joinedOnly = false,
}: {
  db: Db;
  head: StoredUpdate;
  lockMs: number;
  joinedOnly?: boolean;
}): Promise<StoredUpdate[]> {
  const message = (head.payload as { message?: { text?: string; from?: { id?: number } } }).message;
  // Nothing was queued behind it when it was claimed (the common case): no query.
  if (head.queuedBehind === false) return [];
  if (head.chatId === null || !message?.text || message.text.startsWith("/") || !message.from?.id) return [];
  const sameSender = (payload: SQL) => sql`${payload}->'message'->'from'->>'id' = ${String(message.from!.id)}`;
  const at = timestamp(now());
  const result = await db.execute(sql`
    UPDATE bot_updates AS u
    SET status = 'processing', attempts = u.attempts + 1, locked_until = ${lockUntil(at, lockMs)}
    WHERE u.chat_id = ${head.chatId} AND u.update_id > ${head.updateId}
    AND ${joinedOnly ? sql`u.status = 'processing' AND u.locked_until <= ${at}` : claimable(at)}
    AND ${pasteText(sql`u.payload`)} AND ${sameSender(sql`u.payload`)}
    AND u.update_id < COALESCE((
      SELECT min(other.update_id) FROM bot_updates AS other
      WHERE other.chat_id = ${head.chatId} AND other.update_id > ${head.updateId} AND other.status IN ('pending', 'processing')
      AND NOT (${pasteText(sql`other.payload`)} AND ${sameSender(sql`other.payload`)})
    ), 9223372036854775807)
    RETURNING u.id, u.update_id AS "updateId", u.chat_id AS "chatId", u.payload, u.attempts`);
  return claimedRows(result).sort((a, b) => a.updateId - b.updateId);
}

/**
 * Renews the leases of the claimed rows this worker still runs (docs/decisions/0462-update-claims-are-renewed-leases.md):
 * each row's lease runs `lockMs` from now again, where this worker's attempt still holds it. Answers
 * the ids renewed; a row missing from them was taken by another attempt (this worker's lease had run
 * out) or settled meanwhile.
 */
export async function renewLeases({
  db,
  rows,
  lockMs,
}: {
  db: Db;
  rows: Pick<StoredUpdate, "id" | "attempts">[];
  lockMs: number;
}): Promise<Set<number>> {
  if (!rows.length) return new Set();
  const held = sql.join(
    rows.map((row) => sql`(${row.id}::integer, ${row.attempts}::integer)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    UPDATE bot_updates AS u SET locked_until = ${lockUntil(timestamp(now()), lockMs)}
    FROM (VALUES ${held}) AS held(id, attempts)
    WHERE u.id = held.id AND u.attempts = held.attempts AND u.status = 'processing'
    RETURNING u.id`);
  const renewed = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: number }[];
  return new Set(renewed.map((row) => Number(row.id)));
}

/** The head update with the paste's later parts appended to its text, one line break apart. */
export function joinPaste(head: StoredUpdate, tail: StoredUpdate[]): Record<string, unknown> {
  if (!tail.length) return head.payload;
  const text = (row: StoredUpdate) => (row.payload as { message: { text: string } }).message.text;
  const message = (head.payload as { message: Record<string, unknown> }).message;
  return { ...head.payload, message: { ...message, text: [head, ...tail].map(text).join("\n") } };
}

const mine = (row: StoredUpdate) =>
  and(eq(botUpdates.id, row.id), eq(botUpdates.status, "processing"), eq(botUpdates.attempts, row.attempts));

/**
 * Whether the settled row's chat has an update waiting (read in the settling statement, before its own
 * change). The row's column is named with its table: drizzle writes a RETURNING column unqualified,
 * which inside the subquery would name the subquery's own row.
 */
const chatHasPending = sql<boolean>`exists (select 1 from bot_updates as later where later.chat_id = bot_updates.chat_id and later.status = 'pending')`;

// A finished update's statement, once per answered message: prepared once per database handle.
const doneStatement = perDatabase((db) =>
  db
    .update(botUpdates)
    // processed_at as a plain parameter (an ISO string): the driver is given no type for it.
    .set({ status: "done", lockedUntil: null, processedAt: sql`${sql.placeholder("at")}` })
    .where(
      and(
        eq(botUpdates.id, sql.placeholder("id")),
        eq(botUpdates.status, "processing"),
        eq(botUpdates.attempts, sql.placeholder("attempts")),
      ),
    )
    .returning({ more: chatHasPending })
    .prepare("bot_update_done"),
);

/**
 * Settles a claimed update; only the claim holder (same attempt) may. A failure is tried again up to
 * `maxAttempts`, after Telegram's retry_after when it was a rate limit; an answer Telegram refused
 * for good (403 blocked, 400) is not tried again. Answers whether the chat has an update to take
 * next (this one again included), so the worker claims again only then.
 */
export async function settleUpdate({
  db,
  row,
  error,
  maxAttempts,
}: {
  db: Db;
  row: StoredUpdate;
  error?: unknown;
  maxAttempts: number;
}): Promise<{ more: boolean }> {
  if (error === undefined) {
    const [settled] = await doneStatement(db).execute({ id: row.id, attempts: row.attempts, at: now().toISOString() });
    return { more: Boolean(settled?.more) };
  }
  const failure = error instanceof GrammyError ? callFailure(error) : null;
  const message = error instanceof Error ? error.message : String(error);
  log().error({ err: error }, `[bot] update ${row.updateId} failed (attempt ${row.attempts})`);
  const again = row.attempts < maxAttempts && (failure?.retryable ?? true);
  const waitUntil = failure?.retryAfterSeconds ? new Date(nowMs() + failure.retryAfterSeconds * 1000) : null;
  const [settled] = await db
    .update(botUpdates)
    .set({ status: again ? "pending" : "failed", lockedUntil: null, waitUntil, lastError: message })
    .where(mine(row))
    .returning({ more: chatHasPending });
  return { more: again || Boolean(settled?.more) };
}

/** The statement that hands a claimed update back unfinished, when this worker still holds the claim (releaseUpdate, or the first step of turn-reservations.ts's handBackUpdate). */
export const releasedUpdate = (db: Db, row: StoredUpdate) =>
  db.update(botUpdates).set({ status: "pending", lockedUntil: null }).where(mine(row)).returning({ id: botUpdates.id });

/** Hands a claimed update back unfinished (shutdown): another worker takes it at once. */
export async function releaseUpdate({ db, row }: { db: Db; row: StoredUpdate }): Promise<void> {
  await releasedUpdate(db, row);
}
