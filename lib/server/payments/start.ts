import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { payments, type User } from "@/db/schema";
import type { PaymentUrlResponse } from "@/lib/contracts/common";
import { env } from "@/lib/env";
import { toKopecks } from "@/lib/shared/money";
import { periodPrice } from "@/lib/shared/pricing/periods";
import { ApiError } from "@/lib/server/http/api-error";
import { reserveReferralBalance } from "@/lib/server/referral/balance";
import { confirmPayment } from "./confirm";
import { expireStaleAndFindOpenPayment } from "./pending";
import { activeProvider } from "./providers";
import { releasePayment } from "./release";
import { paymentProviderFailed } from "@/lib/server/alerts/triggers";
import type { Order } from "@/lib/shared/payments";

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

const pendingConflict = () =>
  new ApiError("conflict", "You already have a pending payment: continue or cancel it first");

/**
 * 409 while the caller has a payment in progress. Checked before the order is validated: its
 * referral reservation lowers the balance, so a later validation would answer a misleading 400.
 */
export async function assertNoOpenPayment({ db, userId }: { db: Db; userId: number }): Promise<void> {
  if (await expireStaleAndFindOpenPayment({ db, userId })) throw pendingConflict();
}

/** Records the payment and its referral reservation in one transaction, then opens it at the provider. */
export async function startPayment({
  db,
  user,
  order,
}: {
  db: Db;
  user: User;
  order: Order;
}): Promise<PaymentUrlResponse> {
  await assertNoOpenPayment({ db, userId: user.id });
  const provider = activeProvider();
  const refAmountKopecks = toKopecks(order.refAmount);
  const creditKopecks = toKopecks(order.credit ?? 0);
  const amountKopecks = toKopecks(
    periodPrice({ amountPer30Days: order.total - (order.credit ?? 0), months: 1, referralDiscount: order.refAmount }),
  );
  let payment;
  try {
    payment = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(payments)
        .values({
          userId: user.id,
          kind: order.kind,
          tariffId: order.tariffId ?? null,
          packageId: order.packageId ?? null,
          months: order.months,
          amountKopecks,
          refAmountKopecks,
          creditKopecks,
          email: order.email ?? null,
          recurrent: order.recurrent,
          status: "pending",
          provider: provider.name,
          expiresAt: new Date(Date.now() + env.PAYMENT_LINK_TTL_MINUTES * 60_000),
          details: order.details ?? null,
        })
        .returning();
      await reserveReferralBalance({ tx, userId: user.id, paymentId: row.id, amountKopecks: refAmountKopecks });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw pendingConflict();
    // Racing payments: whichever lost the balance to a concurrent payment lost the race for the
    // pending slot too, and hears the same 409 as every other loser.
    if (refAmountKopecks > 0) await assertNoOpenPayment({ db, userId: user.id });
    throw error;
  }
  const returnUrl = `https://t.me/${env.BOT_USERNAME}`;
  if (amountKopecks === 0) {
    // A change of tariff the credit pays for in full: nothing to collect, applied at once.
    await confirmPayment({ db, paymentId: payment.id });
    return { payment_url: returnUrl };
  }
  try {
    const created = await provider.create({
      paymentId: payment.id,
      amountKopecks,
      description: order.description,
      email: order.email,
      savePaymentMethod: order.recurrent,
      returnUrl,
    });
    if (!created.paymentUrl) throw new ApiError("bad_gateway", "The payment provider returned no confirmation URL");
    await db
      .update(payments)
      .set({
        providerPaymentId: created.providerPaymentId,
        paymentUrl: created.paymentUrl,
        providerAmount: created.providerAmount ?? null,
      })
      .where(eq(payments.id, payment.id));
    return { payment_url: created.paymentUrl };
  } catch (error) {
    await releasePayment({ db, paymentId: payment.id, status: "failed" });
    await paymentProviderFailed(db, provider.name);
    throw error;
  }
}
