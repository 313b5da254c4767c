import "server-only";
import { count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db";
import { balanceLedger, dialogSessions, payments, quotas, subscriptions, tariffs, users } from "@/db/schema";
import { QUOTA_KEYS, perKind, type QuotaKey } from "@/lib/shared/quota-kinds";
import { notFound } from "@/lib/server/http/api-error";
import { now } from "@/lib/server/clock";
import { changeBalances, oldAllowance, oldPackage } from "@/lib/server/quotas/ledger";
import { audited, type Operator } from "./audit";

// The console's Users screen (docs/product/console.md#users).

export const USERS_PAGE_SIZE = 20;

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const roubles = (kopecks: number) => kopecks / 100;
/** `%text%` for ILIKE with the pattern characters of the text taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const summaryColumns = {
  id: users.id,
  telegramId: users.telegramId,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  blockedAt: users.blockedAt,
  createdAt: users.createdAt,
};

function toSummary(row: {
  id: number;
  telegramId: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
  blockedAt: Date | null;
  createdAt: Date;
}) {
  return {
    id: row.id,
    telegram_id: row.telegramId,
    first_name: row.firstName,
    last_name: row.lastName,
    username: row.username,
    blocked_at: iso(row.blockedAt),
    created_at: row.createdAt.toISOString(),
  };
}

/** Users by Telegram id (exact), username or name (a part, any case; "@name" too), newest first. */
export async function searchUsers({ db, q, page }: { db: Db; q: string; page: number }) {
  const text = q.replace(/^@/, "");
  const conditions: SQL[] = [];
  if (text) {
    const pattern = containing(text);
    conditions.push(ilike(users.username, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern));
    conditions.push(sql`(${users.firstName} || ' ' || coalesce(${users.lastName}, '')) ilike ${pattern}`);
    if (/^\d{1,15}$/.test(text)) conditions.push(eq(users.telegramId, Number(text)));
  }
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .where(conditions.length ? or(...conditions) : undefined)
    .orderBy(desc(users.id))
    .limit(USERS_PAGE_SIZE + 1)
    .offset((page - 1) * USERS_PAGE_SIZE);
  return { items: rows.slice(0, USERS_PAGE_SIZE).map(toSummary), has_more: rows.length > USERS_PAGE_SIZE };
}

/** One user's record for the operator: account, tariff, balances, referral, payments, ledger, dialogue titles. */
export async function userRecord({ db, userId }: { db: Db; userId: number }) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound("No such user");
  const [[tariff], balances, [invited], paymentRows, ledgerRows, dialogueRows] = await Promise.all([
    db
      .select({ name: tariffs.name, expiresAt: subscriptions.expiresAt, recurrent: subscriptions.recurrent })
      .from(subscriptions)
      .innerJoin(tariffs, eq(tariffs.id, subscriptions.tariffId))
      .where(eq(subscriptions.userId, userId)),
    readBalances({ db, userId }),
    db.select({ n: count() }).from(users).where(eq(users.referredByUserId, userId)),
    db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(20),
    db.select().from(balanceLedger).where(eq(balanceLedger.userId, userId)).orderBy(desc(balanceLedger.id)).limit(50),
    db
      .select({ id: dialogSessions.id, name: dialogSessions.name, updatedAt: dialogSessions.updatedAt })
      .from(dialogSessions)
      .where(eq(dialogSessions.userId, userId))
      .orderBy(desc(dialogSessions.updatedAt), desc(dialogSessions.id))
      .limit(20),
  ]);
  return {
    user: {
      ...toSummary(user),
      language: user.language,
      last_login_at: user.lastLoginAt.toISOString(),
      bot_blocked_at: iso(user.botBlockedAt),
    },
    tariff: tariff
      ? { name: tariff.name, expires_at: tariff.expiresAt.toISOString(), recurrent: tariff.recurrent }
      : null,
    balances: balances ?? perKind("apiKey", () => ({ allowance: 0, package_units: 0 })),
    referral: {
      code: user.referralCode,
      referred_by_user_id: user.referredByUserId,
      balance_rub: roubles(user.refBalanceKopecks),
      invited: invited.n,
    },
    payments: paymentRows.map((p) => ({
      id: p.id,
      kind: p.kind,
      status: p.status,
      provider: p.provider,
      amount_rub: roubles(p.amountKopecks),
      created_at: p.createdAt.toISOString(),
    })),
    ledger: ledgerRows.map((l) => ({
      id: l.id,
      created_at: l.createdAt.toISOString(),
      kind: l.kind,
      units: l.units,
      package_units: l.packageUnits,
      balance_after: l.balanceAfter,
      reason: l.reason,
      model_name: l.modelName,
    })),
    dialogues: dialogueRows.map((d) => ({ id: d.id, title: d.name, updated_at: d.updatedAt.toISOString() })),
  };
}

/**
 * Gives a user units of one kind (added to package units, which refills and expiry keep) or, with
 * negative units, takes them back: package units first, then this step's allowance, never below
 * zero. The new values are computed in SQL from the locked row by changeBalances, which writes the
 * ledger row (reason `grant`); the audit row, with the operator's reason, is in the same transaction.
 */
export function grantUnits({
  db,
  operator,
  userId,
  kind,
  units,
  reason,
}: {
  db: Db;
  operator: Operator;
  userId: number;
  kind: QuotaKey;
  units: number;
  reason: string;
}) {
  return audited({ db, operator }, async (tx) => {
    const before = await readBalances({ db: tx, userId, forUpdate: true });
    if (!before) throw notFound("No such user");
    const pkg = oldPackage(kind);
    // Units taken back beyond the package units come out of the allowance: least(0, pkg + units) is that part.
    const [after] = await changeBalances({
      db: tx,
      where: sql`o.user_id = ${userId}`,
      packageUnits: { [kind]: sql`greatest(${pkg} + ${units}::integer, 0)` },
      allowance: { [kind]: sql`greatest(${oldAllowance(kind)} + least(${pkg} + ${units}::integer, 0), 0)` },
      reason: "grant",
      now: now(),
    });
    const balance = { allowance: after.allowance[kind], package_units: after.packageUnits[kind] };
    return {
      result: { kind, balance },
      audit: {
        action: "user.grant",
        target: `user:${userId}`,
        before: { kind, ...before[kind] },
        after: { kind, ...balance, units, reason },
      },
    };
  });
}

type Balances = Record<QuotaKey, { allowance: number; package_units: number }>;

/** A user's allowance and package units per kind (null without a quotas row); `forUpdate` locks the row. */
async function readBalances({
  db,
  userId,
  forUpdate = false,
}: {
  db: Db;
  userId: number;
  forUpdate?: boolean;
}): Promise<Balances | null> {
  const columns = Object.fromEntries(
    QUOTA_KEYS.flatMap((k) => [
      [k, sql<number>`${sql.identifier(k)}`.mapWith(Number)],
      [`package_${k}`, sql<number>`${sql.identifier(`package_${k}`)}`.mapWith(Number)],
    ]),
  );
  const query = db.select(columns).from(quotas).where(eq(quotas.userId, userId));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) return null;
  return perKind("apiKey", (r) => ({
    allowance: row[r.apiKey] as number,
    package_units: row[`package_${r.apiKey}`] as number,
  }));
}

/**
 * Blocks or unblocks a user (docs/product/console.md#users): a blocked user's app calls answer 403
 * and the bot refuses their messages. Blocking a blocked user (or unblocking an unblocked one)
 * changes nothing and writes no audit row.
 */
export function setUserBlocked({
  db,
  operator,
  userId,
  blocked,
}: {
  db: Db;
  operator: Operator;
  userId: number;
  blocked: boolean;
}) {
  return audited({ db, operator }, async (tx) => {
    const [current] = await tx
      .select({ blockedAt: users.blockedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!current) throw notFound("No such user");
    if ((current.blockedAt !== null) === blocked)
      return { result: { blocked_at: iso(current.blockedAt) }, audit: null };
    const [changed] = await tx
      .update(users)
      .set({ blockedAt: blocked ? now() : null })
      .where(eq(users.id, userId))
      .returning({ blockedAt: users.blockedAt });
    const after = { blocked_at: iso(changed.blockedAt) };
    return {
      result: after,
      audit: {
        action: blocked ? "user.block" : "user.unblock",
        target: `user:${userId}`,
        before: { blocked_at: iso(current.blockedAt) },
        after,
      },
    };
  });
}
