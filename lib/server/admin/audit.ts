import "server-only";
import { desc } from "drizzle-orm";
import type { Db } from "@/db";
import { adminAudit } from "@/db/schema";
import { now } from "@/lib/server/clock";

/** Who made a console change: the operator's Telegram id (from their token). */
export type Operator = { telegramId: number };

/** What one audited change did: `before` and `after` are the changed record's JSON (null when none). */
export type AuditEntry = { action: string; target: string; before: unknown; after: unknown };

/**
 * Runs a console change and writes its audit row in the same transaction: the change answers its
 * result and what to audit, so either both are kept or neither (a failing change leaves no row,
 * a failing audit insert rolls the change back). Every /api/admin call that changes data goes
 * through here, e.g.
 *   audited({ db, operator }, async (tx) => { ...update with tx...; return { result, audit: { action: "user.block", target: `user:${id}`, before, after } }; })
 */
export function audited<T>(
  { db, operator }: { db: Db; operator: Operator },
  change: (tx: Db) => Promise<{ result: T; audit: AuditEntry }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { result, audit } = await change(tx);
    await tx.insert(adminAudit).values({
      operatorTelegramId: operator.telegramId,
      action: audit.action,
      target: audit.target,
      before: audit.before ?? null,
      after: audit.after ?? null,
      at: now(),
    });
    return result;
  });
}

export const AUDIT_PAGE_SIZE = 50;

/** One page of audit rows, newest first (page 1 is the newest). */
export async function listAudit({ db, page }: { db: Db; page: number }) {
  const rows = await db
    .select()
    .from(adminAudit)
    .orderBy(desc(adminAudit.at), desc(adminAudit.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return {
    items: rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
      id: row.id,
      operator_telegram_id: row.operatorTelegramId,
      action: row.action,
      target: row.target,
      before: row.before ?? null,
      after: row.after ?? null,
      at: row.at.toISOString(),
    })),
    has_more: rows.length > AUDIT_PAGE_SIZE,
  };
}
