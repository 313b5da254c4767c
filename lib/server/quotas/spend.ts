import "server-only";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { quotas } from "@/db/schema";
import type { QuotaKey } from "@/lib/quota-kinds";
import { ApiError } from "@/lib/server/http/api-error";
import { QUOTA_COLUMN, QUOTA_FIELD } from "./columns";

/**
 * Takes `amount` units of one quota in a single conditional UPDATE, so concurrent spends of the last
 * units succeed exactly as often as the balance allows and the balance never goes below zero.
 * Answers the remaining balance; throws 402 payment_required when there is not enough.
 */
export async function spendQuota({ db, userId, kind, amount }: { db: Db; userId: number; kind: QuotaKey; amount: number }): Promise<number> {
  if (!Number.isInteger(amount) || amount < 0) throw new ApiError("bad_request", "The amount must be a non-negative integer");
  const column = QUOTA_COLUMN[kind];
  const [row] = await db
    .update(quotas)
    .set({ [QUOTA_FIELD[kind]]: sql`${column} - ${amount}`, updatedAt: sql`now()` })
    .where(and(eq(quotas.userId, userId), gte(column, amount)))
    .returning({ remaining: column });
  if (!row) throw new ApiError("payment_required", `Not enough ${kind.replace("_", " ")} left`);
  return row.remaining;
}

/** Gives units back (a failed generation); answers the new balance. */
export async function refundQuota({ db, userId, kind, amount }: { db: Db; userId: number; kind: QuotaKey; amount: number }): Promise<number> {
  if (!Number.isInteger(amount) || amount < 0) throw new ApiError("bad_request", "The amount must be a non-negative integer");
  const column = QUOTA_COLUMN[kind];
  const [row] = await db
    .update(quotas)
    .set({ [QUOTA_FIELD[kind]]: sql`${column} + ${amount}`, updatedAt: sql`now()` })
    .where(eq(quotas.userId, userId))
    .returning({ remaining: column });
  if (!row) throw new ApiError("not_found", "No quotas for this user");
  return row.remaining;
}
