import "server-only";
import { count, desc, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { balanceLedger, models } from "@/db/schema";
import type { UserUsageResponse } from "@/lib/contracts/user";

/** GET /api/user/usage: one page of the caller's ledger rows, newest first (id breaks ties, so pages never overlap). */
export async function listUsage({
  db,
  userId,
  page,
  pageSize,
}: {
  db: Db;
  userId: number;
  page: number;
  pageSize: number;
}): Promise<UserUsageResponse> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: balanceLedger.id,
        createdAt: balanceLedger.createdAt,
        kind: balanceLedger.kind,
        units: balanceLedger.units,
        balanceAfter: balanceLedger.balanceAfter,
        reason: balanceLedger.reason,
        modelName: balanceLedger.modelName,
        // What a person reads: the catalogue's display name (the internal name when the model is gone).
        modelDisplayName: models.displayName,
      })
      .from(balanceLedger)
      .leftJoin(models, eq(models.modelName, balanceLedger.modelName))
      .where(eq(balanceLedger.userId, userId))
      .orderBy(desc(balanceLedger.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(balanceLedger).where(eq(balanceLedger.userId, userId)),
  ]);
  const totalPages = Math.ceil(total / pageSize);
  return {
    data: rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      kind: r.kind,
      units: r.units,
      balance_after: r.balanceAfter,
      reason: r.reason,
      model_name: r.modelName,
      model_display_name: r.modelName === null ? null : (r.modelDisplayName ?? r.modelName),
    })),
    pagination: { hasNextPage: page < totalPages, currentPage: page, totalPages },
  };
}
