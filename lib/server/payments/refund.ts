import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { packages, payments, subscriptions, tariffs, users, type Payment } from "@/db/schema";
import { perKind } from "@/lib/quota-kinds";
import { FREE_TARIFF } from "@/lib/tariff-names";
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
    .where(and(eq(subscriptions.userId, payment.userId), eq(subscriptions.tariffId, payment.tariffId!), gt(subscriptions.expiresAt, at)))
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

/**
 * Refunds a completed payment through its provider (for the operators' console): the purchase is
 * undone at once when the provider confirms the refund, otherwise by its notification.
 */
export async function refundPayment({ db, paymentId }: { db: Db; paymentId: string }): Promise<{ status: "refunded" | "pending" }> {
  const [row] = await db
    .select({ payment: payments, telegramId: users.telegramId })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(eq(payments.id, paymentId), eq(payments.status, "completed")));
  if (!row) throw new ApiError("not_found", "No completed payment with this id");
  const { payment, telegramId } = row;
  if (payment.amountKopecks <= 0 || !payment.providerPaymentId) throw new ApiError("conflict", "This payment took no money to return");
  const outcome = await providerByName(payment.provider).refund({
    paymentId: payment.id,
    providerPaymentId: payment.providerPaymentId,
    amountKopecks: payment.amountKopecks,
    payerTelegramId: telegramId,
  });
  if (outcome === "pending") return { status: "pending" };
  await undoPurchase({ db, paymentId });
  return { status: "refunded" };
}
