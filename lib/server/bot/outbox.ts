import "server-only";
import { and, asc, eq, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { Api } from "grammy";
import type { Db } from "@/db";
import { env } from "@/lib/env";
import { botOutbox, rateLimits, users } from "@/db/schema";
import { hitRateLimit } from "@/lib/server/rate-limit";
import { callFailure } from "./telegram-api";
import { log } from "@/lib/server/log";
import { timestamp } from "@/lib/server/quotas/ledger";

// Messages to the bot chat are written to bot_outbox in the same transaction as the change that
// caused them, then delivered by a worker (the bot-outbox job). A row is claimed with a conditional
// update over FOR UPDATE SKIP LOCKED, so two workers never send the same row; a claim expires after
// `lockMs` so a crashed worker's rows are retried. All instances together send at most
// SENDS_PER_SECOND messages a second (a counter per second in rate_limits), under Telegram's limit of
// about 30 messages a second for a bot's bulk messages, leaving room for the bot's direct answers.

type Tx = Pick<Db, "insert" | "select">;

export async function queueBotMessage({
  db,
  userId,
  chatId,
  text,
}: {
  db: Tx;
  userId: number | null;
  chatId: number;
  text: string;
}): Promise<number | null> {
  // The Bot API answered 403 for this user before (never started or blocked the bot): nothing is
  // queued until they write to the bot again, which clears users.bot_blocked_at.
  if (userId !== null) {
    const [user] = await db.select({ blockedAt: users.botBlockedAt }).from(users).where(eq(users.id, userId));
    if (user?.blockedAt) return null;
  }
  // A cap per user (rate limit bucket "bot-message"): hundreds of launches never flood one chat.
  if (userId !== null && !(await hitRateLimit({ db, bucket: "bot-message", key: `user:${userId}` })).allowed) {
    log().warn(`[bot] message to user ${userId} dropped: too many queued in a minute`);
    return null;
  }
  // Due from this millisecond, on the worker's clock: the worker compares with a JavaScript Date
  // (millisecond precision), so a database now() a few microseconds later would miss the next run.
  const [row] = await db
    .insert(botOutbox)
    .values({ userId, chatId, text, nextAttemptAt: new Date() })
    .returning({ id: botOutbox.id });
  return row.id;
}

/**
 * An answer charged in the caller's transaction, held in the outbox as its safety copy (one row a
 * Telegram message): due only BOT_ANSWER_HOLD_SECONDS later, by when the live delivery has released it. An
 * instance that dies between the charge's commit and the delivery leaves the copy due, and any
 * instance's outbox worker sends it, so a charged answer always reaches the chat
 * (docs/decisions/0474-a-charged-answer-is-held-in-the-outbox.md). No rate limit: it is an answer, not a notice.
 */
export async function holdAnswer({
  db,
  userId,
  chatId,
  parts,
  now = new Date(),
}: {
  db: Tx;
  userId: number;
  chatId: number;
  parts: string[];
  now?: Date;
}): Promise<number[]> {
  const rows = await db
    .insert(botOutbox)
    .values(parts.map((text) => ({ userId, chatId, text, nextAttemptAt: heldUntil(now) })))
    .returning({ id: botOutbox.id });
  return rows.map((r) => r.id);
}

const heldUntil = (now: Date) => new Date(now.getTime() + env.BOT_ANSWER_HOLD_SECONDS * 1000);

/** Stands for the balance left in a held answer's parts made before the charge that answers it (heldAnswerRows). */
export const LEFT_MARK = "\uE000".repeat(10);

/**
 * holdAnswer as a CTE's statement inside the charge's own statement (turn-reservations.ts), over its
 * changed quotas row `c`: a row a part, LEFT_MARK in each replaced by `left`. The mark is as long as
 * any balance, so a part split to Telegram's limit with it stays within it.
 */
export function heldAnswerRows({
  userId,
  chatId,
  parts,
  left,
  now = new Date(),
}: {
  userId: number;
  chatId: number;
  parts: string[];
  left: SQL;
  now?: Date;
}): SQL {
  const texts = sql.join(
    parts.map((text) => sql`${text}`),
    sql`, `,
  );
  return sql`insert into bot_outbox (user_id, chat_id, text, next_attempt_at)
    select ${userId}::integer, ${chatId}::bigint, replace(p.text, ${LEFT_MARK}, (${left})::text), ${timestamp(heldUntil(now))}
    from c cross join unnest(array[${texts}]::text[]) with ordinality as p(text, n)
    order by p.n
    returning id`;
}

/** How the live delivery of a held answer went: delivered (its copy is dropped) or not (the copy is sent now). */
export type HeldAnswerDelivery = { ids: number[]; delivered: boolean };

/** settleHeldAnswer's statement, for a caller that joins it to its own (session.ts saveAnsweredTurn); ids not empty. */
export function settlingHeldAnswer(db: Db, { ids, delivered }: HeldAnswerDelivery) {
  const held = and(inArray(botOutbox.id, ids), eq(botOutbox.status, "pending"));
  if (delivered) return db.delete(botOutbox).where(held).returning({ id: botOutbox.id });
  return db.update(botOutbox).set({ nextAttemptAt: new Date() }).where(held).returning({ id: botOutbox.id });
}

/** The live delivery settled a held answer. */
export async function settleHeldAnswer({ db, ...delivery }: { db: Db } & HeldAnswerDelivery) {
  if (delivery.ids.length) await settlingHeldAnswer(db, delivery);
}

/** The outbox's share of Telegram's ~30 messages a second, across all instances. */
export const SENDS_PER_SECOND = 25;

/**
 * Takes up to `want` sends from this second's budget, shared by every instance through one
 * rate_limits row updated atomically: `hits` grows by `want` each time, so what was left before this
 * call is the new value minus `want`. A worker that sends fewer than it took only wastes budget.
 */
async function takeSendBudget({ db, now, want }: { db: Db; now: Date; want: number }): Promise<number> {
  const windowStart = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket: "bot-send", key: "all", windowStart, hits: want })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.key],
      set: {
        hits: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.hits} + ${want} else ${want} end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ hits: rateLimits.hits });
  const before = row.hits - want;

  return Math.max(0, Math.min(want, SENDS_PER_SECOND - before));
}

export type DeliveryOptions = {
  db: Db;
  /** The shared Bot API client (telegram-api.ts); null in demo mode: messages are only recorded (status "recorded"). */
  client: Api | null;
  now?: Date;
  batchSize?: number;
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  lockMs?: number;
};

export type DeliveryReport = { sent: number; recorded: number; retried: number; failed: number; undeliverable: number };

/** Exponential backoff: base x 2^(attempt-1), capped; a 429's retry_after wins when given. */
export function retryDelayMs({
  attempt,
  baseDelayMs,
  maxDelayMs,
  retryAfterSeconds,
}: {
  attempt: number;
  baseDelayMs: number;
  maxDelayMs: number;
  retryAfterSeconds?: number;
}): number {
  if (retryAfterSeconds !== undefined) return retryAfterSeconds * 1000;
  return Math.min(baseDelayMs * 2 ** Math.max(0, attempt - 1), maxDelayMs);
}

/** Waiting and due, or claimed by a worker whose claim expired. */
const isDue = (now: Date) =>
  or(
    and(eq(botOutbox.status, "pending"), lte(botOutbox.nextAttemptAt, now)),
    and(eq(botOutbox.status, "sending"), lte(botOutbox.lockedUntil, now)),
  );

/** How many rows are due, up to `limit`: the send budget taken is no more than can be used. */
async function countDue({ db, now, limit }: { db: Db; now: Date; limit: number }): Promise<number> {
  const rows = await db.select({ id: botOutbox.id }).from(botOutbox).where(isDue(now)).limit(limit);
  return rows.length;
}

/**
 * Claims up to `batchSize` due rows. The rows are locked first (FOR UPDATE SKIP LOCKED) and then
 * updated by id in the same transaction: an UPDATE ... WHERE id IN (SELECT ... LIMIT n FOR UPDATE
 * SKIP LOCKED) may run its subquery more than once and claim more than n rows.
 */
async function claim({ db, now, batchSize, lockMs }: { db: Db; now: Date; batchSize: number; lockMs: number }) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: botOutbox.id })
      .from(botOutbox)
      .where(isDue(now))
      .orderBy(asc(botOutbox.id))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    if (!due.length) return [];
    const rows = await tx
      .update(botOutbox)
      .set({
        status: "sending",
        attempts: sql`${botOutbox.attempts} + 1`,
        lockedUntil: new Date(now.getTime() + lockMs),
      })
      .where(
        inArray(
          botOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  });
}

/** Delivers due outbox messages once; run repeatedly by the bot-outbox job. */
export async function deliverOutbox({
  db,
  client,
  now = new Date(),
  batchSize = 20,
  maxAttempts = 6,
  baseDelayMs = 2_000,
  maxDelayMs = 10 * 60_000,
  lockMs = 60_000,
}: DeliveryOptions): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, recorded: 0, retried: 0, failed: 0, undeliverable: 0 };
  const due = await countDue({ db, now, limit: client ? Math.min(batchSize, SENDS_PER_SECOND) : batchSize });
  if (due === 0) return report;
  const budget = client ? await takeSendBudget({ db, now, want: due }) : due;
  if (budget === 0) return report;
  const rows = await claim({ db, now, batchSize: budget, lockMs });
  for (const row of rows) {
    // Only the claim holder (same attempt number, still sending) may settle the row.
    const mine = and(eq(botOutbox.id, row.id), eq(botOutbox.status, "sending"), eq(botOutbox.attempts, row.attempts));
    if (!client) {
      await db.update(botOutbox).set({ status: "recorded", lockedUntil: null }).where(mine);
      report.recorded++;
      continue;
    }
    try {
      const parseMode = row.extra?.parse_mode as "MarkdownV2" | undefined;
      await client.sendMessage(row.chatId, row.text, parseMode ? { parse_mode: parseMode } : undefined);
      await db
        .update(botOutbox)
        .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(mine);
      report.sent++;
    } catch (error) {
      const apiError = callFailure(error);
      if (apiError.status === 403) {
        await db
          .update(botOutbox)
          .set({ status: "undeliverable", lockedUntil: null, lastError: apiError.message })
          .where(mine);
        if (row.userId !== null) await db.update(users).set({ botBlockedAt: now }).where(eq(users.id, row.userId));
        report.undeliverable++;
      } else if (apiError.retryable && row.attempts < maxAttempts) {
        const delay = retryDelayMs({
          attempt: row.attempts,
          baseDelayMs,
          maxDelayMs,
          retryAfterSeconds: apiError.retryAfterSeconds,
        });
        await db
          .update(botOutbox)
          .set({
            status: "pending",
            nextAttemptAt: new Date(now.getTime() + delay),
            lockedUntil: null,
            lastError: apiError.message,
          })
          .where(mine);
        report.retried++;
      } else {
        await db
          .update(botOutbox)
          .set({ status: "failed", lockedUntil: null, lastError: apiError.message })
          .where(mine);
        report.failed++;
      }
    }
  }
  return report;
}
