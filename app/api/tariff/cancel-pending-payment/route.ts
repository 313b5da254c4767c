import { cancelPendingPaymentResponseSchema } from "@/lib/contracts/tariff";
import { withUser } from "@/lib/server/http/handler";
import { cancelPendingPayment } from "@/lib/server/payments/pending";

// POST /api/tariff/cancel-pending-payment - cancel the open payment and restore its referral balance
export const POST = withUser({ response: cancelPendingPaymentResponseSchema }, async ({ db, user }) =>
  cancelPendingPayment({ db, userId: user.id }),
);
