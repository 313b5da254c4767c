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

/** A Bot API call for the Stars flow; a failure becomes a 502 for the caller. */
export async function botCall<T>(method: string, params: unknown): Promise<T> {
  try {
    // grammY's raw methods take the Bot API's own parameter object, named as in its docs.
    const raw = telegramApi().raw as unknown as Record<string, (params: unknown) => Promise<T>>;
    return await raw[method](params);
  } catch (error) {
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
    return { providerPaymentId: `invoice-${paymentId}`, status: "pending", amountKopecks, paymentUrl: link, providerAmount: stars };
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
};
