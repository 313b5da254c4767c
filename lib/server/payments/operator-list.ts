import "server-only";
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db";
import { packages, payments, quotas, tariffs, users, type Payment } from "@/db/schema";
import type { adminPaymentSchema, adminPaymentsQuerySchema } from "@/lib/contracts/admin-payments";
import { now } from "@/lib/server/clock";
import { ApiError } from "@/lib/server/http/api-error";
import { QUOTA_KIND_TABLE, type QuotaKey } from "@/lib/shared/quota-kinds";
import { paidPeriod, unusedPeriodMs } from "./period";

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
      pkgPurpose: packages.packagePurpose,
      pkgUnits: packages.quotaAmount,
      quota: quotas,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(quotas, eq(quotas.userId, payments.userId))
    .leftJoin(tariffs, eq(tariffs.id, payments.tariffId))
    .leftJoin(packages, eq(packages.id, payments.packageId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

type Row = Awaited<ReturnType<typeof selectPayments>>[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const days = (ms: number) => Math.round((ms / DAY_MS) * 10) / 10;

/** What a refund of the payment would take back (refund.ts takes the same). */
function refundPreview(p: Payment, { pkgPurpose, pkgUnits, quota }: Row): AdminPayment["refund_preview"] {
  const left = p.status === "completed" ? p.amountKopecks - p.refundedKopecks : 0;
  const worth = (part: number, whole: number) =>
    whole > 0 ? Math.min(left, Math.round((p.amountKopecks * part) / whole)) / 100 : 0;
  if (p.kind !== "package") {
    const { start, end } = paidPeriod(p);
    const unused = p.status === "completed" ? unusedPeriodMs(p, now()) : 0;
    return {
      days_total: days(end - start),
      days_left: days(unused),
      units_kind: null,
      units_total: null,
      units_left: null,
      unused_rub: worth(unused, end - start),
    };
  }
  const kind = pkgPurpose && pkgPurpose !== "reset" ? (pkgPurpose as QuotaKey) : null;
  const total = kind ? (pkgUnits ?? 0) : 0;
  const notTaken = total - Math.round((total * p.refundedKopecks) / Math.max(p.amountKopecks, 1));
  const balance = kind && quota ? (quota[packageField(kind)] as number) : 0;
  const unitsLeft = p.status === "completed" ? Math.max(0, Math.min(balance, notTaken)) : 0;
  return {
    days_total: null,
    days_left: null,
    units_kind: kind,
    units_total: kind ? total : null,
    units_left: kind ? unitsLeft : null,
    unused_rub: worth(unitsLeft, total),
  };
}

/** The quotas row's field of a kind's package units (fileTokens → packageFileTokens). */
const packageField = (kind: QuotaKey) => {
  const column = QUOTA_KIND_TABLE.find((r) => r.apiKey === kind)!.quotaColumn;
  return `package${column[0].toUpperCase()}${column.slice(1)}` as keyof typeof quotas.$inferSelect;
};

const toAdminPayment = (row: Row): AdminPayment => {
  const { payment: p, telegramId, firstName, lastName, username, tariff, pkg, pkgEn } = row;
  return {
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
    refund_pending: p.status === "completed" && p.refundAmountKopecks !== null,
    refunded_rub: p.refundedKopecks / 100,
    refund_preview: refundPreview(p, row),
  };
};

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
