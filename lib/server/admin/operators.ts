import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { operators, payments } from "@/db/schema";
import { env, isDemoMode } from "@/lib/env";
import { DEMO_USER } from "@/lib/server/demo/init-data";
import { ApiError } from "@/lib/server/http/api-error";
import { audited, type Operator } from "@/lib/server/admin/audit";
import type { OperatorRole } from "@/lib/shared/operator-roles";

// The console's operators live in the operators table with their role (docs/product/console.md
// "Roles"). The ids of ADMIN_TELEGRAM_IDS (and, in demo mode, the demo operator) are seeded as owners
// the first time they are seen; from then on the table decides, and owners manage it in the console.

/**
 * In demo mode the demo user (the account the demo signs in as) is also the console's operator, so
 * a newcomer reaches /admin from the first command and sees the Console link in the app.
 */
export const DEMO_OPERATOR_ID = DEMO_USER.id;

/** The signed-in operator of an /api/admin call: who, their role and, for support, their limits. */
export type SignedInOperator = Operator & { role: OperatorRole; grantLimit: number; refundLimitKopecks: number };

/** Whether an id is one ADMIN_TELEGRAM_IDS (or demo mode) seeds as an owner. */
function seededOwner(telegramId: number): boolean {
  return env.ADMIN_TELEGRAM_IDS.includes(telegramId) || (isDemoMode() && telegramId === DEMO_OPERATOR_ID);
}

/** The operator with this Telegram id, seeding an owner from ADMIN_TELEGRAM_IDS; null for anyone else. */
export async function findOperator(db: Db, telegramId: number): Promise<SignedInOperator | null> {
  // The demo operator is one in demo mode only, whatever its row says (a demo database kept for production).
  if (telegramId === DEMO_OPERATOR_ID && !isDemoMode() && !env.ADMIN_TELEGRAM_IDS.includes(telegramId)) return null;
  const read = () => db.select().from(operators).where(eq(operators.telegramId, telegramId));
  let [row] = await read();
  if (!row && seededOwner(telegramId)) {
    await db.insert(operators).values({ telegramId, role: "owner" }).onConflictDoNothing();
    [row] = await read();
  }
  if (!row) return null;
  return {
    telegramId: row.telegramId,
    role: row.role,
    grantLimit: row.grantLimit,
    refundLimitKopecks: row.refundLimitKopecks,
  };
}

export async function isOperator(db: Db, telegramId: number): Promise<boolean> {
  return (await findOperator(db, telegramId)) !== null;
}

type OperatorRow = typeof operators.$inferSelect;

const toJson = (row: OperatorRow) => ({
  telegram_id: row.telegramId,
  role: row.role,
  grant_limit: row.grantLimit,
  refund_limit_rub: row.refundLimitKopecks / 100,
  seeded: seededOwner(row.telegramId),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Every operator, owners first, then by when they were added (the ids of ADMIN_TELEGRAM_IDS are seeded first). */
/** Inserts the owners ADMIN_TELEGRAM_IDS (and demo mode) seed that have no row yet. */
async function seedOwners(db: Pick<Db, "insert">): Promise<void> {
  for (const telegramId of [...env.ADMIN_TELEGRAM_IDS, ...(isDemoMode() ? [DEMO_OPERATOR_ID] : [])])
    await db.insert(operators).values({ telegramId, role: "owner" }).onConflictDoNothing();
}

/** Every owner's Telegram id (the seeded ones included): whom the bot's alerts go to. */
export async function ownerIds(db: Db): Promise<number[]> {
  await seedOwners(db);
  const rows = await db
    .select({ telegramId: operators.telegramId })
    .from(operators)
    .where(eq(operators.role, "owner"))
    .orderBy(asc(operators.telegramId));
  // A demo database kept for production keeps the demo operator's row; it is no operator there (findOperator).
  return rows
    .map((r) => r.telegramId)
    .filter((id) => id !== DEMO_OPERATOR_ID || isDemoMode() || env.ADMIN_TELEGRAM_IDS.includes(id));
}

export async function listOperators(db: Db) {
  await seedOwners(db);
  const rows = await db.select().from(operators).orderBy(asc(operators.createdAt), asc(operators.telegramId));
  const rank = { owner: 0, support: 1, analyst: 2 } as const;
  return { items: rows.sort((a, b) => rank[a.role] - rank[b.role]).map(toJson) };
}

/** Locks every owner row for the transaction, so two owners cannot each remove the other. */
async function ownersLocked(tx: Db): Promise<number[]> {
  const rows = await tx
    .select({ telegramId: operators.telegramId })
    .from(operators)
    .where(eq(operators.role, "owner"))
    .for("update");
  return rows.map((r) => r.telegramId);
}

const lastOwner = () => new ApiError("conflict", "The last owner cannot be removed or given another role");

/** Adds an operator or changes their role and limits (audited); the last owner keeps the owner role. */
export function putOperator(
  { db, operator }: { db: Db; operator: Operator },
  telegramId: number,
  body: { role: OperatorRole; grant_limit?: number; refund_limit_rub?: number },
) {
  return audited({ db, operator }, async (tx) => {
    const owners = await ownersLocked(tx);
    const [before] = await tx.select().from(operators).where(eq(operators.telegramId, telegramId)).for("update");
    if (before?.role === "owner" && body.role !== "owner" && owners.length <= 1) throw lastOwner();
    const limits = {
      ...(body.grant_limit !== undefined ? { grantLimit: body.grant_limit } : {}),
      ...(body.refund_limit_rub !== undefined ? { refundLimitKopecks: Math.round(body.refund_limit_rub * 100) } : {}),
    };
    const [row] = await tx
      .insert(operators)
      .values({ telegramId, role: body.role, ...limits })
      .onConflictDoUpdate({ target: operators.telegramId, set: { role: body.role, ...limits, updatedAt: new Date() } })
      .returning();
    const after = toJson(row);
    return {
      result: after,
      audit: {
        action: "operator.put",
        target: `operator:${telegramId}`,
        before: before ? toJson(before) : null,
        after,
      },
    };
  });
}

/** Removes an operator (audited): 404 for none, 409 for the last owner or an id ADMIN_TELEGRAM_IDS would seed again. */
export function deleteOperator({ db, operator }: { db: Db; operator: Operator }, telegramId: number) {
  return audited({ db, operator }, async (tx) => {
    const owners = await ownersLocked(tx);
    const [before] = await tx.select().from(operators).where(eq(operators.telegramId, telegramId)).for("update");
    if (!before) throw new ApiError("not_found", "No operator with this Telegram id");
    if (before.role === "owner" && owners.length <= 1) throw lastOwner();
    if (seededOwner(telegramId))
      throw new ApiError("conflict", "This id is in ADMIN_TELEGRAM_IDS: remove it there first, or it is seeded again");
    await tx.delete(operators).where(eq(operators.telegramId, telegramId));
    return {
      result: { deleted: true as const },
      audit: { action: "operator.delete", target: `operator:${telegramId}`, before: toJson(before), after: null },
    };
  });
}

/** Support's grants are capped per grant by the limit an owner set (403 past it); owners are not capped. */
export function checkGrantLimit(operator: SignedInOperator, units: number): void {
  if (operator.role === "support" && Math.abs(units) > operator.grantLimit)
    throw new ApiError(
      "forbidden",
      `A support operator grants at most ${operator.grantLimit} units at a time`,
      undefined,
      {
        reason: "grant_limit",
      },
    );
}

/** Support refunds payments up to the amount an owner set (403 past it); an unknown payment is left to the refund's 404. */
export async function checkRefundLimit(
  db: Db,
  operator: SignedInOperator,
  paymentId: string,
  amountKopecks?: number,
): Promise<void> {
  if (operator.role !== "support") return;
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return;
  const [payment] = await db
    .select({ amountKopecks: payments.amountKopecks })
    .from(payments)
    .where(eq(payments.id, paymentId));
  // A partial refund counts its own amount against the limit; a whole one, the payment's.
  if (payment && (amountKopecks ?? payment.amountKopecks) > operator.refundLimitKopecks)
    throw new ApiError("forbidden", "This payment is over the refund limit of a support operator", undefined, {
      reason: "refund_limit",
    });
}
