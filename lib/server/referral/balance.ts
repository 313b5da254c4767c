import "server-only";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { referralLedger, users } from "@/db/schema";
import { toRoubles } from "@/lib/shared/money";
import { ApiError } from "@/lib/server/http/api-error";
import { settleOwed } from "./clawback";

export async function getReferralBalance({ db, userId }: { db: Db; userId: number }) {
  const [row] = await db.select({ kopecks: users.refBalanceKopecks }).from(users).where(eq(users.id, userId));
  return { ref_balance: toRoubles(row?.kopecks ?? 0), currency: "RUB" as const };
}

/**
 * Takes `amountKopecks` from the payer's referral balance for a payment, atomically (one conditional
 * UPDATE; two payments at once can never spend the same roubles), and records the 'spend'.
 * Call inside the transaction that inserts the payment.
 */
export async function reserveReferralBalance({
  tx,
  userId,
  paymentId,
  amountKopecks,
}: {
  tx: Db;
  userId: number;
  paymentId: string;
  amountKopecks: number;
}) {
  if (amountKopecks <= 0) return;
  const taken = await tx
    .update(users)
    .set({ refBalanceKopecks: sql`${users.refBalanceKopecks} - ${amountKopecks}` })
    .where(and(eq(users.id, userId), gte(users.refBalanceKopecks, amountKopecks)))
    .returning({ id: users.id });
  if (taken.length === 0)
    throw new ApiError("bad_request", "Amount exceeds available balance", {
      ref_amount_used: ["Amount exceeds available balance"],
    });
  await tx.insert(referralLedger).values({ userId, kind: "spend", amountKopecks, paymentId });
}

/** Gives a payment's reservation back, once (the ledger's unique 'release' row is the guard). */
export async function releaseReferralBalance({
  tx,
  userId,
  paymentId,
  amountKopecks,
}: {
  tx: Db;
  userId: number;
  paymentId: string;
  amountKopecks: number;
}) {
  if (amountKopecks <= 0) return;
  const released = await tx
    .insert(referralLedger)
    .values({ userId, kind: "release", amountKopecks, paymentId })
    .onConflictDoNothing()
    .returning({ id: referralLedger.id });
  if (released.length === 0) return;
  await tx
    .update(users)
    .set({ refBalanceKopecks: sql`${users.refBalanceKopecks} + ${amountKopecks}` })
    .where(eq(users.id, userId));
  await settleOwed({ tx, userId, paymentId });
}
