import { eq, sql } from "drizzle-orm";
import { POST as createTariff } from "@/app/api/tariff/create/route";
import { catalogueTariffs } from "@/db/catalogue";
import { getDb } from "@/db";
import { payments, users } from "@/db/schema";
import { call } from "./api";

export const starter = catalogueTariffs.find((t) => t.name === "Starter")!;

/** POST /api/tariff/create for one month of Starter at its price; `extra` changes fields of the body. */
export const buyStarter = (token: string, extra: Record<string, unknown> = {}) =>
  call(createTariff, "POST", "/api/tariff/create", {
    token,
    body: {
      tariff_name: "Starter",
      months: 1,
      calculated_price: starter.amountRub,
      email: "a@b.ru",
      recurent: false,
      ref_amount_used: 0,
      ...extra,
    },
  });

/** Gives a user referral balance directly (the referral programme is another module). */
export async function setReferralBalance(userId: number, roubles: number) {
  const db = await getDb();
  await db
    .update(users)
    .set({ refBalanceKopecks: Math.round(roubles * 100) })
    .where(eq(users.id, userId));
}

export async function referralKopecks(userId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ k: users.refBalanceKopecks }).from(users).where(eq(users.id, userId));
  return row.k;
}

export async function paymentsOf(userId: number) {
  const db = await getDb();
  return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.createdAt);
}

/** Makes the user's open payment look created long ago, so its link has expired. */
export async function expireOpenPayment(userId: number) {
  const db = await getDb();
  await db
    .update(payments)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(payments.userId, userId));
}

export const paymentIdFromUrl = (url: string) => url.split("/").pop()!;
