import "server-only";
import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Api } from "grammy";
import type { Db } from "@/db";
import { botOutbox, users } from "@/db/schema";
import { hitRateLimit } from "@/lib/server/rate-limit";
import { callFailure } from "./telegram-api";
import { log } from "@/lib/server/log";

// Messages to the bot chat are written to bot_outbox in the same transaction as the change that
// caused them, then delivered by a worker (the bot-outbox job). A row is claimed with a conditional
// update over FOR UPDATE SKIP LOCKED, so two workers never send the same row; a claim expires after
// `lockMs` so a crashed worker's rows are retried.

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
  const [row] = await db.insert(botOutbox).values({ userId, chatId, text, nextAttemptAt: new Date() }).returning({ id: botOutbox.id });
  return row.id;
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

async function claim({ db, now, batchSize, lockMs }: { db: Db; now: Date; batchSize: number; lockMs: number }) {
  const due = db
    .select({ id: botOutbox.id })
    .from(botOutbox)
    .where(
      or(
        and(eq(botOutbox.status, "pending"), lte(botOutbox.nextAttemptAt, now)),
        and(eq(botOutbox.status, "sending"), lte(botOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(botOutbox.id))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  return db
    .update(botOutbox)
    .set({ status: "sending", attempts: sql`${botOutbox.attempts} + 1`, lockedUntil: new Date(now.getTime() + lockMs) })
    .where(
      and(
        inArray(botOutbox.id, due),
        // Re-checked here: under READ COMMITTED another worker may have claimed the row meanwhile.
        or(
          and(eq(botOutbox.status, "pending"), lte(botOutbox.nextAttemptAt, now)),
          and(eq(botOutbox.status, "sending"), lte(botOutbox.lockedUntil, now)),
        ),
      ),
    )
    .returning();
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
  const rows = await claim({ db, now, batchSize, lockMs });
  for (const row of rows) {
    // Only the claim holder (same attempt number, still sending) may settle the row.
    const mine = and(eq(botOutbox.id, row.id), eq(botOutbox.status, "sending"), eq(botOutbox.attempts, row.attempts));
    if (!client) {
      await db.update(botOutbox).set({ status: "recorded", lockedUntil: null }).where(mine);
      report.recorded++;
      continue;
    }
    try {
      await client.sendMessage(row.chatId, row.text);
      await db.update(botOutbox).set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null }).where(mine);
      report.sent++;
    } catch (error) {
      const apiError = callFailure(error);
      if (apiError.status === 403) {
        await db.update(botOutbox).set({ status: "undeliverable", lockedUntil: null, lastError: apiError.message }).where(mine);
        if (row.userId !== null) await db.update(users).set({ botBlockedAt: now }).where(eq(users.id, row.userId));
        report.undeliverable++;
      } else if (apiError.retryable && row.attempts < maxAttempts) {
        const delay = retryDelayMs({ attempt: row.attempts, baseDelayMs, maxDelayMs, retryAfterSeconds: apiError.retryAfterSeconds });
        await db
          .update(botOutbox)
          .set({ status: "pending", nextAttemptAt: new Date(now.getTime() + delay), lockedUntil: null, lastError: apiError.message })
          .where(mine);
        report.retried++;
      } else {
        await db.update(botOutbox).set({ status: "failed", lockedUntil: null, lastError: apiError.message }).where(mine);
        report.failed++;
      }
    }
  }
  return report;
}
