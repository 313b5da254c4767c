import "server-only";
import { env } from "@/lib/env";
import { telegramApi } from "@/lib/server/bot/telegram-api";
import { ApiError } from "@/lib/server/http/api-error";
import type { PaymentProvider } from "../types";

// Telegram Stars (https://core.telegram.org/bots/payments-stars): an invoice link in currency XTR
// that the client opens with the host's invoice call. Telegram has no per-invoice status query;
// the bot webhook's pre_checkout_query and successful_payment updates drive confirmation
// (webhook.ts beside this file).

/** Stars for an amount: roubles x STARS_PER_ROUBLE, rounded up, at least 1. */
export const starsFor = (amountKopecks: number): number =>
  Math.max(1, Math.ceil(Math.round((amountKopecks / 100) * env.STARS_PER_ROUBLE * 1e6) / 1e6));

/**
 * A Bot API call for the Stars flow, made while a user waits: bounded by PAYMENT_LINK_DEADLINE_MS
 * (docs/decisions/0103-provider-deadlines.md), past which it is a 503 "try again"; a failure is a 502.
 */
export async function botCall<T>(method: string, params: unknown): Promise<T> {
  const deadline = AbortSignal.timeout(env.PAYMENT_LINK_DEADLINE_MS);
  try {
    // grammY's raw methods take the Bot API's own parameter object, named as in its docs, and a signal.
    const raw = telegramApi().raw as unknown as Record<string, (params: unknown, signal: AbortSignal) => Promise<T>>;
    return await raw[method](params, deadline);
  } catch (error) {
    if (deadline.aborted)
      throw new ApiError("service_unavailable", "Telegram did not answer in time, try again in a minute");
    throw new ApiError("bad_gateway", `Bot API ${method} failed: ${(error as Error).message}`);
  }
}

export const starsProvider: PaymentProvider = {
  name: "stars",
  closesLocally: true,
  async create({ paymentId, amountKopecks, description }) {
    const stars = starsFor(amountKopecks);
    const link = await botCall<string>("createInvoiceLink", {
      title: description.slice(0, 32),
      description: description.slice(0, 255),
      payload: paymentId,
      currency: "XTR",
      prices: [{ label: description.slice(0, 32), amount: stars }],
    });
    // The charge id arrives with successful_payment; until then our id stands in.
    return {
      providerPaymentId: `invoice-${paymentId}`,
      status: "pending",
      amountKopecks,
      paymentUrl: link,
      providerAmount: stars,
    };
  },
  // Telegram has no per-invoice status query: successful_payment is the only word on it.
  async wasPaid() {
    return { paid: false };
  },
  // An invoice link cannot be revoked; a late pre-checkout query is refused instead.
  async cancel() {
    // The pre-checkout answer refuses a payment that is no longer open, so Telegram cannot take Stars for it.
    return true;
  },
  async chargeSaved() {
    throw new ApiError("bad_gateway", "Telegram Stars cannot charge a saved payment method");
  },
  // refundStarPayment returns the Stars at once (the charge id came with successful_payment). A
  // charge refunded already (an earlier attempt whose answer was lost) is refunded: Telegram answers
  // 400 CHARGE_ALREADY_REFUNDED then.
  async refund({ providerPaymentId, payerTelegramId }) {
    try {
      await botCall("refundStarPayment", { user_id: payerTelegramId, telegram_payment_charge_id: providerPaymentId });
    } catch (error) {
      if (!String((error as Error).message).includes("CHARGE_ALREADY_REFUNDED")) throw error;
    }
    return "succeeded";
  },
};
