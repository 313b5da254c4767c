import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "@/db";
import type { LedgerReason } from "@/db/schema";
import { QUOTA_KEYS, type QuotaKey, type QuotaRecord } from "@/lib/shared/quota-kinds";

// Every change of a user's balances goes through `changeBalances`: one statement locks the quotas row,
// updates it and inserts one balance_ledger row per kind that changed (units = the change of
// allowance + package units, package_units = the package part of it, balance_after = their sum), so
// the ledger can never disagree with the
// balances and nothing is computed in JavaScript between reading and writing (docs/product/billing.md).

/** What a ledger row belongs to. */
export type LedgerRefs = {
  modelName?: string | null;
  action?: string | null;
  paymentId?: string | null;
  turnId?: number | null;
  videoJobId?: number | null;
};

/** A quota key's allowance column and its package column, as SQL identifiers. */
export const allowanceColumn = (kind: QuotaKey): SQL => sql`${sql.identifier(kind)}`;
export const packageColumn = (kind: QuotaKey): SQL => sql`${sql.identifier(`package_${kind}`)}`;
/** The row's value before this change (inside `changeBalances`' expressions). */
export const oldAllowance = (kind: QuotaKey): SQL => sql`o.${allowanceColumn(kind)}`;
export const oldPackage = (kind: QuotaKey): SQL => sql`o.${packageColumn(kind)}`;

/** A point in time as an SQL parameter (raw `sql` parameters take no Date on postgres-js). */
export const timestamp = (at: Date): SQL => sql`${at.toISOString()}::timestamptz`;

export type BalancesAfter = {
  userId: number;
  allowance: QuotaRecord;
  packageUnits: QuotaRecord;
  packageBefore: QuotaRecord;
  stepEndsAt: Date | null;
  /** The lowest balance-alert threshold already sent per kind (alerts.ts). */
  alertsSent: Partial<Record<QuotaKey, number>>;
  /** The `extraReturning` values by name. */
  extra: Record<string, unknown>;
};

type Change = {
  db: Db;
  /** Which quotas rows (alias `o`), e.g. `o.user_id = 1 and o.text_tokens >= 5`. */
  where: SQL;
  /** New values per kind, as expressions over the old row `o` (and `extraFrom`'s tables). */
  allowance?: Partial<Record<QuotaKey, SQL>>;
  packageUnits?: Partial<Record<QuotaKey, SQL>>;
  /** Other columns of quotas to set, e.g. step_ends_at. */
  otherSets?: SQL[];
  /** Join clauses after `from o` for the expressions, e.g. `left join subscriptions s on s.user_id = o.user_id`. */
  extraFrom?: SQL;
  /** The ledger reason: a constant, or an SQL expression over `o` and `extraFrom`. */
  reason: LedgerReason | SQL;
  refs?: LedgerRefs;
  now: Date;
  /** More values to answer, as expressions over `o`, the new row `q` and `extraFrom`'s tables, by name. */
  extraReturning?: Record<string, SQL>;
  /**
   * Other reads and writes joined to the change in its one statement (all or nothing), as CTEs
   * (`name as (...)`): `first` before the quotas row `o` is locked (`where` may use them), `after`
   * over the changed row `c`; `answer`, more values over all of them, by name (in `extra`).
   */
  joined?: { first?: SQL; after?: SQL; answer?: Record<string, SQL> };
};

// The parts of changeBalances' statement that are the same for every change, over the fixed quota
// kinds: composed from the column helpers above once, at load, and kept as text, since composing them
// took most of the time the statement took to build, on every charge of every turn (docs/performance.md).
const dialect = new PgDialect();
/** `fragment` rendered once as SQL text; it must hold no parameter (a value belongs in the statement's own). */
function asText(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length) throw new Error(`A fixed fragment of the balance change holds parameters: ${text}`);
  return sql.raw(text);
}
/** Each kind's total and package units before the change, as `old_<kind>` and `old_package_<kind>` of `c`. */
const OLD_TOTALS = asText(
  sql.join(
    QUOTA_KEYS.flatMap((k) => [
      sql`${oldAllowance(k)} + ${oldPackage(k)} as ${sql.identifier(`old_${k}`)}`,
      sql`${oldPackage(k)} as ${sql.identifier(`old_package_${k}`)}`,
    ]),
    sql`, `,
  ),
);
/** A row per kind over the changed row `c`: (kind, units, package_units, after). */
const KIND_ROWS = asText(
  sql.join(
    QUOTA_KEYS.map((k) => {
      const after = sql`c.${allowanceColumn(k)} + c.${packageColumn(k)}`;
      const packageChange = sql`c.${packageColumn(k)} - c.${sql.identifier(`old_package_${k}`)}`;
      // The kind as a literal: it is one of QUOTA_KEYS, never input.
      return sql`(${sql.raw(`'${k}'`)}::text, (${after}) - (c.${sql.identifier(`old_${k}`)}), ${packageChange}, ${after})`;
    }),
    sql`, `,
  ),
);

/** Applies one balance change with its ledger rows; answers the changed rows' balances (none when `where` matched nothing). */
export async function changeBalances({
  db,
  where,
  allowance = {},
  packageUnits = {},
  otherSets = [],
  extraFrom,
  reason,
  refs = {},
  now,
  extraReturning = {},
  joined = {},
}: Change): Promise<BalancesAfter[]> {
  const sets = [
    ...Object.entries(allowance).map(([k, v]) => sql`${allowanceColumn(k as QuotaKey)} = ${v}`),
    ...Object.entries(packageUnits).map(([k, v]) => sql`${packageColumn(k as QuotaKey)} = ${v}`),
    ...otherSets,
    sql`updated_at = ${timestamp(now)}`,
  ];
  const reasonSql = typeof reason === "string" ? sql`${reason}::text` : reason;
  const named = (values: Record<string, SQL>) =>
    sql.join(Object.entries(values).map(([name, value]) => sql`, ${value} as ${sql.identifier(`extra_${name}`)}`));
  const rows = await db.execute<Record<string, unknown>>(sql`
    with ${joined.first ? sql`${joined.first},` : sql``}
    o as (select * from quotas o where ${where} for update),
    c as (
      update quotas q set ${sql.join(sets, sql`, `)}
      from o ${extraFrom ?? sql``}
      where q.user_id = o.user_id
      returning q.*, ${OLD_TOTALS}, ${reasonSql} as ledger_reason${named(extraReturning)}
    ),
    l as (
      insert into balance_ledger (user_id, created_at, kind, units, package_units, balance_after, reason, model_name, action, payment_id, turn_id, video_job_id)
      select c.user_id, ${timestamp(now)}, k.kind, k.units, k.package_units, k.after, c.ledger_reason, ${refs.modelName ?? null}, ${refs.action ?? null},
        ${refs.paymentId ?? null}::uuid, ${refs.turnId ?? null}::integer, ${refs.videoJobId ?? null}::integer
      from c cross join lateral (values ${KIND_ROWS}) as k(kind, units, package_units, after)
      where k.units <> 0
    )
    ${joined.after ? sql`, ${joined.after}` : sql``}
    select c.*${named(joined.answer ?? {})} from c`);
  return rowsOf(rows).map((r) => ({
    userId: Number(r.user_id),
    allowance: Object.fromEntries(QUOTA_KEYS.map((k) => [k, Number(r[k])])) as QuotaRecord,
    packageUnits: Object.fromEntries(QUOTA_KEYS.map((k) => [k, Number(r[`package_${k}`])])) as QuotaRecord,
    packageBefore: Object.fromEntries(QUOTA_KEYS.map((k) => [k, Number(r[`old_package_${k}`])])) as QuotaRecord,
    stepEndsAt: r.step_ends_at == null ? null : new Date(r.step_ends_at as string | Date),
    alertsSent: (typeof r.alerts_sent === "string" ? JSON.parse(r.alerts_sent) : (r.alerts_sent ?? {})) as Partial<
      Record<QuotaKey, number>
    >,
    extra: Object.fromEntries(
      [...Object.keys(extraReturning), ...Object.keys(joined.answer ?? {})].map((name) => [name, r[`extra_${name}`]]),
    ),
  }));
}

/** postgres-js answers an array of rows, PGlite an object with `rows`. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  return Array.isArray(result) ? result : ((result as { rows: Record<string, unknown>[] }).rows ?? []);
}
