import { adminRefundBodySchema, adminRefundResponseSchema } from "@/lib/contracts/admin-payments";
import { withAdmin } from "@/lib/server/http/handler";
import { refundByOperator } from "@/lib/server/payments/operator-refund";
import { toKopecks } from "@/lib/shared/money";

// POST /api/admin/payments/{id}/refund {reason, amount_rub?} - a refund through the payment's provider (whole or partial), once
export const POST = withAdmin(
  { body: adminRefundBodySchema, response: adminRefundResponseSchema },
  ({ db, operator, params, body }) =>
    refundByOperator({
      db,
      operator,
      paymentId: params.id ?? "",
      reason: body.reason,
      amountKopecks: body.amount_rub === undefined ? undefined : toKopecks(body.amount_rub),
    }),
);
