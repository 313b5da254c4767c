import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { packages, payments, tariffs } from "@/db/schema";
import type { PaymentListItem } from "@/lib/contracts/settings";
import { toRoubles } from "@/lib/money";

// An open payment is listed as waiting_confirmation: the client colours it grey (docs/product/payments.md).
export const listedStatus = (status: string) => (status === "pending" ? "waiting_confirmation" : status);

/** The user's latest payments, newest first, with the tariff or package each one bought. */
export function latestPayments({ db, userId, limit }: { db: Db; userId: number; limit: number }) {
  return db
    .select({ payment: payments, tariffName: tariffs.name, packageName: packages.name })
    .from(payments)
    .leftJoin(tariffs, eq(tariffs.id, payments.tariffId))
    .leftJoin(packages, eq(packages.id, payments.packageId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

/** POST /api/settings/payments: the caller's payments, newest first. */
export async function listPayments({ db, userId }: { db: Db; userId: number }): Promise<PaymentListItem[]> {
  const rows = await latestPayments({ db, userId, limit: 200 });
  return rows.map(({ payment, tariffName, packageName }) => ({
    id: payment.id,
    created_at: payment.createdAt.toISOString(),
    amount: toRoubles(payment.amountKopecks),
    status: listedStatus(payment.status),
    subscription_info: tariffName ? { tariff_name: tariffName } : null,
    package_info: packageName ? { name: packageName } : null,
  }));
}
