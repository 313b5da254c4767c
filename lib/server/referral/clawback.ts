import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { referralLedger, users, type Payment } from "@/db/schema";

// A refunded payment takes its referral money back (docs/product/billing.md "Refunds"). Each step is
// a referral_ledger row unique per (payment, kind, user), so it happens once per payment.

/**
 * Takes the referrer's reward for `payment` back from their balance, never below zero; what the
 * balance could not cover is recorded as owed (kind 'owed') and settled from later rewards.
 */
export async function takeBackReward({
  tx,
  payment,
  part = (reward) => reward,
}: {
  tx: Db;
  payment: Payment;
  /** The part of the reward this refund takes back (a partial refund's share). */
  part?: (rewardKopecks: number) => number;
}): Promise<void> {
  const [reward] = await tx
    .select({ referrerId: referralLedger.userId, amountKopecks: referralLedger.amountKopecks })
    .from(referralLedger)
    .where(and(eq(referralLedger.paymentId, payment.id), eq(referralLedger.kind, "reward")));
  if (!reward) return;
  const amountKopecks = part(reward.amountKopecks);
  if (amountKopecks <= 0) return;
  const taken = await takeFromBalance({ tx, userId: reward.referrerId, amountKopecks });
  const rows = [
    { kind: "clawback", amountKopecks: taken },
    { kind: "owed", amountKopecks: amountKopecks - taken },
  ].filter((r) => r.amountKopecks > 0);
  if (rows.length)
    await tx
      .insert(referralLedger)
      .values(
        rows.map((r) => ({ ...r, userId: reward.referrerId, paymentId: payment.id, sourceUserId: payment.userId })),
      );
}

/** Gives the payer back the referral roubles the refunded payment used as a discount. */
export async function returnUsedReferral({ tx, payment }: { tx: Db; payment: Payment }): Promise<void> {
  if (payment.refAmountKopecks <= 0) return;
  const [returned] = await tx
    .insert(referralLedger)
    .values({ userId: payment.userId, kind: "refund", amountKopecks: payment.refAmountKopecks, paymentId: payment.id })
    .onConflictDoNothing()
    .returning({ id: referralLedger.id });
  if (!returned) return;
  await tx
    .update(users)
    .set({ refBalanceKopecks: sql`${users.refBalanceKopecks} + ${payment.refAmountKopecks}` })
    .where(eq(users.id, payment.userId));
  // What the payer owes from an earlier clawback comes first: these roubles settle it.
  await settleOwed({ tx, userId: payment.userId, paymentId: payment.id });
}

/**
 * Settles what the referrer owes from earlier refunds out of roubles just credited for `paymentId`
 * (a reward, a referral discount given back by a refund or a closed payment; kind 'settle'), as far
 * as their balance goes, so owed roubles are never spendable.
 */
export async function settleOwed({
  tx,
  userId,
  paymentId,
}: {
  tx: Db;
  userId: number;
  paymentId: string | null;
}): Promise<void> {
  const [row] = await tx
    .select({
      owed: sql<number>`coalesce(sum(case ${referralLedger.kind} when 'owed' then ${referralLedger.amountKopecks} when 'settle' then -${referralLedger.amountKopecks} else 0 end), 0)::int`,
    })
    .from(referralLedger)
    .where(eq(referralLedger.userId, userId));
  if (!row || row.owed <= 0) return;
  const taken = await takeFromBalance({ tx, userId, amountKopecks: row.owed });
  if (taken > 0) await tx.insert(referralLedger).values({ userId, kind: "settle", amountKopecks: taken, paymentId });
}

/** Takes up to `amountKopecks` from a referral balance in one statement; answers what was taken. */
async function takeFromBalance({
  tx,
  userId,
  amountKopecks,
}: {
  tx: Db;
  userId: number;
  amountKopecks: number;
}): Promise<number> {
  const rows = await tx.execute(sql`
    with o as (select id, ref_balance_kopecks from users where id = ${userId} for update)
    update users u set ref_balance_kopecks = u.ref_balance_kopecks - least(o.ref_balance_kopecks, ${amountKopecks}::integer)
    from o where u.id = o.id
    returning least(o.ref_balance_kopecks, ${amountKopecks}::integer) as taken`);
  const [first] = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { taken: number }[] }).rows) as {
    taken: number;
  }[];
  return Number(first?.taken ?? 0);
}
