import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { payments, referralLedger, users, type Payment } from "@/db/schema";
import { settleOwed } from "./clawback";

// docs/product/referral.md: the referrer earns 40 % of the referred user's first successful
// payment and 10 % of each later one, for a year after the code was applied.
export const FIRST_PAYMENT_REWARD = 0.4;
export const LATER_PAYMENT_REWARD = 0.1;
const REWARD_WINDOW_MS = 365 * 24 * 60 * 60 * 1000;

/** Credits the payer's referrer for a just-completed payment, once per payment. */
export async function rewardReferrer({ tx, payment }: { tx: Db; payment: Payment }): Promise<void> {
  if (payment.amountKopecks <= 0) return;
  const [payer] = await tx
    .select({ referrer: users.referredByUserId, appliedAt: users.referralAppliedAt })
    .from(users)
    .where(eq(users.id, payment.userId));
  if (!payer?.referrer || !payer.appliedAt) return;
  if (Date.now() - payer.appliedAt.getTime() > REWARD_WINDOW_MS) return;
  const earlier = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, payment.userId), eq(payments.status, "completed"), ne(payments.id, payment.id)))
    .limit(1);
  const share = earlier.length === 0 ? FIRST_PAYMENT_REWARD : LATER_PAYMENT_REWARD;
  const amountKopecks = Math.floor(payment.amountKopecks * share);
  if (amountKopecks <= 0) return;
  const credited = await tx
    .insert(referralLedger)
    .values({
      userId: payer.referrer,
      kind: "reward",
      amountKopecks,
      paymentId: payment.id,
      sourceUserId: payment.userId,
    })
    .onConflictDoNothing()
    .returning({ id: referralLedger.id });
  if (credited.length === 0) return;
  await tx
    .update(users)
    .set({ refBalanceKopecks: sql`${users.refBalanceKopecks} + ${amountKopecks}` })
    .where(eq(users.id, payer.referrer));
  await settleOwed({ tx, userId: payer.referrer, paymentId: payment.id });
}
