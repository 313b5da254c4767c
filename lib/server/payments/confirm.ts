import "server-only";
import { log } from "@/lib/server/log";
import { and, eq, gt, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { packages, payments, quotas, referralLedger, subscriptions, tariffs, users, type Payment } from "@/db/schema";
import { customToQuotas } from "@/lib/shared/pricing/custom-tariff";
import { DAYS_PER_MONTH } from "@/lib/shared/pricing/periods";
import { perKind, QUOTA_KEYS } from "@/lib/shared/quota-kinds";
import { now } from "@/lib/server/clock";
import { changeBalances, oldPackage } from "@/lib/server/quotas/ledger";
import { applyDueRefills, grantTariffAllowance, resetAllowance } from "@/lib/server/quotas/refill";
import { rewardReferrer } from "@/lib/server/referral/reward";
import { getCurrentTariff, tariffLimits } from "@/lib/server/tariffs/current-tariff";
import { notifyPayer } from "./notices";
import { OPEN_STATUSES, type PaymentStatus } from "@/lib/shared/payments";

const DAY_MS = 24 * 60 * 60 * 1000;
// A success the provider reports is applied whatever happened locally meanwhile: the link expired,
// the user cancelled, or our call gave up without a final answer (failed).
const LATE_STATUSES: PaymentStatus[] = ["expired", "canceled", "failed"];

/**
 * A tariff payment (new, custom or renewal) becomes the user's subscription. The same tariff while it
 * runs is extended after its end and its balances are left alone; otherwise it starts now and its
 * allowance replaces what is left (package units stay; docs/product/billing.md).
 */
async function applySubscription({
  tx,
  payment,
  savedPaymentMethodId,
}: {
  tx: Db;
  payment: Payment;
  savedPaymentMethodId?: string;
}) {
  const [tariff] = await tx.select().from(tariffs).where(eq(tariffs.id, payment.tariffId!));
  const { details } = payment;
  const limits = details?.limits ? customToQuotas(details.limits) : tariffLimits(tariff);
  const [existing] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, payment.userId))
    .for("update");
  const at = now();
  const extends_ = existing && existing.tariffId === tariff.id && existing.expiresAt.getTime() > at.getTime();
  const base = extends_ ? existing.expiresAt.getTime() : at.getTime();
  const paymentMethodId =
    savedPaymentMethodId ?? (payment.kind === "renewal" ? (existing?.paymentMethodId ?? null) : null);
  // Paying for the running tariff with other limits (a rebuilt Custom): the current step keeps its
  // limits and the new ones apply from the next refill (docs/decisions/0380-custom-tariff-rebuild.md).
  const current = extends_ ? perKind("apiKey", (r) => existing[r.subscriptionColumn]) : null;
  const deferred = current !== null && QUOTA_KEYS.some((k) => current[k] !== limits[k]);
  const values = {
    tariffId: tariff.id,
    // The full period price before the referral discount: user-tariff shows it per month.
    priceKopecks: payment.amountKopecks + payment.refAmountKopecks,
    months: payment.months,
    startsAt: extends_ ? existing.startsAt : at,
    expiresAt: new Date(base + payment.months * DAYS_PER_MONTH * DAY_MS),
    recurrent: payment.recurrent && paymentMethodId !== null,
    paymentMethodId,
    ...perKind("subscriptionColumn", (r) => (current ?? limits)[r.apiKey]),
    nextLimits: deferred ? limits : null,
    customModelIds: details?.modelIds ?? null,
    lastRenewalAttemptAt: null,
  };
  await tx
    .insert(subscriptions)
    .values({ userId: payment.userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
  // The payment's own span of the subscription; another tariff ends the spans of the one it replaces.
  if (!extends_)
    await tx
      .update(payments)
      .set({ periodEndsAt: at })
      .where(and(eq(payments.userId, payment.userId), gt(payments.periodEndsAt, at)));
  await tx
    .update(payments)
    .set({ periodStartsAt: new Date(base), periodEndsAt: values.expiresAt })
    .where(eq(payments.id, payment.id));
  // A change of tariff paid partly by the credit of the old one: the old allowance left goes with it.
  if (!extends_ && payment.creditKopecks > 0)
    await changeBalances({
      db: tx,
      where: sql`o.user_id = ${payment.userId}`,
      allowance: perKind("apiKey", () => sql`0`),
      reason: "credit",
      refs: { paymentId: payment.id },
      now: at,
    });
  // An extension changes no balance: one line of its own in Spending all the same.
  if (extends_)
    await tx.execute(sql`insert into balance_ledger (user_id, created_at, kind, units, package_units, balance_after, reason, payment_id)
      select user_id, ${at.toISOString()}::timestamptz, 'text_tokens', 0, 0, text_tokens + package_text_tokens, 'tariff', ${payment.id}::uuid
      from quotas where user_id = ${payment.userId}`);
  if (!extends_)
    await grantTariffAllowance({
      db: tx,
      userId: payment.userId,
      limits,
      expiresAt: values.expiresAt,
      now: at,
      refs: { paymentId: payment.id },
    });
}

/** A package adds its units to the package balance; `reset` brings the allowance back up to the current tariff's. */
async function applyPackage({ tx, payment }: { tx: Db; payment: Payment }) {
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, payment.packageId!));
  await tx.insert(quotas).values({ userId: payment.userId }).onConflictDoNothing();
  const at = now();
  await applyDueRefills({ db: tx, userId: payment.userId, now: at });
  const refs = { paymentId: payment.id };
  if (pkg.packagePurpose === "reset") {
    const { limits } = await getCurrentTariff({ db: tx, userId: payment.userId });
    await resetAllowance({ db: tx, userId: payment.userId, limits, now: at, refs });
    return;
  }
  const key = pkg.packagePurpose;
  await changeBalances({
    db: tx,
    where: sql`o.user_id = ${payment.userId}`,
    packageUnits: { [key]: sql`${oldPackage(key)} + ${pkg.quotaAmount}::integer` },
    reason: "package",
    refs,
    now: at,
  });
}

/**
 * A payment the provider reports paid after we expired or canceled it locally (the payer finished
 * at the last moment) is still applied; the referral balance its closing gave back is taken again
 * when it is still there (ledger kind 'respend').
 */
async function retakeReleasedReferral({ tx, payment }: { tx: Db; payment: Payment }) {
  if (payment.refAmountKopecks <= 0) return;
  const [released] = await tx
    .select({ id: referralLedger.id })
    .from(referralLedger)
    .where(and(eq(referralLedger.paymentId, payment.id), eq(referralLedger.kind, "release")));
  if (!released) return;
  const taken = await tx
    .update(users)
    .set({ refBalanceKopecks: sql`${users.refBalanceKopecks} - ${payment.refAmountKopecks}` })
    .where(and(eq(users.id, payment.userId), gte(users.refBalanceKopecks, payment.refAmountKopecks)))
    .returning({ id: users.id });
  if (taken.length) {
    await tx
      .insert(referralLedger)
      .values({
        userId: payment.userId,
        kind: "respend",
        amountKopecks: payment.refAmountKopecks,
        paymentId: payment.id,
      })
      .onConflictDoNothing();
  } else {
    log().error({ paymentId: payment.id }, "late payment: the released referral balance was already spent");
  }
}

/**
 * A link that expired or was cancelled (or a call that gave up) was paid after all: the purchase is
 * applied, and the user is told what they got, since the app showed it as over.
 */
async function tellLatePayment({ tx, payment }: { tx: Db; payment: Payment }) {
  const purchase = await purchaseName({ tx, payment });
  await notifyPayer({
    db: tx,
    payer: { userId: payment.userId },
    notice: { kind: "latePaymentApplied", amountKopecks: payment.amountKopecks, purchase },
  });
}

async function purchaseName({ tx, payment }: { tx: Db; payment: Payment }): Promise<string> {
  if (payment.packageId !== null) {
    const [row] = await tx.select({ name: packages.name }).from(packages).where(eq(packages.id, payment.packageId));
    return row?.name ?? "";
  }
  if (payment.tariffId === null) return "";
  const [row] = await tx.select({ name: tariffs.name }).from(tariffs).where(eq(tariffs.id, payment.tariffId));
  return row?.name ?? "";
}

/**
 * Applies a paid payment exactly once: the conditional UPDATE lets one caller of many concurrent
 * ones (duplicate webhooks, the checkout page, the renewal job) move it to 'completed'; only that
 * caller applies the purchase and rewards the referrer, in the same transaction.
 * `paidAtProvider` (a provider's verified success) also completes an expired or canceled payment.
 */
export async function confirmPayment({
  db,
  paymentId,
  savedPaymentMethodId,
  paidAtProvider = false,
}: {
  db: Db;
  paymentId: string;
  savedPaymentMethodId?: string;
  paidAtProvider?: boolean;
}): Promise<{ applied: boolean }> {
  const from = paidAtProvider ? [...OPEN_STATUSES, ...LATE_STATUSES] : OPEN_STATUSES;
  return db.transaction(async (tx) => {
    // The status before this update (row-locked), to tell a late payment from an ordinary one.
    const [before] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for("update");
    const [payment] = await tx
      .update(payments)
      .set({ status: "completed", appliedAt: new Date() })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, from)))
      .returning();
    if (!payment) return { applied: false };
    if (paidAtProvider) await retakeReleasedReferral({ tx, payment });
    if (before && LATE_STATUSES.includes(before.status)) await tellLatePayment({ tx, payment });
    if (payment.kind === "package") await applyPackage({ tx, payment });
    else await applySubscription({ tx, payment, savedPaymentMethodId });
    await rewardReferrer({ tx, payment });
    return { applied: true };
  });
}
