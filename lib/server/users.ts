import "server-only";
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { quotas, tariffs, users, type User } from "@/db/schema";
import { FREE_TARIFF } from "@/lib/tariff-names";
import { quotaValues } from "@/lib/server/quotas/columns";
import { tariffLimits } from "@/lib/server/tariffs/current-tariff";
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

// Every signed-in call reads its caller: a prepared statement per database handle skips query building
// and, on PostgreSQL, re-planning.
const userById = new WeakMap<Db, ReturnType<typeof prepareUserById>>();
const prepareUserById = (db: Db) =>
  db.select().from(users).where(eq(users.id, sql.placeholder("userId"))).prepare("user_by_id");

export async function findUserById({ db, userId }: { db: Db; userId: number }): Promise<User | undefined> {
  const statement = userById.get(db) ?? userById.set(db, prepareUserById(db)).get(db)!;
  const [user] = await statement.execute({ userId });
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
    const [free] = await tx.select().from(tariffs).where(eq(tariffs.name, FREE_TARIFF));
    await tx
      .insert(quotas)
      .values({ userId: row.id, ...(free ? quotaValues(tariffLimits(free)) : {}) })
      .onConflictDoNothing();
    return row;
  });
}

export async function setUserLanguage({ db, userId, language }: { db: Db; userId: number; language: Language }) {
  await db.update(users).set({ language }).where(eq(users.id, userId));
  return { success: true, language_code: language };
}

/** The caller's interface language as the server knows it (set at sign-in, changed in settings). */
export const userLanguage = (user: User): Language => (user.language === "en" ? "en" : "ru");
