import "server-only";
import { parse, validate } from "@telegram-apps/init-data-node";
import type { Db } from "@/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/server/http/api-error";
import { upsertTelegramUser } from "@/lib/server/users";
import { issueToken } from "./jwt";
import { getSecrets } from "./secrets";

/**
 * Signs a user in from the raw init data the messenger hands the mini-app. The data must be signed
 * with our bot token (checked by the maintained validator, timing-safe) and fresh enough; otherwise
 * nothing is written.
 */
export async function telegramLogin({ db, initData }: { db: Db; initData: string }) {
  try {
    validate(initData, getSecrets().botToken, { expiresIn: env.INIT_DATA_MAX_AGE_SECONDS });
  } catch {
    throw new ApiError("unauthorized", "Init data is invalid or expired");
  }
  const data = parse(initData);
  if (!data.user) throw new ApiError("unauthorized", "Init data carries no user");
  const tg = data.user;
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
  return { jwtToken: await issueToken(user.id), language: user.language, startParam: data.start_param };
}
