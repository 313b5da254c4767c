import "server-only";
import { and, eq, gt, isNotNull } from "drizzle-orm";
import type { Db } from "@/db";
import { subscriptions } from "@/db/schema";
import type { RecurrentStatusResponse } from "@/lib/contracts/settings";
import { now } from "@/lib/server/clock";
import { ApiError } from "@/lib/server/http/api-error";

/**
 * GET /api/settings/recurrent-status: whether the current subscription renews itself, whether a
 * payment method is saved to renew it with, and when the next renewal is due.
 */
export async function getRecurrentStatus({ db, userId }: { db: Db; userId: number }): Promise<RecurrentStatusResponse> {
  const [row] = await db
    .select({
      recurrent: subscriptions.recurrent,
      paymentMethodId: subscriptions.paymentMethodId,
      expiresAt: subscriptions.expiresAt,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), gt(subscriptions.expiresAt, now())));
  return {
    is_recurrent: row?.recurrent ?? false,
    has_saved_method: Boolean(row?.paymentMethodId),
    renews_at: row ? row.expiresAt.toISOString() : null,
  };
}

/**
 * POST /api/settings/recurrent {is_recurrent}: turns auto-payment off, or back on for the next
 * renewal of an active subscription with the method an earlier payment saved. On is one
 * conditional UPDATE; without a saved method (or an active tariff) it is 409, and the auto-payment
 * page offers the next payment with auto-payment on instead (docs/product/payments.md).
 */
export async function setRecurrent({
  db,
  userId,
  isRecurrent,
}: {
  db: Db;
  userId: number;
  isRecurrent: boolean;
}): Promise<RecurrentStatusResponse> {
  if (!isRecurrent) {
    await db.update(subscriptions).set({ recurrent: false }).where(eq(subscriptions.userId, userId));
    return getRecurrentStatus({ db, userId });
  }
  const renewable = await db
    .update(subscriptions)
    .set({ recurrent: true })
    .where(
      and(
        eq(subscriptions.userId, userId),
        isNotNull(subscriptions.paymentMethodId),
        gt(subscriptions.expiresAt, now()),
      ),
    )
    .returning({ userId: subscriptions.userId });
  if (renewable.length === 0) {
    throw new ApiError(
      "conflict",
      "No active tariff with a saved payment method: auto-payment turns on with the next tariff payment",
    );
  }
  return getRecurrentStatus({ db, userId });
}
