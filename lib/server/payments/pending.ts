import "server-only";
import { and, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "@/db";
import { payments, type Payment } from "@/db/schema";
import type { PendingPaymentResponse } from "@/lib/contracts/tariff";
import { ApiError } from "@/lib/server/http/api-error";
import { confirmPayment } from "./confirm";
import { providerByName, type CallOptions } from "./providers";
import { releasePayment } from "./release";
import { OPEN_STATUSES } from "@/lib/shared/payments";

const USER_PATH_CALL = { timeoutMs: 2500 };

/**
 * Before an open payment is closed: asks its provider whether it was paid meanwhile and applies it
 * if so (true); otherwise cancels it at the provider, best effort (false). An unanswered question
 * counts as not paid: a success that comes later is still applied by its confirmation.
 */
async function applyIfPaidElseCancel({ db, payment, options }: { db: Db; payment: Payment; options?: CallOptions }): Promise<boolean> {
  if (!payment.providerPaymentId) return false;
  const provider = providerByName(payment.provider);
  const check = await provider.wasPaid({ providerPaymentId: payment.providerPaymentId, amountKopecks: payment.amountKopecks }, options).catch(() => null);
  if (check?.paid) {
    await confirmPayment({ db, paymentId: payment.id, savedPaymentMethodId: check.savedPaymentMethodId });
    return true;
  }
  await provider.cancel(payment.providerPaymentId, options).catch(() => {});
  return false;
}

/**
 * Job: expires an open payment whose link has run out: closes it at the provider and releases it, unless
 * the provider says it was paid meanwhile (then it is applied).
 */
async function expirePayment({ db, payment }: { db: Db; payment: Payment }) {
  if (await applyIfPaidElseCancel({ db, payment })) return;
  await releasePayment({ db, paymentId: payment.id, status: "expired" });
}

/**
 * The caller's open payment whose link is still valid. Open payments whose link ran out are expired
 * here locally, without asking the provider: this runs on a user's request, which must answer in
 * a few seconds. A payment that was paid after all is still applied when its confirmation arrives
 * (webhook, or the expiry job's re-fetch), since confirmation accepts expired payments.
 */
export async function expireStaleAndFindOpenPayment({ db, userId }: { db: Db; userId: number }): Promise<Payment | null> {
  const open = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), inArray(payments.status, OPEN_STATUSES)));
  let live: Payment | null = null;
  for (const payment of open) {
    if (payment.expiresAt.getTime() <= Date.now()) await releasePayment({ db, paymentId: payment.id, status: "expired" });
    else live = payment;
  }
  return live;
}

/** GET /api/tariff/check-pending-payment */
export async function checkPendingPayment({ db, userId }: { db: Db; userId: number }): Promise<PendingPaymentResponse> {
  const payment = await expireStaleAndFindOpenPayment({ db, userId });
  if (!payment) return { has_pending_payment: false, payment_url: null, expires_in_minutes: null };
  return {
    has_pending_payment: true,
    payment_url: payment.paymentUrl,
    expires_in_minutes: Math.max(0, Math.ceil((payment.expiresAt.getTime() - Date.now()) / 60_000)),
  };
}

/**
 * POST /api/tariff/cancel-pending-payment: cancels the caller's open payment at the provider and
 * gives back its referral reservation (once). If the provider reports it already paid, it is
 * applied instead, so a payer who paid a moment ago is never left without the purchase.
 */
export async function cancelPendingPayment({ db, userId }: { db: Db; userId: number }) {
  const payment = await expireStaleAndFindOpenPayment({ db, userId });
  if (!payment) throw new ApiError("not_found", "No pending payment");
  // On the user's request: a few seconds at most for both calls together.
  if (await applyIfPaidElseCancel({ db, payment, options: USER_PATH_CALL })) {
    throw new ApiError("conflict", "The payment has already been paid");
  }
  const canceled = await releasePayment({ db, paymentId: payment.id, status: "canceled" });
  return { success: canceled };
}

/** Job: expire every open payment whose link ran out. */
export async function expireStalePayments(db: Db): Promise<number> {
  const stale = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.status, OPEN_STATUSES), lte(payments.expiresAt, new Date())))
    .limit(100);
  for (const payment of stale) await expirePayment({ db, payment });
  return stale.length;
}
