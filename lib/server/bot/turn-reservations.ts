import "server-only";
import { heldAnswerRows, holdAnswer, LEFT_MARK } from "./outbox";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db";
import { botTurns, type TurnReservation } from "@/db/schema";
import type { QuotaKey } from "@/lib/shared/quota-kinds";
import { ApiError } from "@/lib/server/http/api-error";
import { turnEnded } from "@/lib/server/metrics/bot-turns";
import { now } from "@/lib/server/clock";
import { changeBalances, type LedgerRefs } from "@/lib/server/quotas/ledger";
import { refundQuota, spendChange, spendQuota, spentOf, type Spent } from "@/lib/server/quotas/spend";
import type { UpdateRun } from "./hand-over";
import { endedTurn, endingTurns, insertTurn, turnRunning, type BotTurn, type NewTurn, type TurnEnd } from "./turns";
import { releasedUpdate, type StoredUpdate } from "./updates";

// A paid turn's units, reserved before it runs, go back exactly once when it does not deliver
// (docs/decisions/0435-turn-reservations-refunded-by-whoever-ends-the-row.md). The row is started
// and the units taken in one transaction, and the row records what it holds; whoever then ends the
// running row (the turn itself, the worker handing its update back at shutdown, or a later attempt
// at the update after a crash) gives the reservation back in the same transaction. Only a running
// row is ended, so only one of them ever refunds.

/**
 * Starts a paid turn's row and reserves `amount` units of `kind` for it, in one transaction: the
 * ledger rows name the turn, and the row keeps what was taken. Throws spendQuota's 402 (and leaves
 * no row) when the balance is short.
 */
export async function startPaidTurn({
  db,
  turn: values,
  kind,
  amount,
  modelName,
}: {
  db: Db;
  turn: Omit<NewTurn, "db">;
  kind: QuotaKey;
  amount: number;
  modelName: string;
}): Promise<{ turn: BotTurn; spent: Spent }> {
  const started = await db.transaction(async (tx) => {
    const turn = await insertTurn({ db: tx, ...values });
    const spent = await spendQuota({
      db: tx,
      userId: values.userId,
      kind,
      amount,
      refs: { modelName, action: values.action, turnId: turn.id },
    });
    const reserved: TurnReservation = { kind, amount, fromPackage: spent.fromPackage, modelName };
    await tx.update(botTurns).set({ reserved }).where(eq(botTurns.id, turn.id));
    return { turn, spent };
  });
  turnRunning(started.turn);
  return started;
}

/**
 * More units for a running paid turn that turned out larger than reserved (an audio file whose length
 * only the transcriber reported), held by the row like the first reservation, in one transaction.
 * Answers the spend, or null when the balance is short or the row no longer runs (nothing taken).
 */
export async function reserveMore({
  db,
  turnId,
  userId,
  amount,
}: {
  db: Db;
  turnId: number;
  userId: number;
  amount: number;
}): Promise<Spent | null> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ action: botTurns.action, reserved: botTurns.reserved })
        .from(botTurns)
        .where(and(eq(botTurns.id, turnId), eq(botTurns.status, "running")))
        .for("update");
      const reserved = row?.reserved;
      if (!reserved) return null;
      const spent = await spendQuota({
        db: tx,
        userId,
        kind: reserved.kind,
        amount,
        refs: { modelName: reserved.modelName, action: row.action, turnId },
      });
      const more: TurnReservation = {
        ...reserved,
        amount: reserved.amount + amount,
        fromPackage: reserved.fromPackage + spent.fromPackage,
      };
      await tx.update(botTurns).set({ reserved: more }).where(eq(botTurns.id, turnId));
      return spent;
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === "payment_required") return null;
    throw error;
  }
}

class NoLongerRunning extends Error {}
const turnExists = async (db: Db, turnId: number) =>
  (await db.select({ id: botTurns.id }).from(botTurns).where(eq(botTurns.id, turnId))).length > 0;

type AnsweredTurnCharge = {
  db: Db;
  turnId: number;
  status: "done" | "stopped";
  userId: number;
  amount: number;
  refs: LedgerRefs;
  /** The answer's safety copy, held in the outbox with the charge (outbox.ts holdAnswer); its footer names the balance left. */
  answer: { chatId: number; parts: (left: string) => string[] };
};

/**
 * An answered turn's charge and its row's end, all or nothing (docs/decisions/0461-answer-charged-with-the-turns-end.md):
 * an instance that dies before it commits leaves the turn running and uncharged (the next attempt ends
 * it as abandoned and answers anew, charging once); after it, the turn is done and charged (the next
 * attempt does nothing). The answer is charged past the balance down to zero (it was given). Answers
 * the spend, or null when the row was ended already (a later attempt took the update over): nothing
 * is charged. Usually one statement (docs/decisions/0510-answer-charged-in-one-statement.md); a
 * refill due, or a row ended or deleted under it, takes the transaction.
 */
export async function chargeAnsweredTurn(charge: AnsweredTurnCharge): Promise<(Spent & { held: number[] }) | null> {
  return (await chargeInOneStatement(charge)) ?? chargeInTransaction(charge);
}

/**
 * The turn's row locked while it runs (or its absence: a row gone with its session is still
 * charged, the answer was given), then the quotas row, as every other path takes them; the charge,
 * its ledger rows, the row's end and the answer's safety copy follow from them in the same
 * statement. Answers undefined when it changed nothing: the quotas row was not taken (a refill due),
 * or the row no longer ran.
 */
async function chargeInOneStatement({ db, turnId, status, userId, amount, refs, answer }: AnsweredTurnCharge) {
  const spend = spendChange({
    userId,
    kind: "text_tokens",
    amount,
    clampAtZero: true,
    refs: { ...refs, turnId },
    at: now(),
  });
  const running = db
    .select({ id: botTurns.id })
    .from(botTurns)
    .where(and(eq(botTurns.id, turnId), eq(botTurns.status, "running")))
    .for("update");
  const ended = endingTurns(db, {
    where: sql`${botTurns.id} in (select id from r) and exists (select 1 from o)`,
    status,
  });
  const [row] = await changeBalances({
    db,
    ...spend,
    where: sql`${spend.where} and (exists (select 1 from r) or not exists (select 1 from bot_turns where id = ${turnId}))`,
    joined: {
      first: sql`r as (${running.getSQL()})`,
      after: sql`t as (${ended.getSQL()}), h as (${heldAnswerRows({
        userId,
        chatId: answer.chatId,
        parts: answer.parts(LEFT_MARK),
        left: sql`c.text_tokens + c.package_text_tokens`,
      })})`,
      answer: { held: sql`(select coalesce(array_agg(id order by id), '{}') from h)` },
    },
  });
  if (!row) return undefined;
  const held = (row.extra.held as unknown[]).map(Number);
  return { ...(await spentOf({ db, kind: "text_tokens", row })), held };
}

async function chargeInTransaction({ db, turnId, status, userId, amount, refs, answer }: AnsweredTurnCharge) {
  try {
    return await db.transaction(async (tx) => {
      // The row's end and the charge go out together (pipelined on the transaction's connection, one
      // round trip instead of two while every other turn waits for a connection too): a row that
      // was no longer running throws, and the rollback takes the charge back with it.
      const [ended, spending] = await Promise.allSettled([
        endedTurn(tx, { turnId, status }),
        spendQuota({ db: tx, userId, kind: "text_tokens", amount, clampAtZero: true, refs: { ...refs, turnId } }),
      ]);
      if (ended.status === "rejected") throw ended.reason;
      // A row gone with its session is still charged: the answer was given in the chat.
      if (!ended.value.length && (await turnExists(tx, turnId))) throw new NoLongerRunning();
      if (spending.status === "rejected") throw spending.reason;
      const spent = spending.value;
      const held = await holdAnswer({ db: tx, userId, chatId: answer.chatId, parts: answer.parts(String(spent.left)) });
      return { ...spent, held };
    });
  } catch (error) {
    if (error instanceof NoLongerRunning) return null;
    throw error;
  }
}

/** Ends the running rows `where` picks as `status` and gives each one's reservation back, in the caller's transaction. */
async function endTurnsGivingBack({ db, where, status }: { db: Db; where: SQL; status: TurnEnd }): Promise<void> {
  const ended = await endingTurns(db, { where, status }).returning({
    id: botTurns.id,
    userId: botTurns.userId,
    action: botTurns.action,
    reserved: botTurns.reserved,
  });
  for (const { id, userId, action, reserved } of ended) {
    if (reserved)
      await refundQuota({
        db,
        userId,
        kind: reserved.kind,
        amount: reserved.amount,
        fromPackage: reserved.fromPackage,
        refs: { modelName: reserved.modelName, action, turnId: id },
      });
    turnEnded(id, status);
  }
}

/** A paid turn that did not deliver (failed, refused, handed over) ends its row and gets its units back, unless its row was ended already. */
export async function endPaidTurn({
  db,
  turnId,
  status,
}: {
  db: Db;
  turnId: number;
  status: Exclude<TurnEnd, "done">;
}): Promise<void> {
  await db.transaction((tx) => endTurnsGivingBack({ db: tx, where: eq(botTurns.id, turnId), status }));
}

/**
 * Hands an update back that its turns did not manage to: releases it when this worker still holds
 * its claim and, in the same transaction, ends the turn rows it started that are still running as
 * handed_over, giving a paid turn's reservation back. A turn ending itself later finds its row
 * ended (only a running row is ended, and refunded, once).
 */
export async function handBackUpdate({ db, row, run }: { db: Db; row: StoredUpdate; run: UpdateRun }): Promise<void> {
  await db.transaction(async (tx) => {
    const released = await releasedUpdate(tx, row);
    if (released.length && run.turnIds.size)
      await endTurnsGivingBack({ db: tx, where: inArray(botTurns.id, [...run.turnIds]), status: "handed_over" });
  });
}

/**
 * A later attempt at update `updateId` (an earlier attempt's claim expired: its instance died): the
 * rows that attempt left running are ended as abandoned, their reservations given back. Answers
 * whether a turn of the update already ended done (then it was answered and charged, and running
 * it again would answer and charge twice) and whether one was begun and not finished (handed over
 * or abandoned: the user saw it start).
 */
export async function endAbandonedTurns({
  db,
  updateId,
}: {
  db: Db;
  updateId: number;
}): Promise<{ answered: boolean; resumed: boolean }> {
  await db.transaction((tx) =>
    endTurnsGivingBack({ db: tx, where: eq(botTurns.updateId, updateId), status: "abandoned" }),
  );
  const ends = (await db.select({ status: botTurns.status }).from(botTurns).where(eq(botTurns.updateId, updateId))).map(
    (row) => row.status,
  );
  return {
    answered: ends.includes("done"),
    resumed: ends.some((status) => status === "handed_over" || status === "abandoned"),
  };
}
