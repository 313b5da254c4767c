import "server-only";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "@/db";
import { subscriptions } from "@/db/schema";
import type { RecurrentStatusResponse } from "@/lib/contracts/settings";
import { ApiError } from "@/lib/server/http/api-error";

/** GET /api/settings/recurrent-status: whether the current subscription renews itself. */
export async function getRecurrentStatus({ db, userId }: { db: Db; userId: number }): Promise<RecurrentStatusResponse> {
  const [row] = await db
    .select({ recurrent: subscriptions.recurrent })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), gt(subscriptions.expiresAt, new Date())));
  return { is_recurrent: row?.recurrent ?? false };
}

/**
 * POST /api/settings/recurrent {is_recurrent}: turns auto-payment off (or back on when a payment
 * method was saved by an earlier payment).
 */
export async function setRecurrent({ db, userId, isRecurrent }: { db: Db; userId: number; isRecurrent: boolean }): Promise<RecurrentStatusResponse> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (isRecurrent && !row?.paymentMethodId) {
    throw new ApiError("conflict", "No saved payment method: pay for a tariff with auto-payment on first");
  }
  if (row) await db.update(subscriptions).set({ recurrent: isRecurrent }).where(eq(subscriptions.userId, userId));
  return { is_recurrent: isRecurrent && !!row };
}
