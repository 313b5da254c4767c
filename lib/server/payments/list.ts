import "server-only";
import { desc, eq, sql, type AnyColumn } from "drizzle-orm";
import type { Db } from "@/db";
import { packages, payments, tariffs } from "@/db/schema";
import type { PaymentListItem } from "@/lib/contracts/settings";
import { toRoubles } from "@/lib/shared/money";
import type { Language } from "@/lib/contracts/common";

// An open payment is listed as waiting_confirmation: the client colours it grey (docs/product/payments.md).
export const listedStatus = (status: string) => (status === "pending" ? "waiting_confirmation" : status);

/** A catalogue text column in the reader's language: the English one when set, else the Russian (docs/product/catalogue.md "Languages"). */
export const columnIn = (language: Language, ru: AnyColumn, en: AnyColumn) =>
  language === "en" ? sql<string | null>`coalesce(nullif(${en}, ''), ${ru})` : sql<string | null>`${ru}`;

/** The user's latest payments, newest first, with the tariff or package each one bought (its name in the reader's language). */
export function latestPayments({
  db,
  userId,
  limit,
  language,
}: {
  db: Db;
  userId: number;
  limit: number;
  language: Language;
}) {
  return db
    .select({
      payment: payments,
      tariffName: tariffs.name,
      packageName: columnIn(language, packages.name, packages.nameEn),
    })
    .from(payments)
    .leftJoin(tariffs, eq(tariffs.id, payments.tariffId))
    .leftJoin(packages, eq(packages.id, payments.packageId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

/** POST /api/settings/payments: the caller's payments, newest first. */
export async function listPayments({
  db,
  userId,
  language,
}: {
  db: Db;
  userId: number;
  language: Language;
}): Promise<PaymentListItem[]> {
  const rows = await latestPayments({ db, userId, limit: 200, language });
  return rows.map(({ payment, tariffName, packageName }) => ({
    id: payment.id,
    created_at: payment.createdAt.toISOString(),
    amount: toRoubles(payment.amountKopecks),
    status: listedStatus(payment.status),
    subscription_info: tariffName ? { tariff_name: tariffName } : null,
    package_info: packageName ? { name: packageName } : null,
  }));
}
