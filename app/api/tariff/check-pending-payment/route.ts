import { checkPendingPaymentResponseSchema } from "@/lib/contracts/tariff";
import { withUser } from "@/lib/server/http/handler";
import { checkPendingPayment } from "@/lib/server/payments/pending";

// GET /api/tariff/check-pending-payment - the caller's open payment and minutes until its link expires
export const GET = withUser({ response: checkPendingPaymentResponseSchema }, async ({ db, user }) =>
  checkPendingPayment({ db, userId: user.id }),
);
