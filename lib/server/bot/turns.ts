import "server-only";
import { processWide } from "@/lib/server/process-wide";
import { and, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db";
import { botTurns, users } from "@/db/schema";
import { turnEnded, turnStarted } from "@/lib/server/metrics/bot-turns";
import { currentUpdateId, turnOfUpdate, withHandOver } from "./hand-over";

// Text turns as rows (bot_turns): the row id is the turn's draft_id and its buttons' payload. Stop
// reaches a running turn two ways: the webhook aborts it at once when this process runs it (the
// registry below), and sets stop_requested_at, which the turn polls, for a turn another instance runs.

export type BotTurn = typeof botTurns.$inferSelect;
// handed_over: the instance shut down mid-turn and released the update; another instance runs it anew (hand-over.ts).
// refused: a file the bot cannot use (too large, unreadable, no speech): nothing to retry.
// abandoned: the attempt at its update died (a crash); a later attempt ended it (turn-reservations.ts).
export type TurnEnd = "done" | "stopped" | "failed" | "handed_over" | "refused" | "abandoned";

const STOP_POLL_MS = 1_000;
// Shared with the webhook's copy of this module (Stop aborts at once), see process-wide.ts.
const running = processWide("running-turns", () => new Map<number, AbortController>());

export type NewTurn = {
  db: Db;
  userId: number;
  chatId: number;
  sessionId: number;
  modelId: number;
  userText: string;
  action?: string;
  input?: Record<string, unknown>;
};

/** Inserts a turn's row, running, named after the update being handled; `turnRunning` registers it. */
export async function insertTurn({ db, ...values }: NewTurn): Promise<BotTurn> {
  const [turn] = await db
    .insert(botTurns)
    .values({ ...values, updateId: currentUpdateId() })
    .returning();
  return turn;
}

/** A turn's row is in the database: the worker ends it at shutdown if the turn cannot, and its timing starts. */
export function turnRunning(turn: BotTurn): BotTurn {
  turnOfUpdate(turn.id);
  turnStarted(turn.id);
  return turn;
}

/** A turn's row, running: a text turn's text, or a file turn's caption and (input) its Telegram file. */
export const startTurn = async (turn: NewTurn): Promise<BotTurn> => turnRunning(await insertTurn(turn));

/**
 * Stop pressed through another instance: one query a second per process and database asks which of
 * its running turns were flagged (not one per turn), and aborts them.
 */
const stopPolls = new WeakMap<Db, { turnIds: Set<number>; timer: ReturnType<typeof setInterval> }>();

function pollStops(db: Db, turnIds: Set<number>): void {
  if (!turnIds.size) return;
  db.select({ id: botTurns.id })
    .from(botTurns)
    .where(and(inArray(botTurns.id, [...turnIds]), isNotNull(botTurns.stopRequestedAt)))
    .then((rows) => rows.forEach((row) => running.get(row.id)?.abort()))
    .catch(() => {}); // a missed poll is retried a second later
}

/**
 * A signal that aborts when Stop is pressed for this turn (here or through another instance), or when
 * shutdown hands its update over (hand-over.ts: abortedForShutdown tells which); dispose when the turn ends.
 */
export function watchStop({ db, turnId }: { db: Db; turnId: number }): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  running.set(turnId, controller);
  let poll = stopPolls.get(db);
  if (!poll) {
    const turnIds = new Set<number>();
    poll = { turnIds, timer: setInterval(() => pollStops(db, turnIds), STOP_POLL_MS) };
    stopPolls.set(db, poll);
  }
  poll.turnIds.add(turnId);
  const watched = poll;
  return {
    signal: withHandOver(controller.signal),
    dispose: () => {
      running.delete(turnId);
      watched.turnIds.delete(turnId);
      if (watched.turnIds.size) return;
      clearInterval(watched.timer);
      stopPolls.delete(db);
    },
  };
}

/**
 * The statement that ends the turn rows `where` picks, only those still running, so a row ends once:
 * one already ended (as handed_over by shutdown, abandoned by a later attempt) keeps that end. Every
 * end of a turn goes through it (endedTurn, turn-reservations.ts).
 */
export const endingTurns = (db: Db, { where, status }: { where: SQL; status: TurnEnd }) =>
  db
    .update(botTurns)
    .set({ status, finishedAt: sql`now()` })
    .where(and(where, eq(botTurns.status, "running")));

/** One turn's row ended once (endTurn, or a part of session.ts's saveAnsweredTurn). */
export const endedTurn = (db: Db, { turnId, status }: { turnId: number; status: TurnEnd }) =>
  endingTurns(db, { where: eq(botTurns.id, turnId), status }).returning({ id: botTurns.id });

export async function endTurn({ db, turnId, status }: { db: Db; turnId: number; status: TurnEnd }): Promise<void> {
  await endedTurn(db, { turnId, status });
  turnEnded(turnId, status);
}

/**
 * The Telegram user `telegramId` pressed Stop on turn `turnId`: flags it when it is theirs and still
 * running, and aborts it at once when it runs in this process. Answers whether a running turn was hit.
 */
export async function requestStop({
  db,
  turnId,
  telegramId,
}: {
  db: Db;
  turnId: number;
  telegramId: number;
}): Promise<boolean> {
  const owner = db.select({ id: users.id }).from(users).where(eq(users.telegramId, telegramId));
  const flagged = await db
    .update(botTurns)
    .set({ stopRequestedAt: sql`now()` })
    .where(and(eq(botTurns.id, turnId), eq(botTurns.status, "running"), inArray(botTurns.userId, owner)))
    .returning({ id: botTurns.id });
  if (!flagged.length) return false;
  running.get(turnId)?.abort();
  return true;
}

/** A failed turn of this user, taken for a retry (or another model) once: a second press gets null. */
export async function takeFailedTurn({
  db,
  turnId,
  userId,
}: {
  db: Db;
  turnId: number;
  userId: number;
}): Promise<BotTurn | null> {
  const [turn] = await db
    .update(botTurns)
    .set({ status: "retried" })
    .where(and(eq(botTurns.id, turnId), eq(botTurns.userId, userId), eq(botTurns.status, "failed")))
    .returning();
  return turn ?? null;
}

/** A failed turn of this user not yet taken (for listing other models under it), or null. */
export async function failedTurnOf({
  db,
  turnId,
  userId,
}: {
  db: Db;
  turnId: number;
  userId: number;
}): Promise<BotTurn | null> {
  const [turn] = await db
    .select()
    .from(botTurns)
    .where(and(eq(botTurns.id, turnId), eq(botTurns.userId, userId), eq(botTurns.status, "failed")));
  return turn ?? null;
}

/** The mean seconds of the last finished turns of this action and model (a status message's estimate); null without any. */
export async function typicalTurnSeconds({
  db,
  action,
  modelId,
}: {
  db: Db;
  action: string;
  modelId: number;
}): Promise<number | null> {
  const recent = db
    .select({ seconds: sql<number>`extract(epoch from ${botTurns.finishedAt} - ${botTurns.createdAt})`.as("seconds") })
    .from(botTurns)
    .where(
      and(
        eq(botTurns.action, action),
        eq(botTurns.modelId, modelId),
        eq(botTurns.status, "done"),
        isNotNull(botTurns.finishedAt),
      ),
    )
    .orderBy(desc(botTurns.finishedAt))
    .limit(10)
    .as("recent");
  const [row] = await db.select({ mean: sql<string | null>`avg(${recent.seconds})` }).from(recent);
  return row?.mean == null ? null : Number(row.mean);
}
