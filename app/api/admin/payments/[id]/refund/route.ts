import { adminRefundBodySchema, adminRefundResponseSchema } from "@/lib/contracts/admin-payments";
import { checkRefundLimit } from "@/lib/server/admin/operators";
import { withAdmin } from "@/lib/server/http/handler";
import { refundByOperator } from "@/lib/server/payments/operator-refund";
import { toKopecks } from "@/lib/shared/money";

// POST /api/admin/payments/{id}/refund {reason, amount_rub?} - a refund through the payment's provider (whole or
// partial), once; support up to its limit
export const POST = withAdmin(
  { body: adminRefundBodySchema, response: adminRefundResponseSchema },
  async ({ db, operator, params, body }) => {
    const amountKopecks = body.amount_rub === undefined ? undefined : toKopecks(body.amount_rub);
    await checkRefundLimit(db, operator, params.id ?? "", amountKopecks);
    return refundByOperator({ db, operator, paymentId: params.id ?? "", reason: body.reason, amountKopecks });
  },
);
