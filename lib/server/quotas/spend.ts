import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import type { LedgerReason } from "@/db/schema";
import type { QuotaKey } from "@/lib/shared/quota-kinds";
import { now } from "@/lib/server/clock";
import { ApiError } from "@/lib/server/http/api-error";
import { changeBalances, oldAllowance, oldPackage, timestamp, type BalancesAfter, type LedgerRefs } from "./ledger";
import { alertLowBalance } from "./alerts";
import { applyDueRefills, tariffAllowance, tariffJoin } from "./refill";

/** The ledger reason of spending each kind. */
export const SPEND_REASON: Record<QuotaKey, LedgerReason> = {
  text_tokens: "answer",
  image_tokens: "image",
  audio_tokens: "audio",
  file_tokens: "document",
  video_tokens: "video",
};

const checkAmount = (amount: number) => {
  if (!Number.isInteger(amount) || amount < 0)
    throw new ApiError("bad_request", "The amount must be a non-negative integer");
};

/**
 * Takes `amount` units of one kind in a single conditional UPDATE, from the allowance first and then
 * from package units, so concurrent spends of the last units succeed exactly as often as the balance
 * allows and nothing goes below zero. `clampAtZero` (an answer already given) takes what is there
 * instead of refusing. The statement only takes a row whose refill is not due, and answers the
 * tariff's allowance for the balance alert, so a spend is one round trip; when a refill is due (once a
 * step) it is applied and the spend made again. Answers what is left (allowance + package units) and
 * how many of the units taken were package units (what a refund gives back to them); throws 402
 * payment_required when there is not enough.
 */
export async function spendQuota({
  db,
  userId,
  kind,
  amount,
  refs,
  clampAtZero = false,
}: {
  db: Db;
  userId: number;
  kind: QuotaKey;
  amount: number;
  refs?: LedgerRefs;
  clampAtZero?: boolean;
}): Promise<Spent> {
  const at = now();
  const change = spendChange({ userId, kind, amount, refs, clampAtZero, at });
  const spend = () => changeBalances({ db, ...change });
  let [row] = await spend();
  if (!row) {
    // A refill was due (or the balance is short): the refill first, then the spend once more.
    await applyDueRefills({ db, userId, now: at });
    [row] = await spend();
  }
  if (!row) {
    if (clampAtZero) throw new ApiError("not_found", "No quotas for this user");
    throw new ApiError("payment_required", `Not enough ${kind.replace("_", " ")} left`);
  }
  return spentOf({ db, kind, row });
}

/**
 * spendQuota's statement as changeBalances' arguments, for a caller that joins other writes to it:
 * it changes nothing when a refill is due or (unless `clampAtZero`) the balance is short.
 */
export function spendChange({
  userId,
  kind,
  amount,
  refs,
  clampAtZero,
  at,
}: {
  userId: number;
  kind: QuotaKey;
  amount: number;
  refs?: LedgerRefs;
  clampAtZero: boolean;
  at: Date;
}) {
  checkAmount(amount);
  const allowance = oldAllowance(kind);
  const packageUnits = oldPackage(kind);
  const refillNotDue = sql`(o.step_ends_at is null or o.step_ends_at > ${timestamp(at)})`;
  return {
    where: clampAtZero
      ? sql`o.user_id = ${userId} and ${refillNotDue}`
      : sql`o.user_id = ${userId} and ${refillNotDue} and ${allowance} + ${packageUnits} >= ${amount}`,
    allowance: { [kind]: sql`greatest(${allowance} - ${amount}, 0)` },
    packageUnits: { [kind]: sql`greatest(${packageUnits} - greatest(${amount} - ${allowance}, 0), 0)` },
    reason: SPEND_REASON[kind],
    refs,
    now: at,
    extraFrom: tariffJoin,
    extraReturning: { tariffLimit: tariffAllowance(kind, at) },
  };
}

/** What a spend made by spendChange left, after the balance alert it may call for. */
export async function spentOf({ db, kind, row }: { db: Db; kind: QuotaKey; row: BalancesAfter }): Promise<Spent> {
  await alertLowBalance({
    db,
    userId: row.userId,
    kind,
    allowanceLeft: row.allowance[kind],
    limit: Number(row.extra.tariffLimit),
    alertsSent: row.alertsSent,
  });
  return {
    left: row.allowance[kind] + row.packageUnits[kind],
    fromPackage: row.packageBefore[kind] - row.packageUnits[kind],
  };
}

export type Spent = { left: number; fromPackage: number };

/**
 * Gives a failed job's units back where they came from: `fromPackage` of them to package units (so
 * they stay until spent, docs/product/billing.md), the rest to the allowance. Answers the new balance.
 */
export async function refundQuota({
  db,
  userId,
  kind,
  amount,
  fromPackage,
  refs,
}: {
  db: Db;
  userId: number;
  kind: QuotaKey;
  amount: number;
  fromPackage: number;
  refs?: LedgerRefs;
}): Promise<number> {
  checkAmount(amount);
  checkAmount(fromPackage);
  const toPackage = Math.min(fromPackage, amount);
  const [row] = await changeBalances({
    db,
    where: sql`o.user_id = ${userId}`,
    allowance: { [kind]: sql`${oldAllowance(kind)} + ${amount - toPackage}` },
    packageUnits: { [kind]: sql`${oldPackage(kind)} + ${toPackage}` },
    reason: "giveback",
    refs,
    now: now(),
  });
  if (!row) throw new ApiError("not_found", "No quotas for this user");
  return row.allowance[kind] + row.packageUnits[kind];
}
