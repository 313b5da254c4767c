import "server-only";
import type { Db } from "@/db";
import { env } from "@/lib/env";
import { applyReferralStartParam } from "@/lib/server/referral/codes";
import { upsertTelegramUser } from "@/lib/server/users";
import { readInitData } from "./init-data";
import { issueToken } from "./jwt";
import { getSecrets } from "./secrets";

/**
 * Signs a user in from the raw init data the messenger hands the mini-app. The data must be signed
 * with our bot token (HMAC by the maintained library, compared in constant time), fresh and not
 * from the future; otherwise nothing is written.
 */
export async function telegramLogin({ db, initData }: { db: Db; initData: string }) {
  const { user: tg, startParam } = readInitData({
    initData,
    botToken: getSecrets().botToken,
    maxAgeSeconds: env.INIT_DATA_MAX_AGE_SECONDS,
  });
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
