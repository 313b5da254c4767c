import "server-only";
import { isDemoMode } from "@/lib/env";
import { ApiError } from "@/lib/server/http/api-error";
import type { PaymentProvider } from "@/lib/server/payments/providers/types";
import { publicUrl } from "@/lib/server/http/public-url";

// The demo provider: the payer confirms or declines on this app's own checkout page
// (app/checkout/[paymentId]), whose buttons drive the same confirmation path as a provider webhook.
// Its "provider payment id" is our payment id; a saved method always charges successfully.
export const sandboxProvider: PaymentProvider = {
  name: "sandbox",
  closesLocally: true,
  async create({ paymentId, amountKopecks, savePaymentMethod }) {
    // Anyone holding the link may confirm a sandbox payment: never let it sell in production.
    if (!isDemoMode())
      throw new ApiError("internal", "PAYMENT_PROVIDER=sandbox works in demo mode only; configure yookassa or stars");
    return {
      providerPaymentId: paymentId,
      status: "pending",
      amountKopecks,
      paymentUrl: `${publicUrl()}/checkout/${paymentId}`,
      savedPaymentMethodId: savePaymentMethod ? `sandbox-method-${paymentId}` : undefined,
    };
  },
  async wasPaid() {
    // The sandbox keeps no state of its own: its checkout page confirms through the payments table.
    return { paid: false };
  },
  async cancel() {
    // Its checkout page confirms only an open payment, so one closed here can no longer be paid.
    return true;
  },
  async chargeSaved({ paymentId, amountKopecks, paymentMethodId }) {
    return { providerPaymentId: paymentId, status: "succeeded", amountKopecks, savedPaymentMethodId: paymentMethodId };
  },
  // No money moved, so there is none to return.
  async refund() {
    return "succeeded";
  },
};
