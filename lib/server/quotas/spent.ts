import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db";
import type { LedgerReason } from "@/db/schema";
import { QUOTA_KEYS, type QuotaKey, type QuotaRecord } from "@/lib/shared/quota-kinds";
import { rowsOf, timestamp } from "./ledger";
import { SPEND_REASON } from "./spend";

// What users really spent: the ledger's spends less the units failed jobs gave back (reason
// `giveback`). A payment refund, a grant, a package or a promo code is no spending. The dashboard
// and the app_units_spent_total metric both count by this rule (docs/product/console.md "Dashboard").

/** The reasons of spends. */
export const SPEND_REASONS: readonly LedgerReason[] = [...new Set(Object.values(SPEND_REASON))];

/** balance_ledger rows that count toward spending: spends and the give-backs of failed jobs. */
export const realSpend: SQL = sql`reason in (${sql.join(
  [...SPEND_REASONS, "giveback"].map((r) => sql`${r}`),
  sql`, `,
)})`;

/** Units spent per kind, since `since` (or ever) and by one user (or everyone). */
export async function unitsSpentSince({
  db,
  since,
  userId,
}: {
  db: Db;
  since?: Date;
  userId?: number;
}): Promise<QuotaRecord> {
  const rows = await db.execute(sql`select kind, -sum(units) as spent from balance_ledger where ${realSpend}
    ${since ? sql`and created_at >= ${timestamp(since)}` : sql``}
    ${userId === undefined ? sql`` : sql`and user_id = ${userId}`}
    group by kind`);
  const spent = new Map(rowsOf(rows).map((r) => [r.kind as QuotaKey, Number(r.spent ?? 0)]));
  return Object.fromEntries(QUOTA_KEYS.map((k) => [k, spent.get(k) ?? 0])) as QuotaRecord;
}
