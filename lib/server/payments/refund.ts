import "server-only";
import { purchaseDescription } from "./purchase-description";
import { and, eq, gt, gte, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { packages, payments, quotas, subscriptions, tariffs, users, type Payment } from "@/db/schema";
import { perKind } from "@/lib/shared/quota-kinds";
import { FREE_TARIFF } from "@/lib/shared/tariff-names";
import { now } from "@/lib/server/clock";
import { ApiError } from "@/lib/server/http/api-error";
import { changeBalances, oldPackage } from "@/lib/server/quotas/ledger";
import { returnUsedReferral, takeBackReward } from "@/lib/server/referral/clawback";
import { tariffLimits } from "@/lib/server/tariffs/current-tariff";
import { paidPeriod, unusedPeriodMs } from "./period";
import { refundFailed } from "@/lib/server/alerts/triggers";
import { providerByName } from "./providers";

// A refund takes back what the payment bought, as far as it is unspent (docs/product/billing.md
// "Refunds"): the days of the subscription it paid for that are still ahead (the subscription ends
// now only when nothing else paid for the time left), the package units it added that are left, the
// referrer's reward, the payer's referral discount. A partial refund takes back its share of each.
// The payment's refunded_kopecks moves by a compare-and-set on the locked row, so a notification
// delivered twice undoes a refund once.

/** What one refund moved the payment from and to, in kopecks of `total`. */
type RefundShare = { before: number; after: number; total: number };

/** The refund's share of `whole` (units, kopecks): cumulative rounding, so the parts add up to the whole. */
const shareOf = (whole: number, { before, after, total }: RefundShare) =>
  Math.round((whole * after) / total) - Math.round((whole * before) / total);

/** The subscription ends now and the allowance falls back to Free's. */
async function endSubscription({ tx, payment, at }: { tx: Db; payment: Payment; at: Date }) {
  await tx
    .update(subscriptions)
    .set({ expiresAt: at, recurrent: false })
    .where(eq(subscriptions.userId, payment.userId));
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

/**
 * A tariff payment's refund shortens the subscription by the days it takes back (all of the
 * payment's period still ahead, or a partial refund's share of the period, at most that), taken
 * from the end: the payments stacked after it move back by as much. It ends now only when nothing
 * else paid for the time left. A period already replaced by another tariff gives nothing back.
 */
async function shortenSubscription({
  tx,
  payment,
  share,
  at,
}: {
  tx: Db;
  payment: Payment;
  share: RefundShare;
  at: Date;
}) {
  const { start, end } = paidPeriod(payment);
  const unused = unusedPeriodMs(payment, at);
  const take = share.after === share.total ? unused : Math.min(unused, shareOf(end - start, share));
  if (take <= 0) return;
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, payment.userId)).for("update");
  if (!sub || sub.tariffId !== payment.tariffId || sub.expiresAt.getTime() <= at.getTime()) return;
  const shift = sql`make_interval(secs => ${take / 1000})`;
  await tx
    .update(payments)
    .set({
      periodStartsAt: sql`${payments.periodStartsAt} - ${shift}`,
      periodEndsAt: sql`${payments.periodEndsAt} - ${shift}`,
    })
    .where(
      and(
        eq(payments.userId, payment.userId),
        ne(payments.id, payment.id),
        gte(payments.periodStartsAt, new Date(end)),
      ),
    );
  await tx
    .update(payments)
    .set({ periodStartsAt: new Date(start), periodEndsAt: new Date(end - take) })
    .where(eq(payments.id, payment.id));
  const expiresAt = sub.expiresAt.getTime() - take;
  if (expiresAt <= at.getTime()) return endSubscription({ tx, payment, at });
  await tx
    .update(subscriptions)
    .set({ expiresAt: new Date(expiresAt) })
    .where(eq(subscriptions.userId, payment.userId));
  await tx
    .update(quotas)
    .set({ stepEndsAt: sql`least(${quotas.stepEndsAt}, ${new Date(expiresAt).toISOString()}::timestamptz)` })
    .where(eq(quotas.userId, payment.userId));
}

/** A package's units are removed, its share of them for a partial refund, up to what is left (a `reset` gave nothing that can be taken back). */
async function removePackageUnits({
  tx,
  payment,
  share,
  at,
}: {
  tx: Db;
  payment: Payment;
  share: RefundShare;
  at: Date;
}) {
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, payment.packageId!));
  if (pkg.packagePurpose === "reset") return;
  const key = pkg.packagePurpose;
  const units = shareOf(pkg.quotaAmount, share);
  if (units <= 0) return;
  await changeBalances({
    db: tx,
    where: sql`o.user_id = ${payment.userId}`,
    packageUnits: { [key]: sql`greatest(${oldPackage(key)} - ${units}::integer, 0)` },
    reason: "refund",
    refs: { paymentId: payment.id },
    now: at,
  });
}

/**
 * Undoes a refund the provider made of a completed payment: `amountKopecks` of it (an operator's
 * refund, whose claim is open with that amount, when `claimed`), or all that is left to refund.
 * Answers whether this call did it.
 */
export async function undoPurchase({
  db,
  paymentId,
  amountKopecks,
  claimed = false,
}: {
  db: Db;
  paymentId: string;
  amountKopecks?: number;
  claimed?: boolean;
}): Promise<{ undone: boolean }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!locked || locked.status !== "completed") return { undone: false };
    if (claimed && locked.refundAmountKopecks !== amountKopecks) return { undone: false };
    const before = locked.refundedKopecks;
    const after = before + (amountKopecks ?? locked.amountKopecks - before);
    if (after <= before || after > locked.amountKopecks) return { undone: false };
    const [payment] = await tx
      .update(payments)
      .set({
        refundedKopecks: after,
        refundAmountKopecks: null,
        status: after === locked.amountKopecks ? "refunded" : "completed",
      })
      .where(and(eq(payments.id, paymentId), eq(payments.refundedKopecks, before)))
      .returning();
    if (!payment) return { undone: false };
    const share = { before, after, total: payment.amountKopecks };
    const at = now();
    if (payment.kind === "package") await removePackageUnits({ tx, payment, share, at });
    else await shortenSubscription({ tx, payment, share, at });
    await takeBackReward({ tx, payment, part: (reward) => shareOf(reward, share) });
    if (after === payment.amountKopecks) await returnUsedReferral({ tx, payment });
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
  if (payment.refundAmountKopecks !== null) return { status: "pending" };
  throw new ApiError("conflict", "This payment took no money to return");
}

/** Refuses an amount the payment cannot be refunded by: more than is left, or a part of a Stars payment. */
function checkAmount(payment: Payment, amountKopecks: number | undefined): number {
  const left = payment.amountKopecks - payment.refundedKopecks;
  const amount = amountKopecks ?? left;
  if (amount > left)
    throw new ApiError("bad_request", `amount_rub exceeds what is left to refund (${left / 100} ₽)`, {
      amount_rub: [`at most ${left / 100}`],
    });
  if (payment.provider === "stars" && amount !== payment.amountKopecks)
    throw new ApiError("bad_request", "Telegram Stars are refunded whole: leave amount_rub out", {
      amount_rub: ["Stars payments are refunded whole"],
    });
  return amount;
}

/**
 * Refunds a completed payment through its provider (the operators' console): `amountKopecks` of it
 * (a partial refund; YooKassa only) or all that is left, exactly once: the request that claims it
 * (refund_requested_at and refund_amount_kopecks, a conditional update) asks the provider; a double
 * click or another instance answers what that request achieved. A failed provider call releases the
 * claim so the operator may try again. The purchase is undone (its share of it) at once when the
 * provider confirms the refund, otherwise by its notification (undoPurchase either way, once).
 */
export async function refundPayment({
  db,
  paymentId,
  reason,
  amountKopecks,
  claimIn = (claim) => db.transaction(claim),
}: {
  db: Db;
  paymentId: string;
  reason: string;
  amountKopecks?: number;
  claimIn?: ClaimTransaction;
}): Promise<RefundOutcome> {
  const at = now();
  let claimed: Payment;
  let amount = 0;
  try {
    ({ after: claimed } = await claimIn(async (tx) => {
      const [before] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
      // A stale claim taken over keeps its amount (and so its provider key).
      if (before?.status === "completed") amount = before.refundAmountKopecks ?? checkAmount(before, amountKopecks);
      const [after] = await tx
        .update(payments)
        .set({ refundRequestedAt: at, refundReason: reason, refundAmountKopecks: amount })
        .where(
          and(
            eq(payments.id, paymentId),
            eq(payments.status, "completed"),
            gt(payments.amountKopecks, 0),
            gt(sql`${amount}::integer`, 0),
            isNotNull(payments.providerPaymentId),
            or(
              isNull(payments.refundAmountKopecks),
              lt(payments.refundRequestedAt, new Date(at.getTime() - STALE_CLAIM_MS)),
            ),
          ),
        )
        .returning();
      if (!after) throw new RefundAlreadyClaimed(await outcomeWithoutClaim({ db: tx, paymentId }));
      amount = after.refundAmountKopecks!;
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
  const whole = claimed.refundedKopecks === 0 && amount === claimed.amountKopecks;
  let outcome: "succeeded" | "pending";
  try {
    outcome = await providerByName(claimed.provider).refund({
      paymentId: claimed.id,
      providerPaymentId: claimed.providerPaymentId!,
      amountKopecks: amount,
      // The first refund of a whole payment keeps the key it always had; a part is keyed by what was
      // refunded before it, so a retry of a stale claim repeats the same refund.
      idempotenceKey: whole ? `refund-${claimed.id}` : `refund-${claimed.id}-${claimed.refundedKopecks}`,
      payerTelegramId: telegramId,
      reason,
      receipt:
        !whole && claimed.email
          ? { email: claimed.email, description: await purchaseDescription(db, claimed) }
          : undefined,
    });
  } catch (error) {
    // Only this request's own claim is released (a stale one may have been taken over meanwhile).
    await db
      .update(payments)
      .set({ refundRequestedAt: null, refundReason: null, refundAmountKopecks: null })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "completed"), eq(payments.refundRequestedAt, at)));
    await refundFailed(db, paymentId);
    throw error;
  }
  if (outcome === "pending") return { status: "pending" };
  await undoPurchase({ db, paymentId, amountKopecks: amount, claimed: true });
  return { status: "refunded" };
}
