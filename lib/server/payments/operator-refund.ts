import "server-only";
import type { Db } from "@/db";
import { eq, sql } from "drizzle-orm";
import { adminAudit } from "@/db/schema";
import { audited, type Operator } from "@/lib/server/admin/audit";
import { paymentForOperator } from "./operator-list";
import { refundPayment } from "./refund";

/** What the audit row records of the payment: its status and refund claim. */
const refundState = (p: { status: string; refundRequestedAt: Date | null; refundReason: string | null }) => ({
  status: p.status,
  refund_requested_at: p.refundRequestedAt?.toISOString() ?? null,
  refund_reason: p.refundReason,
});

/**
 * An operator's refund: the claim on the payment and its audit row (payment.refund) are written in
 * one transaction; a double click or another instance gets the first request's outcome and no
 * audit row of its own.
 */
export async function refundByOperator({
  db,
  operator,
  paymentId,
  reason,
  amountKopecks,
}: {
  db: Db;
  operator: Operator;
  paymentId: string;
  reason: string;
  amountKopecks?: number;
}) {
  await paymentForOperator({ db, id: paymentId });
  let claimed = false;
  const { status } = await refundPayment({
    db,
    paymentId,
    reason,
    amountKopecks,
    claimIn: (claim) =>
      audited({ db, operator }, async (tx) => {
        const result = await claim(tx);
        claimed = true;
        return {
          result,
          audit: {
            action: "payment.refund",
            target: `payment:${paymentId}`,
            before: refundState(result.before),
            after: refundState(result.after),
          },
        };
      }),
  });
  const payment = await paymentForOperator({ db, id: paymentId });
  // The audit row records the result, not only the claim: the payment as the refund left it.
  if (claimed)
    await db
      .update(adminAudit)
      .set({
        after: {
          status: payment.status,
          refund_requested_at: payment.refund_requested_at,
          refund_reason: payment.refund_reason,
          refunded_rub: payment.refunded_rub,
          outcome: status,
        },
      })
      .where(
        eq(
          adminAudit.id,
          sql`(select max(id) from admin_audit where action = 'payment.refund' and target = ${`payment:${paymentId}`})`,
        ),
      );
  return { status, payment };
}
