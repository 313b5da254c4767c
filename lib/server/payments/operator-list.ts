import "server-only";
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db";
import { packages, payments, tariffs, users } from "@/db/schema";
import type { adminPaymentSchema, adminPaymentsQuerySchema } from "@/lib/contracts/admin-payments";
import { ApiError } from "@/lib/server/http/api-error";

// Every user's payments for the operators' console, newest first, filtered by status and provider.

type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const PAYMENTS_PAGE_SIZE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function selectPayments(db: Db, where: SQL | undefined) {
  return db
    .select({
      payment: payments,
      telegramId: users.telegramId,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      tariff: tariffs.name,
      pkg: packages.name,
      pkgEn: packages.nameEn,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(tariffs, eq(tariffs.id, payments.tariffId))
    .leftJoin(packages, eq(packages.id, payments.packageId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

type Row = Awaited<ReturnType<typeof selectPayments>>[number];

const toAdminPayment = ({
  payment: p,
  telegramId,
  firstName,
  lastName,
  username,
  tariff,
  pkg,
  pkgEn,
}: Row): AdminPayment => ({
  id: p.id,
  user_id: p.userId,
  telegram_id: telegramId,
  user_name: [firstName, lastName].filter(Boolean).join(" ") + (username ? ` @${username}` : ""),
  kind: p.kind,
  item: tariff ?? pkg ?? null,
  item_en: tariff ? null : pkgEn,
  provider: p.provider,
  status: p.status,
  amount_rub: p.amountKopecks / 100,
  stars: p.provider === "stars" ? p.providerAmount : null,
  created_at: p.createdAt.toISOString(),
  applied_at: p.appliedAt?.toISOString() ?? null,
  refund_requested_at: p.refundRequestedAt?.toISOString() ?? null,
  refund_reason: p.refundReason,
});

export async function listPaymentsForOperator({
  db,
  query,
}: {
  db: Db;
  query: z.infer<typeof adminPaymentsQuerySchema>;
}) {
  const where = and(
    query.status ? eq(payments.status, query.status) : undefined,
    query.provider ? eq(payments.provider, query.provider) : undefined,
  );
  const rows = await selectPayments(db, where)
    .limit(PAYMENTS_PAGE_SIZE + 1)
    .offset((query.page - 1) * PAYMENTS_PAGE_SIZE);
  return { items: rows.slice(0, PAYMENTS_PAGE_SIZE).map(toAdminPayment), has_more: rows.length > PAYMENTS_PAGE_SIZE };
}

/** One payment as the console shows it; 404 for an unknown or malformed id. */
export async function paymentForOperator({ db, id }: { db: Db; id: string }): Promise<AdminPayment> {
  const [row] = UUID.test(id) ? await selectPayments(db, eq(payments.id, id)) : [];
  if (!row) throw new ApiError("not_found", "No payment with this id");
  return toAdminPayment(row);
}
