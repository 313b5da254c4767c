import "server-only";
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db";
import { promoCodes, promoRedemptions, tariffs, users } from "@/db/schema";
import type { adminPromoCreateBodySchema, adminPromoSchema } from "@/lib/contracts/promo";
import { toKopecks, toRoubles } from "@/lib/shared/money";
import { CUSTOM_TARIFF, FREE_TARIFF } from "@/lib/shared/tariff-names";
import { audited, type Operator } from "@/lib/server/admin/audit";
import { ApiError } from "@/lib/server/http/api-error";

// The console's promo codes (docs/product/console.md "Promo codes"): created with an audit row,
// listed newest first with who redeemed them.

type AdminPromo = z.infer<typeof adminPromoSchema>;
type PromoRow = typeof promoCodes.$inferSelect;

const bad = (field: string, message: string) => new ApiError("bad_request", message, { [field]: [message] });

function toAdminPromo(row: PromoRow, tariffName: string | null, redeemed: AdminPromo["redeemed_by"]): AdminPromo {
  return {
    id: row.id,
    code: row.code,
    grant: row.grant,
    quota_key: row.quotaKey,
    tariff_name: tariffName,
    amount: row.grant === "roubles" ? toRoubles(row.amount) : row.amount,
    max_redemptions: row.maxRedemptions,
    redemptions: row.redemptions,
    valid_until: row.validUntil.toISOString(),
    created_at: row.createdAt.toISOString(),
    redeemed_by: redeemed,
  };
}

/** POST /api/admin/promo-codes: 409 when the code exists (in any letter case). */
export async function createPromoCode({
  db,
  operator,
  body,
}: {
  db: Db;
  operator: Operator;
  body: z.infer<typeof adminPromoCreateBodySchema>;
}): Promise<AdminPromo> {
  let tariffId: number | null = null;
  if (body.grant === "days") {
    const [tariff] = await db.select().from(tariffs).where(eq(tariffs.name, body.tariff_name!));
    if (!tariff || tariff.name === FREE_TARIFF || tariff.name === CUSTOM_TARIFF)
      throw bad("tariff_name", "Days can be given of Starter or Neuro Basic (a standard paid tariff)");
    tariffId = tariff.id;
  }
  const [taken] = await db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(sql`lower(${promoCodes.code}) = lower(${body.code})`);
  if (taken) throw new ApiError("conflict", "A promo code with this name exists");
  return audited({ db, operator }, async (tx) => {
    const [row] = await tx
      .insert(promoCodes)
      .values({
        code: body.code,
        grant: body.grant,
        quotaKey: body.grant === "units" ? body.quota_key! : null,
        tariffId,
        amount: body.grant === "roubles" ? toKopecks(body.amount) : body.amount,
        maxRedemptions: body.max_redemptions,
        validUntil: new Date(body.valid_until),
        createdByTelegramId: operator.telegramId,
      })
      .returning();
    const result = toAdminPromo(row, body.grant === "days" ? body.tariff_name! : null, []);
    return { result, audit: { action: "promo.create", target: `promo:${row.code}`, before: null, after: result } };
  });
}

/** GET /api/admin/promo-codes: every code, newest first, with its redemptions. */
export async function listPromoCodes({ db }: { db: Db }): Promise<{ items: AdminPromo[] }> {
  const rows = await db
    .select({ promo: promoCodes, tariffName: tariffs.name })
    .from(promoCodes)
    .leftJoin(tariffs, eq(tariffs.id, promoCodes.tariffId))
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
  const ids = rows.map((r) => r.promo.id);
  const redemptions = ids.length
    ? await db
        .select({
          codeId: promoRedemptions.codeId,
          userId: users.id,
          telegramId: users.telegramId,
          firstName: users.firstName,
          username: users.username,
          at: promoRedemptions.createdAt,
        })
        .from(promoRedemptions)
        .innerJoin(users, eq(users.id, promoRedemptions.userId))
        .where(inArray(promoRedemptions.codeId, ids))
        .orderBy(desc(promoRedemptions.createdAt), desc(promoRedemptions.id))
    : [];
  return {
    items: rows.map((r) =>
      toAdminPromo(
        r.promo,
        r.tariffName,
        redemptions
          .filter((x) => x.codeId === r.promo.id)
          .map((x) => ({
            user_id: x.userId,
            telegram_id: x.telegramId,
            user_name: x.firstName + (x.username ? ` @${x.username}` : ""),
            at: x.at.toISOString(),
          })),
      ),
    ),
  };
}
