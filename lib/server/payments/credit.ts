import "server-only";
import { and, eq, gt, ne } from "drizzle-orm";
import type { Db } from "@/db";
import { payments, subscriptions, tariffs } from "@/db/schema";
import { now } from "@/lib/server/clock";
import { toRoubles } from "@/lib/shared/money";
import { unusedPeriodMs, paidPeriod } from "./period";

// A change of tariff credits the unused part of the current paid period toward the new tariff
// (docs/product/billing.md "Changing tariff"): each payment of the running tariff whose span is still
// ahead counts what was paid for it (money, referral roubles and its own credit, less refunds) pro
// rata to its unused time, rounded down to the kopeck, so never more than was paid.

const DAY_MS = 24 * 60 * 60 * 1000;

export type TariffCredit = {
  creditKopecks: number;
  /** The running tariff the credit comes from; null when nothing runs. */
  tariffId: number | null;
  tariffName: string | null;
  /** Whole days left of its paid period. */
  daysLeft: number | null;
};

const NO_CREDIT: TariffCredit = { creditKopecks: 0, tariffId: null, tariffName: null, daysLeft: null };

/** What the caller's running tariff would credit toward another one now. */
export async function tariffCredit({ db, userId }: { db: Db; userId: number }): Promise<TariffCredit> {
  const at = now();
  const [sub] = await db
    .select({ tariffId: subscriptions.tariffId, expiresAt: subscriptions.expiresAt, name: tariffs.name })
    .from(subscriptions)
    .innerJoin(tariffs, eq(tariffs.id, subscriptions.tariffId))
    .where(and(eq(subscriptions.userId, userId), gt(subscriptions.expiresAt, at)));
  if (!sub) return NO_CREDIT;
  const paid = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.status, "completed"),
        eq(payments.tariffId, sub.tariffId),
        ne(payments.kind, "package"),
      ),
    );
  let creditKopecks = 0;
  for (const p of paid) {
    const { start, end } = paidPeriod(p);
    const unused = Math.min(unusedPeriodMs(p, at), Math.max(0, sub.expiresAt.getTime() - at.getTime()));
    const value = p.amountKopecks + p.refAmountKopecks + p.creditKopecks - p.refundedKopecks;
    if (unused > 0 && end > start && value > 0) creditKopecks += Math.floor((value * unused) / (end - start));
  }
  return {
    creditKopecks,
    tariffId: sub.tariffId,
    tariffName: sub.name,
    daysLeft: Math.floor((sub.expiresAt.getTime() - at.getTime()) / DAY_MS),
  };
}

/** The credit toward `tariffId`: none when it is the running tariff (paying for it extends it). */
export async function creditToward({
  db,
  userId,
  tariffId,
}: {
  db: Db;
  userId: number;
  tariffId: number;
}): Promise<number> {
  const credit = await tariffCredit({ db, userId });
  return credit.tariffId === null || credit.tariffId === tariffId ? 0 : credit.creditKopecks;
}

/** GET /api/tariff/credit. */
export async function tariffCreditForCaller({ db, userId }: { db: Db; userId: number }) {
  const credit = await tariffCredit({ db, userId });
  return { credit_rub: toRoubles(credit.creditKopecks), tariff_name: credit.tariffName, days_left: credit.daysLeft };
}
