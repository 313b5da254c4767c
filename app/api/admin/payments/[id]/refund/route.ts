import { adminRefundBodySchema, adminRefundResponseSchema } from "@/lib/contracts/admin-payments";
import { withAdmin } from "@/lib/server/http/handler";
import { refundByOperator } from "@/lib/server/payments/operator-refund";

// POST /api/admin/payments/{id}/refund {reason} - a full refund through the payment's provider, once
export const POST = withAdmin(
  { body: adminRefundBodySchema, response: adminRefundResponseSchema },
  ({ db, operator, params, body }) =>
    refundByOperator({ db, operator, paymentId: params.id ?? "", reason: body.reason }),
);
