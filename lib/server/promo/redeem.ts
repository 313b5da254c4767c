import "server-only";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@/db";
import {
  adminAudit,
  promoCodes,
  promoRedemptions,
  quotas,
  referralLedger,
  subscriptions,
  tariffs,
  users,
  type User,
} from "@/db/schema";
import { perKind } from "@/lib/shared/quota-kinds";
import { now } from "@/lib/server/clock";
import { changeBalances, oldPackage, timestamp } from "@/lib/server/quotas/ledger";
import { grantTariffAllowance } from "@/lib/server/quotas/refill";
import { settleOwed } from "@/lib/server/referral/clawback";
import { tariffLimits } from "@/lib/server/tariffs/current-tariff";
import { translatorFor } from "@/lib/server/translator";

// Redeeming a promo code (docs/product/console.md "Promo codes"): in one transaction the caller's
// redemption row (unique per code and user: a second, even concurrent, one fails), the code's count
// (a conditional update: never past max_redemptions or valid_until), what it gives with its ledger
// row (reason `promo`; roubles: referral_ledger kind `promo`), and an audit row.

const DAY_MS = 24 * 60 * 60 * 1000;
type Refusal = "unknown" | "expired" | "usedUp" | "already" | "otherTariff";
class Refused extends Error {
  constructor(readonly why: Refusal) {
    super(why);
  }
}

type Code = typeof promoCodes.$inferSelect;

/** Days of a standard tariff: added to it when it runs, otherwise it starts now (not over another paid tariff). */
async function giveDays({ tx, user, code, at }: { tx: Db; user: User; code: Code; at: Date }) {
  const [tariff] = await tx.select().from(tariffs).where(eq(tariffs.id, code.tariffId!));
  const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, user.id)).for("update");
  const running = current && current.expiresAt.getTime() > at.getTime();
  if (running && current.tariffId !== tariff.id) throw new Refused("otherTariff");
  const days = code.amount * DAY_MS;
  if (running) {
    await tx
      .update(subscriptions)
      .set({ expiresAt: new Date(current.expiresAt.getTime() + days) })
      .where(eq(subscriptions.userId, user.id));
    // No balance changes: a line of its own in Spending all the same.
    await tx.execute(sql`insert into balance_ledger (user_id, created_at, kind, units, package_units, balance_after, reason)
      select user_id, ${timestamp(at)}, 'text_tokens', 0, 0, text_tokens + package_text_tokens, 'promo'
      from quotas where user_id = ${user.id}`);
    return;
  }
  const limits = tariffLimits(tariff);
  const values = {
    tariffId: tariff.id,
    priceKopecks: 0,
    months: 1,
    startsAt: at,
    expiresAt: new Date(at.getTime() + days),
    recurrent: false,
    paymentMethodId: null,
    ...perKind("subscriptionColumn", (r) => limits[r.apiKey]),
    nextLimits: null,
    customModelIds: null,
    lastRenewalAttemptAt: null,
  };
  await tx
    .insert(subscriptions)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
  await grantTariffAllowance({
    db: tx,
    userId: user.id,
    limits,
    expiresAt: values.expiresAt,
    now: at,
    refs: {},
    reason: "promo",
  });
}

async function give({ tx, user, code, at }: { tx: Db; user: User; code: Code; at: Date }) {
  if (code.grant === "days") return giveDays({ tx, user, code, at });
  if (code.grant === "units") {
    const key = code.quotaKey!;
    await tx.insert(quotas).values({ userId: user.id }).onConflictDoNothing();
    await changeBalances({
      db: tx,
      where: sql`o.user_id = ${user.id}`,
      packageUnits: { [key]: sql`${oldPackage(key)} + ${code.amount}::integer` },
      reason: "promo",
      now: at,
    });
    return;
  }
  await tx
    .update(users)
    .set({ refBalanceKopecks: sql`${users.refBalanceKopecks} + ${code.amount}` })
    .where(eq(users.id, user.id));
  await tx.insert(referralLedger).values({ userId: user.id, kind: "promo", amountKopecks: code.amount });
  await settleOwed({ tx, userId: user.id, paymentId: null });
}

/** Why a code could not be counted: it is unknown, past its date, or used up. */
async function whyNotCounted(db: Db, text: string, at: Date): Promise<Refusal> {
  const [code] = await db
    .select()
    .from(promoCodes)
    .where(sql`lower(${promoCodes.code}) = lower(${text})`);
  if (!code) return "unknown";
  if (code.validUntil.getTime() <= at.getTime()) return "expired";
  return "usedUp";
}

/** POST /api/promo/redeem, /promo <code> and /start promo_<code>: answers whether it worked and a message in the user's language. */
export async function redeemPromoCode({
  db,
  user,
  code: text,
}: {
  db: Db;
  user: User;
  code: string;
}): Promise<{ success: boolean; message: string }> {
  const t = translatorFor(user.language, "Promo");
  const at = now();
  try {
    const code = await db.transaction(async (tx) => {
      const [counted] = await tx
        .update(promoCodes)
        .set({ redemptions: sql`${promoCodes.redemptions} + 1` })
        .where(
          and(
            sql`lower(${promoCodes.code}) = lower(${text})`,
            gt(promoCodes.validUntil, at),
            lt(promoCodes.redemptions, promoCodes.maxRedemptions),
          ),
        )
        .returning();
      if (!counted) throw new Refused(await whyNotCounted(tx, text, at));
      const [redeemed] = await tx
        .insert(promoRedemptions)
        .values({ codeId: counted.id, userId: user.id, createdAt: at })
        .onConflictDoNothing()
        .returning({ id: promoRedemptions.id });
      if (!redeemed) throw new Refused("already");
      await give({ tx, user, code: counted, at });
      await tx.insert(adminAudit).values({
        operatorTelegramId: user.telegramId,
        action: "promo.redeem",
        target: `promo:${counted.code}`,
        before: null,
        after: { user_id: user.id, grant: counted.grant, amount: counted.amount, quota_key: counted.quotaKey },
        at,
      });
      return counted;
    });
    return {
      success: true,
      message: t(`redeemed.${code.grant}`, { amount: code.grant === "roubles" ? code.amount / 100 : code.amount }),
    };
  } catch (error) {
    if (error instanceof Refused) return { success: false, message: t(`refused.${error.why}`) };
    throw error;
  }
}
