import "server-only";
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { packages, payments, subscriptions, tariffs, users, type Payment } from "@/db/schema";
import { perKind } from "@/lib/shared/quota-kinds";
import { FREE_TARIFF } from "@/lib/shared/tariff-names";
import { now } from "@/lib/server/clock";
import { ApiError } from "@/lib/server/http/api-error";
import { changeBalances, oldPackage } from "@/lib/server/quotas/ledger";
import { returnUsedReferral, takeBackReward } from "@/lib/server/referral/clawback";
import { tariffLimits } from "@/lib/server/tariffs/current-tariff";
import { providerByName } from "./providers";

// A refund takes back what the payment bought, as far as it is unspent (docs/product/billing.md
// "Refunds"): the subscription ends, package units go, the referrer's reward is taken back, the
// payer's referral discount is returned. The move of the payment from 'completed' to 'refunded' is
// the conditional update only one caller wins, so a notification delivered twice undoes it once.

/** A tariff payment's subscription ends now and the allowance falls back to Free's. */
async function endSubscription({ tx, payment, at }: { tx: Db; payment: Payment; at: Date }) {
  const ended = await tx
    .update(subscriptions)
    .set({ expiresAt: at, recurrent: false })
    .where(
      and(
        eq(subscriptions.userId, payment.userId),
        eq(subscriptions.tariffId, payment.tariffId!),
        gt(subscriptions.expiresAt, at),
      ),
    )
    .returning({ userId: subscriptions.userId });
  if (!ended.length) return;
  const [free] = await tx.select().from(tariffs).where(eq(tariffs.name, FREE_TARIFF));
  const limits = tariffLimits(free);
  await changeBalances({
    db: tx,
    where: sql`o.user_id = ${payment.userId}`,
    allowance: perKind("apiKey", (r) => sql`${limits[r.apiKey]}::integer`),
    otherSets: [sql`step_ends_at = null`],
    reason: "refund",
    refs: { paymentId: payment.id },
    now: at,
  });
}

/** A package's units are removed, up to what is left of them (a `reset` gave nothing that can be taken back). */
async function removePackageUnits({ tx, payment, at }: { tx: Db; payment: Payment; at: Date }) {
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, payment.packageId!));
  if (pkg.packagePurpose === "reset") return;
  const key = pkg.packagePurpose;
  await changeBalances({
    db: tx,
    where: sql`o.user_id = ${payment.userId}`,
    packageUnits: { [key]: sql`greatest(${oldPackage(key)} - ${pkg.quotaAmount}::integer, 0)` },
    reason: "refund",
    refs: { paymentId: payment.id },
    now: at,
  });
}

/** Undoes a completed payment the provider refunded; answers whether this call did it. */
export async function undoPurchase({ db, paymentId }: { db: Db; paymentId: string }): Promise<{ undone: boolean }> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .update(payments)
      .set({ status: "refunded" })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "completed")))
      .returning();
    if (!payment) return { undone: false };
    const at = now();
    if (payment.kind === "package") await removePackageUnits({ tx, payment, at });
    else await endSubscription({ tx, payment, at });
    await takeBackReward({ tx, payment });
    await returnUsedReferral({ tx, payment });
    return { undone: true };
  });
}

/** Where a refund request stands: done, or asked of the provider and awaiting its word. */
export type RefundOutcome = { status: "refunded" | "pending" };

/** The claim was taken by an earlier or concurrent request: its outcome is answered instead. */
class RefundAlreadyClaimed extends Error {
  constructor(readonly outcome: RefundOutcome) {
    super("refund already claimed");
  }
}

// A claim older than this was left by a request that died mid-call (a crash, a restart): it may be
// taken again. Asking the provider again is safe: YooKassa answers a repeated Idempotence-Key with
// its first refund, and Telegram refuses a second refund of a Stars charge (CHARGE_ALREADY_REFUNDED).
const STALE_CLAIM_MS = 5 * 60_000;

/** The payment as the claim found it, for the audit: the row before the claim and after it. */
export type RefundClaim = { before: Payment; after: Payment };

/**
 * Runs the claim's transaction; the operators' console wraps it so the audit row is written in the
 * same transaction as the claim (lib/server/admin/audit.ts).
 */
export type ClaimTransaction = (claim: (tx: Db) => Promise<RefundClaim>) => Promise<RefundClaim>;

/** Answers a payment whose claim this request did not win, or refuses a payment that cannot be refunded. */
async function outcomeWithoutClaim({ db, paymentId }: { db: Db; paymentId: string }): Promise<RefundOutcome> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new ApiError("not_found", "No payment with this id");
  if (payment.status === "refunded") return { status: "refunded" };
  if (payment.status !== "completed") throw new ApiError("conflict", "Only a completed payment can be refunded");
  if (payment.refundRequestedAt) return { status: "pending" };
  throw new ApiError("conflict", "This payment took no money to return");
}

/**
 * Refunds a completed payment in full through its provider (the operators' console), exactly once:
 * the request that sets refund_requested_at (a conditional update) asks the provider; a double
 * click or another instance answers what that request achieved. A failed provider call releases the
 * claim so the operator may try again. The purchase is undone at once when the provider confirms
 * the refund, otherwise by its notification (undoPurchase either way, once).
 */
export async function refundPayment({
  db,
  paymentId,
  reason,
  claimIn = (claim) => db.transaction(claim),
}: {
  db: Db;
  paymentId: string;
  reason: string;
  claimIn?: ClaimTransaction;
}): Promise<RefundOutcome> {
  const at = now();
  let claimed: Payment;
  try {
    ({ after: claimed } = await claimIn(async (tx) => {
      const [before] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
      const [after] = await tx
        .update(payments)
        .set({ refundRequestedAt: at, refundReason: reason })
        .where(
          and(
            eq(payments.id, paymentId),
            eq(payments.status, "completed"),
            gt(payments.amountKopecks, 0),
            isNotNull(payments.providerPaymentId),
            or(
              isNull(payments.refundRequestedAt),
              lt(payments.refundRequestedAt, new Date(at.getTime() - STALE_CLAIM_MS)),
            ),
          ),
        )
        .returning();
      if (!after) throw new RefundAlreadyClaimed(await outcomeWithoutClaim({ db: tx, paymentId }));
      return { before, after };
    }));
  } catch (error) {
    if (error instanceof RefundAlreadyClaimed) return error.outcome;
    throw error;
  }
  const [{ telegramId }] = await db
    .select({ telegramId: users.telegramId })
    .from(users)
    .where(eq(users.id, claimed.userId));
  let outcome: "succeeded" | "pending";
  try {
    outcome = await providerByName(claimed.provider).refund({
      paymentId: claimed.id,
      providerPaymentId: claimed.providerPaymentId!,
      amountKopecks: claimed.amountKopecks,
      payerTelegramId: telegramId,
      reason,
    });
  } catch (error) {
    // Only this request's own claim is released (a stale one may have been taken over meanwhile).
    await db
      .update(payments)
      .set({ refundRequestedAt: null, refundReason: null })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "completed"), eq(payments.refundRequestedAt, at)));
    throw error;
  }
  if (outcome === "pending") return { status: "pending" };
  await undoPurchase({ db, paymentId });
  return { status: "refunded" };
}
