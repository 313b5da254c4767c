import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db";
import { payments } from "@/db/schema";
import { releaseReferralBalance } from "@/lib/server/referral/balance";
import { OPEN_STATUSES, type ClosedStatus } from "@/lib/shared/payments";

// Closing a payment and giving back the referral roubles it reserved are two steps
// (docs/product/referral.md "Reserved roubles"): the roubles come back only once the provider
// will no longer take the payment, so a payment paid late keeps exactly what it reserved and the
// same roubles never discount two payments.

/** Closes an open payment without applying it and keeps its reservation (the provider may still take it). */
export async function closePayment({
  db,
  paymentId,
  status,
}: {
  db: Db;
  paymentId: string;
  status: ClosedStatus;
}): Promise<boolean> {
  const closed = await db
    .update(payments)
    .set({ status })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, OPEN_STATUSES)))
    .returning({ id: payments.id });
  return closed.length === 1;
}

/**
 * The provider will no longer take this payment: closes it if still open and gives back its
 * referral reservation, once (the ledger's unique 'release' row is the guard). A payment already
 * applied keeps its reservation. Answers whether this call closed it.
 */
export async function releasePayment({
  db,
  paymentId,
  status,
}: {
  db: Db;
  paymentId: string;
  status: ClosedStatus;
}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [closedNow] = await tx
      .update(payments)
      .set({ status })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, OPEN_STATUSES)))
      .returning();
    const [payment] = closedNow
      ? [closedNow]
      : await tx
          .select()
          .from(payments)
          .where(and(eq(payments.id, paymentId), inArray(payments.status, HELD_STATUSES)))
          .for("update");
    if (!payment) return false;
    await releaseReferralBalance({
      tx,
      userId: payment.userId,
      paymentId: payment.id,
      amountKopecks: payment.refAmountKopecks,
    });
    return Boolean(closedNow);
  });
}

/** Closed but not applied: such a payment may still hold its reservation until its provider lets it go. */
export const HELD_STATUSES: ClosedStatus[] = ["canceled", "expired", "failed"];
