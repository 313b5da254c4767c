import "server-only";
import type { Db } from "@/db";
import { env } from "@/lib/env";
import { enforceRateLimit } from "@/lib/server/rate-limit";
import { applyReferralStartParam } from "@/lib/server/referral/codes";
import { upsertTelegramUser } from "@/lib/server/users";
import { readInitData } from "./init-data";
import { issueToken } from "./jwt";
import { getSecrets } from "./secrets";

/** The launch data, read and checked; data that does not validate counts against its sender's `address` (429 past the limit). */
async function validLaunchData(db: Db, initData: string, address: string) {
  try {
    return readInitData({ initData, botToken: getSecrets().botToken, maxAgeSeconds: env.INIT_DATA_MAX_AGE_SECONDS });
  } catch (error) {
    await enforceRateLimit({ db, bucket: "sign-in-refused", key: address });
    throw error;
  }
}

/**
 * Signs a user in from the raw init data the messenger hands the mini-app. The data must be signed
 * with our bot token (HMAC by the maintained library, compared in constant time), fresh and not
 * from the future; otherwise nothing is written. Sign-ins are limited per Telegram user once the
 * data validates, and per address (`address`, a rate-limit key) only for data that does not
 * (docs/decisions/0465-sign-in-limited-per-telegram-user.md).
 */
export async function telegramLogin({ db, initData, address }: { db: Db; initData: string; address: string }) {
  const { user: tg, startParam } = await validLaunchData(db, initData, address);
  await enforceRateLimit({ db, bucket: "telegram-sign-in", key: `tg:${tg.id}` });
  const user = await upsertTelegramUser({
    db,
    tg: {
      id: tg.id,
      firstName: tg.first_name,
      lastName: tg.last_name,
      username: tg.username,
      languageCode: tg.language_code,
      isPremium: tg.is_premium,
      isBot: tg.is_bot,
      photoUrl: tg.photo_url,
      allowsWriteToPm: tg.allows_write_to_pm,
    },
  });
  // A referral link's code counts at the first login only (a later login with it changes nothing).
  const firstLogin = user.firstLoginAt.getTime() === user.lastLoginAt.getTime();
  if (firstLogin) await applyReferralStartParam({ db, user, startParam });
  return { jwtToken: await issueToken(user.id), language: user.language };
}
