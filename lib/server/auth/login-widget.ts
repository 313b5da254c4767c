import "server-only";
import crypto from "node:crypto";
import { ApiError } from "@/lib/server/http/api-error";
import { nowMs } from "@/lib/server/clock";

/** A sign-in may be signed a little "in the future" when Telegram's clock runs ahead of ours. */
const FUTURE_SKEW_SECONDS = 60;

/** The fields Telegram's Login Widget hands the page (`data-onauth`), as the page sends them on. */
export type LoginWidgetData = {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: number;
  hash: string;
};

const unauthorized = () => new ApiError("unauthorized", "Login Widget data is invalid or expired");

/**
 * Telegram's check for the Login Widget (core.telegram.org/widgets/login, "Checking authorization"):
 * every received field but `hash`, sorted by name, as `key=value` lines joined by "\n"; its
 * HMAC-SHA-256 keyed with the SHA-256 of the bot token must equal `hash` (compared in constant
 * time). This differs from the mini-app's launch data, whose key is HMAC("WebAppData", token), so
 * @telegram-apps/init-data-node does not apply. `auth_date` must be at most `maxAgeSeconds` old.
 */
export function verifyLoginWidget(
  data: LoginWidgetData,
  { botToken, maxAgeSeconds }: { botToken: string; maxAgeSeconds: number },
): void {
  const { hash, ...fields } = data;
  if (!/^[0-9a-f]{64}$/i.test(hash)) throw unauthorized();
  const checkString = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join("\n");
  const secret = crypto.createHash("sha256").update(botToken).digest();
  const expected = crypto.createHmac("sha256", secret).update(checkString).digest();
  if (!crypto.timingSafeEqual(expected, Buffer.from(hash, "hex"))) throw unauthorized();
  const nowSeconds = nowMs() / 1000;
  if (data.auth_date > nowSeconds + FUTURE_SKEW_SECONDS || data.auth_date + maxAgeSeconds < nowSeconds)
    throw unauthorized();
}
