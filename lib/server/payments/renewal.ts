import "server-only";
import { log } from "@/lib/server/log";
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import type { Db } from "@/db";
import { payments, subscriptions, tariffs, type Subscription } from "@/db/schema";
import { env } from "@/lib/env";
import { quotasToCustom } from "@/lib/shared/pricing/custom-tariff";
import { subscriptionLimits } from "@/lib/server/tariffs/current-tariff";
import { confirmPayment } from "./confirm";
import type { CustomDetails } from "@/lib/shared/payments";
import { providerByName } from "./providers";
import { PaymentOutcomeUnknownError } from "./providers/yookassa/client";
import { releasePayment } from "./release";
import { paymentProviderFailed } from "@/lib/server/alerts/triggers";

const HOUR_MS = 60 * 60 * 1000;
// Renew up to an hour before the end, so a paying subscriber is never shown Free in between.
const RENEWAL_LEAD_MS = HOUR_MS;
// A declined charge is retried daily for three days after the end, then auto-payment stops trying.
const RETRY_AFTER_MS = 24 * HOUR_MS;
const GRACE_MS = 3 * 24 * HOUR_MS;

/** The provider that saved the method (and the receipt email): the user's latest paid tariff payment's. */
async function lastTariffPayment({
  db,
  userId,
}: {
  db: Db;
  userId: number;
}): Promise<{ provider: string; email: string | null }> {
  const [last] = await db
    .select({ provider: payments.provider, email: payments.email })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.status, "completed"),
        inArray(payments.kind, ["tariff", "custom", "renewal"]),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return last ?? { provider: env.PAYMENT_PROVIDER, email: null };
}

/** Claims one subscription for this run (several app instances may run the job at once). */
async function claim({ db, sub, now }: { db: Db; sub: Subscription; now: Date }): Promise<boolean> {
  const claimed = await db
    .update(subscriptions)
    .set({ lastRenewalAttemptAt: now })
    .where(
      and(
        eq(subscriptions.userId, sub.userId),
        or(
          isNull(subscriptions.lastRenewalAttemptAt),
          lt(subscriptions.lastRenewalAttemptAt, new Date(now.getTime() - RETRY_AFTER_MS)),
        ),
      ),
    )
    .returning({ userId: subscriptions.userId });
  return claimed.length > 0;
}

async function renewOne({
  db,
  sub,
}: {
  db: Db;
  sub: Subscription;
}): Promise<"renewed" | "pending" | "declined" | "skipped"> {
  const [tariff] = await db.select().from(tariffs).where(eq(tariffs.id, sub.tariffId));
  const last = await lastTariffPayment({ db, userId: sub.userId });
  const provider = providerByName(last.provider);
  const details: CustomDetails | null =
    sub.customModelIds !== null || tariff.name === "Custom"
      ? {
          limits: quotasToCustom(subscriptionLimits(sub)),
          modelIds: sub.customModelIds,
        }
      : null;
  let payment;
  try {
    [payment] = await db
      .insert(payments)
      .values({
        userId: sub.userId,
        kind: "renewal",
        tariffId: sub.tariffId,
        months: sub.months,
        amountKopecks: sub.priceKopecks,
        recurrent: true,
        email: last.email,
        status: "pending",
        provider: provider.name,
        expiresAt: new Date(Date.now() + env.PAYMENT_LINK_TTL_MINUTES * 60_000),
        details,
      })
      .returning();
  } catch {
    // The user has a payment of their own open; the next run tries again.
    return "skipped";
  }
  try {
    const charge = await provider.chargeSaved({
      paymentId: payment.id,
      amountKopecks: payment.amountKopecks,
      description: `Tariff ${tariff.name}, auto-payment`,
      email: last.email,
      paymentMethodId: sub.paymentMethodId!,
    });
    await db.update(payments).set({ providerPaymentId: charge.providerPaymentId }).where(eq(payments.id, payment.id));
    if (charge.status === "succeeded") {
      await confirmPayment({
        db,
        paymentId: payment.id,
        savedPaymentMethodId: charge.savedPaymentMethodId ?? sub.paymentMethodId!,
      });
      return "renewed";
    }
    if (charge.status === "canceled") {
      await releasePayment({ db, paymentId: payment.id, status: "failed" });
      return "declined";
    }
    // Still processing at the provider: its notification (or the expiry job) finishes it.
    return "pending";
  } catch (error) {
    if (error instanceof PaymentOutcomeUnknownError) {
      // The charge may have gone through: it stays pending (so no second charge can start) until its
      // notification or the expiry job's re-fetch settles it.
      log().error({ userId: sub.userId, err: error }, "auto-payment outcome unknown, left pending");
      return "pending";
    }
    log().error({ userId: sub.userId, err: error }, "auto-payment failed");
    await releasePayment({ db, paymentId: payment.id, status: "failed" });
    await paymentProviderFailed(db, provider.name);
    return "declined";
  }
}

/**
 * Job: charges the saved payment method of every recurrent subscription that ends within the hour
 * (or ended less than three days ago) and applies it through the same confirmation path.
 */
export async function renewSubscriptions(db: Db): Promise<Record<string, number>> {
  const now = new Date();
  const due = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.recurrent, true),
        isNotNull(subscriptions.paymentMethodId),
        lte(subscriptions.expiresAt, new Date(now.getTime() + RENEWAL_LEAD_MS)),
        gte(subscriptions.expiresAt, new Date(now.getTime() - GRACE_MS)),
        or(
          isNull(subscriptions.lastRenewalAttemptAt),
          lt(subscriptions.lastRenewalAttemptAt, new Date(now.getTime() - RETRY_AFTER_MS)),
        ),
      ),
    )
    .limit(50);
  const outcome: Record<string, number> = {};
  for (const sub of due) {
    if (!(await claim({ db, sub, now }))) continue;
    const result = await renewOne({ db, sub });
    outcome[result] = (outcome[result] ?? 0) + 1;
  }
  return outcome;
}
