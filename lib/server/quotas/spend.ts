import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import type { LedgerReason } from "@/db/schema";
import type { QuotaKey } from "@/lib/quota-kinds";
import { now } from "@/lib/server/clock";
import { ApiError } from "@/lib/server/http/api-error";
import { changeBalances, oldAllowance, oldPackage, type LedgerRefs } from "./ledger";
import { alertLowBalance } from "./alerts";
import { applyDueRefills } from "./refill";

/** The ledger reason of spending each kind. */
const SPEND_REASON: Record<QuotaKey, LedgerReason> = {
  text_tokens: "answer",
  image_tokens: "image",
  audio_tokens: "audio",
  file_tokens: "document",
  video_tokens: "video",
};

const checkAmount = (amount: number) => {
  if (!Number.isInteger(amount) || amount < 0) throw new ApiError("bad_request", "The amount must be a non-negative integer");
};

/**
 * Takes `amount` units of one kind in a single conditional UPDATE (after applying a refill that is
 * due), from the allowance first and then from package units, so concurrent spends of the last units
 * succeed exactly as often as the balance allows and nothing goes below zero. `clampAtZero` (an
 * answer already given) takes what is there instead of refusing. Answers what is left (allowance +
 * package units); throws 402 payment_required when there is not enough.
 */
export async function spendQuota({ db, userId, kind, amount, refs, clampAtZero = false }: { db: Db; userId: number; kind: QuotaKey; amount: number; refs?: LedgerRefs; clampAtZero?: boolean }): Promise<number> {
  checkAmount(amount);
  const at = now();
  await applyDueRefills({ db, userId, now: at });
  const allowance = oldAllowance(kind);
  const packageUnits = oldPackage(kind);
  const [row] = await changeBalances({
    db,
    where: clampAtZero ? sql`o.user_id = ${userId}` : sql`o.user_id = ${userId} and ${allowance} + ${packageUnits} >= ${amount}`,
    allowance: { [kind]: sql`greatest(${allowance} - ${amount}, 0)` },
    packageUnits: { [kind]: sql`greatest(${packageUnits} - greatest(${amount} - ${allowance}, 0), 0)` },
    reason: SPEND_REASON[kind],
    refs,
    now: at,
  });
  if (!row) {
    if (clampAtZero) throw new ApiError("not_found", "No quotas for this user");
    throw new ApiError("payment_required", `Not enough ${kind.replace("_", " ")} left`);
  }
  await alertLowBalance({ db, userId, kind, allowanceLeft: row.allowance[kind] });
  return row.allowance[kind] + row.packageUnits[kind];
}

/** Gives units back to the allowance (a failed generation); answers the new balance. */
export async function refundQuota({ db, userId, kind, amount, refs }: { db: Db; userId: number; kind: QuotaKey; amount: number; refs?: LedgerRefs }): Promise<number> {
  checkAmount(amount);
  const [row] = await changeBalances({
    db,
    where: sql`o.user_id = ${userId}`,
    allowance: { [kind]: sql`${oldAllowance(kind)} + ${amount}` },
    reason: "refund",
    refs,
    now: now(),
  });
  if (!row) throw new ApiError("not_found", "No quotas for this user");
  return row.allowance[kind] + row.packageUnits[kind];
}
