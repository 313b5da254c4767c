import { adminRefundBodySchema, adminRefundResponseSchema } from "@/lib/contracts/admin-payments";
import { checkRefundLimit } from "@/lib/server/admin/operators";
import { withAdmin } from "@/lib/server/http/handler";
import { refundByOperator } from "@/lib/server/payments/operator-refund";

// POST /api/admin/payments/{id}/refund {reason} - a full refund through the payment's provider, once; support up to its limit
export const POST = withAdmin(
  { body: adminRefundBodySchema, response: adminRefundResponseSchema },
  async ({ db, operator, params, body }) => {
    await checkRefundLimit(db, operator, params.id ?? "");
    return refundByOperator({ db, operator, paymentId: params.id ?? "", reason: body.reason });
  },
);
