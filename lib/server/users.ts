import "server-only";
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { perDatabase } from "@/db/per-database";
import { quotas, subscriptions, tariffs, users, type User } from "@/db/schema";
import { perKind, type QuotaRecord } from "@/lib/shared/quota-kinds";
import { FREE_TARIFF } from "@/lib/shared/tariff-names";
import { ApiError } from "@/lib/server/http/api-error";
import { now } from "@/lib/server/clock";
import { changeBalances } from "@/lib/server/quotas/ledger";
import { applyDueRefills, refillDue } from "@/lib/server/quotas/refill";
import {
  packageQuotaColumns,
  remainingQuotaColumns,
  subscriptionColumns,
  tariffLimits,
  toRemainingQuotas,
  type CurrentSubscription,
} from "@/lib/server/tariffs/current-tariff";
import type { Language } from "@/lib/contracts/common";

export type TelegramUser = {
  id: number;
  firstName: string;
  lastName?: string;
  username?: string;
  languageCode?: string;
  isPremium?: boolean;
  isBot?: boolean;
  photoUrl?: string;
  allowsWriteToPm?: boolean;
};

// The user columns any signed-in route reads; the rest of the row (launch data, bot state) is read
// where it is needed.
const callerColumns = {
  id: users.id,
  telegramId: users.telegramId,
  language: users.language,
  firstLoginAt: users.firstLoginAt,
  referredByUserId: users.referredByUserId,
  referralCode: users.referralCode,
  refBalanceKopecks: users.refBalanceKopecks,
  blockedAt: users.blockedAt,
};

/**
 * The caller of a signed-in route, as one query reads them: their columns, their subscription row
 * (null without one; tariffOfSubscription says whether it still counts) and their remaining quotas
 * as of the start of the request (spending goes through the quotas' conditional updates, never these).
 */
export type Caller = Pick<User, keyof typeof callerColumns> & {
  subscription: CurrentSubscription | null;
  quotas: QuotaRecord;
  packageQuotas: QuotaRecord;
};

// Every signed-in call reads its caller: one prepared statement per database handle (no query building
// per call and, on PostgreSQL, no re-planning), joined so the tariff and quotas cost no second round trip.
const callerById = perDatabase((db) =>
  db
    .select({
      ...callerColumns,
      subscription: subscriptionColumns,
      quotas: remainingQuotaColumns,
      packageQuotas: packageQuotaColumns,
      stepEndsAt: quotas.stepEndsAt,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(quotas, eq(quotas.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("caller_by_id"),
);

export async function findCaller({ db, userId }: { db: Db; userId: number }): Promise<Caller | undefined> {
  let [row] = await callerById(db).execute({ userId });
  // A refill or expiry is due: apply it before anything reads the balances (docs/product/billing.md).
  if (refillDue(row?.stepEndsAt)) {
    await applyDueRefills({ db, userId, now: now() });
    [row] = await callerById(db).execute({ userId });
  }
  if (!row) return undefined;
  const { stepEndsAt: _due, ...caller } = row;
  return { ...caller, quotas: toRemainingQuotas(row.quotas), packageQuotas: toRemainingQuotas(row.packageQuotas) };
}

/** The whole users row, for the few routes that need more than the caller's columns. */
export async function findUserOrThrow({ db, userId }: { db: Db; userId: number }): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new ApiError("unauthorized", "Unknown user");
  return user;
}

// Unambiguous upper-case letters and digits; 8 of them give ~10^12 codes.
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export function generateReferralCode(): string {
  const bytes = crypto.randomBytes(8);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

const appLanguage = (code?: string) => (code?.toLowerCase().startsWith("en") ? "en" : "ru");

/**
 * Creates the user on first sign-in (with Free quotas) or refreshes their launch data. The first
 * login time and chosen interface language are never overwritten.
 */
export async function upsertTelegramUser({ db, tg }: { db: Db; tg: TelegramUser }): Promise<User> {
  const launchData = {
    firstName: tg.firstName,
    lastName: tg.lastName ?? null,
    username: tg.username ?? null,
    languageCode: tg.languageCode ?? null,
    isPremium: tg.isPremium ?? false,
    isBot: tg.isBot ?? false,
    photoUrl: tg.photoUrl ?? null,
    allowsWriteToPm: tg.allowsWriteToPm ?? false,
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        telegramId: tg.id,
        ...launchData,
        language: appLanguage(tg.languageCode),
        referralCode: generateReferralCode(),
      })
      .onConflictDoUpdate({ target: users.telegramId, set: { ...launchData, lastLoginAt: sql`now()` } })
      .returning();
    const created = await tx
      .insert(quotas)
      .values({ userId: row.id })
      .onConflictDoNothing()
      .returning({ userId: quotas.userId });
    const [free] = await tx.select().from(tariffs).where(eq(tariffs.name, FREE_TARIFF));
    if (created.length && free) {
      const limits = tariffLimits(free);
      await changeBalances({
        db: tx,
        where: sql`o.user_id = ${row.id}`,
        allowance: perKind("apiKey", (r) => sql`${limits[r.apiKey]}::integer`),
        reason: "grant",
        now: now(),
      });
    }
    return row;
  });
}

export async function setUserLanguage({ db, userId, language }: { db: Db; userId: number; language: Language }) {
  await db.update(users).set({ language }).where(eq(users.id, userId));
  return { success: true, language_code: language };
}

/** The caller's interface language as the server knows it (set at sign-in, changed in settings). */
export const userLanguage = (user: Pick<User, "language">): Language => (user.language === "en" ? "en" : "ru");
