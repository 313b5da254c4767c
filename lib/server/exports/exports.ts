import "server-only";
import { and, asc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "@/db";
import { balanceLedger, payments, providerRequests, users } from "@/db/schema";
import { now } from "@/lib/server/clock";
import { csvResponse } from "./csv";
import { dateRange, rangeName } from "./range";

// The console's CSV exports (docs/product/console.md "Exports"): payments, the ledger and the request
// log of a date range, read a page at a time in (created_at, id) order and streamed as they are read.

const PAGE = 1000;

type Range = { from?: string; to?: string };
type Cursor = { at: string; id: string };

/**
 * Pages of rows in [start, end) by (created_at, id): each page starts after the last row of the one
 * before (its created_at kept as the database's text, so no microsecond is lost to a JS Date).
 */
async function* pagesOf<Row extends { cursorAt: string; cursorId: string }>(
  read: (where: SQL | undefined, limit: number) => Promise<Row[]>,
  createdAt: PgColumn,
  id: PgColumn,
  idType: "uuid" | "integer",
  range: { start: Date; end: Date },
): AsyncGenerator<Row[]> {
  let after: Cursor | null = null;
  for (;;) {
    const inRange = and(gte(createdAt, range.start), lt(createdAt, range.end));
    const past: Cursor | null = after;
    const where = past
      ? and(inRange, sql`(${createdAt}, ${id}) > (${past.at}::timestamptz, ${past.id}::${sql.raw(idType)})`)
      : inRange;
    const rows = await read(where, PAGE);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1];
    after = { at: last.cursorAt, id: last.cursorId };
  }
}

const rub = (kopecks: number) => (kopecks / 100).toFixed(2);
const iso = (date: Date | null) => date?.toISOString() ?? "";

export function paymentsCsv(db: Db, query: Range): Response {
  const range = dateRange(query, now());
  const read = (where: SQL | undefined, limit: number) =>
    db
      .select({
        cursorAt: sql<string>`${payments.createdAt}::text`,
        cursorId: sql<string>`${payments.id}::text`,
        payment: payments,
        telegramId: users.telegramId,
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(where)
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(limit);
  return csvResponse({
    filename: `payments_${rangeName(range)}.csv`,
    header: [
      "id",
      "created_at",
      "user_id",
      "telegram_id",
      "kind",
      "status",
      "amount_rub",
      "referral_balance_rub",
      "provider",
      "provider_payment_id",
      "months",
      "applied_at",
      "refund_requested_at",
      "refund_reason",
    ],
    toLine: ({ payment: p, telegramId }) => [
      p.id,
      iso(p.createdAt),
      p.userId,
      telegramId,
      p.kind,
      p.status,
      rub(p.amountKopecks),
      rub(p.refAmountKopecks),
      p.provider,
      p.providerPaymentId,
      p.months,
      iso(p.appliedAt),
      iso(p.refundRequestedAt),
      p.refundReason,
    ],
    pages: pagesOf(read, payments.createdAt, payments.id, "uuid", range),
  });
}

export function ledgerCsv(db: Db, query: Range): Response {
  const range = dateRange(query, now());
  const read = (where: SQL | undefined, limit: number) =>
    db
      .select({
        cursorAt: sql<string>`${balanceLedger.createdAt}::text`,
        cursorId: sql<string>`${balanceLedger.id}::text`,
        row: balanceLedger,
      })
      .from(balanceLedger)
      .where(where)
      .orderBy(asc(balanceLedger.createdAt), asc(balanceLedger.id))
      .limit(limit);
  return csvResponse({
    filename: `ledger_${rangeName(range)}.csv`,
    header: [
      "id",
      "created_at",
      "user_id",
      "kind",
      "units",
      "package_units",
      "balance_after",
      "reason",
      "model_name",
      "action",
      "payment_id",
    ],
    toLine: ({ row: r }) => [
      r.id,
      iso(r.createdAt),
      r.userId,
      r.kind,
      r.units,
      r.packageUnits,
      r.balanceAfter,
      r.reason,
      r.modelName,
      r.action,
      r.paymentId,
    ],
    pages: pagesOf(read, balanceLedger.createdAt, balanceLedger.id, "integer", range),
  });
}

export function requestsCsv(db: Db, query: Range): Response {
  const range = dateRange(query, now());
  const read = (where: SQL | undefined, limit: number) =>
    db
      .select({
        cursorAt: sql<string>`${providerRequests.createdAt}::text`,
        cursorId: sql<string>`${providerRequests.id}::text`,
        row: providerRequests,
      })
      .from(providerRequests)
      .where(where)
      .orderBy(asc(providerRequests.createdAt), asc(providerRequests.id))
      .limit(limit);
  return csvResponse({
    filename: `requests_${rangeName(range)}.csv`,
    header: [
      "id",
      "created_at",
      "user_id",
      "session_id",
      "model_name",
      "channel_id",
      "action",
      "tokens_in",
      "tokens_out",
      "units",
      "latency_ms",
      "status",
      "error",
      "cost_rub",
    ],
    toLine: ({ row: r }) => [
      r.id,
      iso(r.createdAt),
      r.userId,
      r.sessionId,
      r.modelName,
      r.channelId,
      r.action,
      r.tokensIn,
      r.tokensOut,
      r.units,
      r.latencyMs,
      r.status,
      r.error,
      r.costRub,
    ],
    pages: pagesOf(read, providerRequests.createdAt, providerRequests.id, "integer", range),
  });
}
