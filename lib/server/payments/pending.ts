import "server-only";
import { and, eq, gt, inArray, lte, notExists } from "drizzle-orm";
import type { Db } from "@/db";
import { toRoubles } from "@/lib/shared/money";
import { payments, referralLedger, type Payment } from "@/db/schema";
import type { PendingPaymentResponse } from "@/lib/contracts/tariff";
import { ApiError } from "@/lib/server/http/api-error";
import { confirmPayment } from "./confirm";
import { providerByName, type CallOptions } from "./providers";
import { closePayment, HELD_STATUSES, releasePayment } from "./release";
import { OPEN_STATUSES } from "@/lib/shared/payments";

const USER_PATH_CALL = { timeoutMs: 2500 };

/**
 * Asks a payment's provider where it stands: paid meanwhile (then it is applied), or closed there
 * (after our cancel where the provider allows one), or still payable. An unanswered question
 * counts as still payable: its referral reservation is kept, and a success that comes later is
 * applied by its confirmation.
 */
async function settleAtProvider({
  db,
  payment,
  options,
}: {
  db: Db;
  payment: Payment;
  options?: CallOptions;
}): Promise<"paid" | "closed" | "payable"> {
  // A payment that never reached its provider cannot be paid there.
  if (!payment.providerPaymentId) return "closed";
  const provider = providerByName(payment.provider);
  const check = await provider
    .wasPaid({ providerPaymentId: payment.providerPaymentId, amountKopecks: payment.amountKopecks }, options)
    .catch(() => null);
  if (check?.paid) {
    await confirmPayment({
      db,
      paymentId: payment.id,
      savedPaymentMethodId: check.savedPaymentMethodId,
      paidAtProvider: true,
    });
    return "paid";
  }
  return (await provider.cancel(payment.providerPaymentId, options).catch(() => false)) ? "closed" : "payable";
}

/**
 * Closes an open payment as `status` after asking its provider: applied if paid, its reservation
 * given back if the provider closed it, kept if the provider may still take it. Answers the outcome.
 */
async function closeAfterAsking({
  db,
  payment,
  status,
  options,
}: {
  db: Db;
  payment: Payment;
  status: "canceled" | "expired";
  options?: CallOptions;
}) {
  const outcome = await settleAtProvider({ db, payment, options });
  if (outcome === "closed") return { outcome, closed: await releasePayment({ db, paymentId: payment.id, status }) };
  if (outcome === "payable") return { outcome, closed: await closePayment({ db, paymentId: payment.id, status }) };
  return { outcome, closed: false };
}

/** A stale link on a user's request: closed locally, its reservation given back only where closing here closes it at the provider. */
async function expireLocally({ db, payment }: { db: Db; payment: Payment }) {
  if (providerByName(payment.provider).closesLocally)
    await releasePayment({ db, paymentId: payment.id, status: "expired" });
  else await closePayment({ db, paymentId: payment.id, status: "expired" });
}

/**
 * The caller's open payment whose link is still valid. Open payments whose link ran out are expired
 * here locally, without asking the provider: this runs on a user's request, which must answer in
 * a few seconds. A payment that was paid after all is still applied when its confirmation arrives
 * (webhook, or the expiry job's re-fetch), since confirmation accepts expired payments.
 */
export async function expireStaleAndFindOpenPayment({
  db,
  userId,
}: {
  db: Db;
  userId: number;
}): Promise<Payment | null> {
  const open = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), inArray(payments.status, OPEN_STATUSES)));
  let live: Payment | null = null;
  for (const payment of open) {
    if (payment.expiresAt.getTime() <= Date.now()) await expireLocally({ db, payment });
    else live = payment;
  }
  return live;
}

/** GET /api/tariff/check-pending-payment */
export async function checkPendingPayment({ db, userId }: { db: Db; userId: number }): Promise<PendingPaymentResponse> {
  const payment = await expireStaleAndFindOpenPayment({ db, userId });
  if (!payment) return { has_pending_payment: false, payment_url: null, expires_in_minutes: null, ref_amount_used: 0 };
  return {
    has_pending_payment: true,
    ref_amount_used: toRoubles(payment.refAmountKopecks),
    payment_url: payment.paymentUrl,
    expires_in_minutes: Math.max(0, Math.ceil((payment.expiresAt.getTime() - Date.now()) / 60_000)),
  };
}

/**
 * POST /api/tariff/cancel-pending-payment: cancels the caller's open payment at the provider where
 * it allows that and gives back its referral reservation (once); a payment the provider may still
 * take (YooKassa's pending) is closed here but keeps its reservation until the provider reports it
 * canceled. If the provider reports it already paid, it is applied instead, so a payer who paid a
 * moment ago is never left without the purchase.
 */
export async function cancelPendingPayment({ db, userId }: { db: Db; userId: number }) {
  const payment = await expireStaleAndFindOpenPayment({ db, userId });
  if (!payment) throw new ApiError("not_found", "No pending payment");
  // On the user's request: a few seconds at most for both calls together.
  const { outcome, closed } = await closeAfterAsking({ db, payment, status: "canceled", options: USER_PATH_CALL });
  if (outcome === "paid") throw new ApiError("conflict", "The payment has already been paid");
  return { success: closed };
}

/**
 * Job: expires every open payment whose link ran out (asking its provider first), then asks again
 * about closed payments still holding referral roubles, giving them back once the provider has
 * closed the payment (or applying it, if it was paid after all).
 */
export async function expireStalePayments(db: Db): Promise<number> {
  const stale = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.status, OPEN_STATUSES), lte(payments.expiresAt, new Date())))
    .limit(100);
  for (const payment of stale) await closeAfterAsking({ db, payment, status: "expired" });
  const released = db
    .select({ id: referralLedger.id })
    .from(referralLedger)
    .where(and(eq(referralLedger.paymentId, payments.id), eq(referralLedger.kind, "release")));
  const held = await db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.status, HELD_STATUSES),
        gt(payments.refAmountKopecks, 0),
        lte(payments.expiresAt, new Date()),
        notExists(released),
      ),
    )
    .limit(100);
  for (const payment of held) {
    if ((await settleAtProvider({ db, payment })) === "closed")
      await releasePayment({ db, paymentId: payment.id, status: payment.status as "canceled" | "expired" | "failed" });
  }
  return stale.length;
}
