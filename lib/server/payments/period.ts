import "server-only";
import type { Payment } from "@/db/schema";
import { DAYS_PER_MONTH } from "@/lib/shared/pricing/periods";

// The span of the subscription a tariff payment paid for (payments.period_starts_at, period_ends_at):
// what a refund takes back and a change of tariff credits (docs/product/billing.md).

const DAY_MS = 24 * 60 * 60 * 1000;

/** The span a tariff payment paid for (payments made before it was recorded: from when it was applied). */
export function paidPeriod(payment: Payment): { start: number; end: number } {
  if (payment.periodStartsAt && payment.periodEndsAt)
    return { start: payment.periodStartsAt.getTime(), end: payment.periodEndsAt.getTime() };
  const start = (payment.appliedAt ?? payment.createdAt).getTime();
  return { start, end: start + payment.months * DAYS_PER_MONTH * DAY_MS };
}

/** The milliseconds of a tariff payment's period still ahead at `at`. */
export function unusedPeriodMs(payment: Payment, at: Date): number {
  const { start, end } = paidPeriod(payment);
  return Math.max(0, end - Math.max(start, at.getTime()));
}
