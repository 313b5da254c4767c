import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db";
import { payments } from "@/db/schema";
import { releaseReferralBalance } from "@/lib/server/referral/balance";
import { OPEN_STATUSES, type ClosedStatus } from "@/lib/shared/payments";

/**
 * Closes an open payment without applying it and gives back the referral balance it reserved.
 * The conditional UPDATE makes it happen once, however many callers race.
 */
export async function releasePayment({ db, paymentId, status }: { db: Db; paymentId: string; status: ClosedStatus }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ status })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, OPEN_STATUSES)))
      .returning();
    if (!row) return false;
    await releaseReferralBalance({ tx, userId: row.userId, paymentId: row.id, amountKopecks: row.refAmountKopecks });
    return true;
  });
}
