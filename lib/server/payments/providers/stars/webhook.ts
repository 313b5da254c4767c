import "server-only";
import { log } from "@/lib/server/log";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db";
import { payments, type Payment } from "@/db/schema";
import { confirmPayment } from "../../confirm";
import { notifyPayer } from "../../notices";
import { botCall, starsFor } from "./client";
import { OPEN_STATUSES } from "@/lib/shared/payments";

// The Stars half of the bot webhook (POST /api/telegram/webhook hands these updates over):
// answer the pre-checkout query, then credit the purchase on successful_payment through the same
// idempotent confirmation path as every other provider.

type PreCheckoutQuery = { id: string; currency: string; total_amount: number; invoice_payload: string };
type SuccessfulPayment = {
  currency: string;
  total_amount: number;
  invoice_payload: string;
  telegram_payment_charge_id: string;
};
export type StarsUpdate = {
  pre_checkout_query?: PreCheckoutQuery;
  message?: { successful_payment?: SuccessfulPayment };
};

const uuid = z.uuid();

async function findStarsPayment({ db, payload }: { db: Db; payload: string }): Promise<Payment | null> {
  if (!uuid.safeParse(payload).success) return null;
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, payload), eq(payments.provider, "stars")));
  return row ?? null;
}

// Against the Stars amount stored when the invoice was created (older rows: recomputed).
const matches = (payment: Payment, p: { currency: string; total_amount: number }) =>
  p.currency === "XTR" && p.total_amount === (payment.providerAmount ?? starsFor(payment.amountKopecks));

/** Accepts the pre-checkout query only for an open, unexpired payment of the invoiced amount. */
export async function answerStarsPreCheckout({ db, query }: { db: Db; query: PreCheckoutQuery }): Promise<boolean> {
  const payment = await findStarsPayment({ db, payload: query.invoice_payload });
  const ok =
    !!payment &&
    OPEN_STATUSES.includes(payment.status) &&
    payment.expiresAt.getTime() > Date.now() &&
    matches(payment, query);
  await botCall("answerPreCheckoutQuery", {
    pre_checkout_query_id: query.id,
    ok,
    ...(ok ? {} : { error_message: "This payment is no longer valid. Please create a new one in the app." }),
  });
  return ok;
}

/**
 * Telegram has taken the Stars: apply the purchase (once, however often the update arrives). A
 * payment we cannot match (unknown payload, another amount) is refunded at once and the payer told:
 * Stars are never kept without giving something.
 */
export async function applyStarsPayment({
  db,
  paid,
  payerTelegramId,
}: {
  db: Db;
  paid: SuccessfulPayment;
  payerTelegramId: number;
}): Promise<{ applied: boolean; refunded?: boolean }> {
  const payment = await findStarsPayment({ db, payload: paid.invoice_payload });
  if (!payment || !matches(payment, paid)) {
    log().error(
      { invoicePayload: paid.invoice_payload },
      "successful_payment for an unknown or different Stars invoice: refunding",
    );
    await botCall("refundStarPayment", {
      user_id: payerTelegramId,
      telegram_payment_charge_id: paid.telegram_payment_charge_id,
    });
    await notifyPayer({ db, payer: { telegramId: payerTelegramId }, notice: { kind: "starsRefunded" } });
    return { applied: false, refunded: true };
  }
  if (payment.status !== "completed") {
    await db
      .update(payments)
      .set({ providerPaymentId: paid.telegram_payment_charge_id })
      .where(eq(payments.id, payment.id));
  }
  return confirmPayment({ db, paymentId: payment.id, paidAtProvider: true });
}
