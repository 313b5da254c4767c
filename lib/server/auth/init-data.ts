import "server-only";
import crypto from "node:crypto";
import { signData } from "@telegram-apps/init-data-node";
import { z } from "zod";
import { ApiError } from "@/lib/server/http/api-error";

/** Launch data may be signed a little "in the future" by a client whose clock runs ahead. */
const FUTURE_SKEW_SECONDS = 60;

const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes("\0"), "NUL characters are not allowed");

// Telegram user ids fit in 52 bits; anything else (huge, fractional, a string) is refused.
const launchUserSchema = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: text(256).default(""),
  last_name: text(256).optional(),
  username: text(64).optional(),
  language_code: text(35).optional(),
  is_premium: z.boolean().optional(),
  is_bot: z.boolean().optional(),
  photo_url: text(2048).optional(),
  allows_write_to_pm: z.boolean().optional(),
});

export type LaunchUser = z.infer<typeof launchUserSchema>;
export type LaunchData = { user: LaunchUser; startParam?: string; authDate: Date };

const unauthorized = () => new ApiError("unauthorized", "Init data is invalid or expired");

/**
 * Checks the HMAC of raw launch data with the library's signing function and compares it in
 * constant time (the library's own `validate` compares with `!==`). `signature` (the third-party
 * Ed25519 signature) is optional: older clients omit it, and it plays no part in the bot's HMAC.
 */
function verifySignature(params: URLSearchParams, botToken: string): void {
  const hash = params.get("hash");
  if (!hash || !/^[0-9a-f]{64}$/i.test(hash)) throw unauthorized();
  const pairs: string[] = [];
  params.forEach((value, key) => {
    if (key !== "hash") pairs.push(`${key}=${value}`);
  });
  pairs.sort();
  const expected = Buffer.from(signData(pairs.join("\n"), botToken), "hex");
  if (!crypto.timingSafeEqual(expected, Buffer.from(hash, "hex"))) throw unauthorized();
}

function readAuthDate(params: URLSearchParams, maxAgeSeconds: number): Date {
  const raw = params.get("auth_date") ?? "";
  if (!/^\d{1,12}$/.test(raw)) throw unauthorized();
  const seconds = Number(raw);
  const now = Date.now() / 1000;
  if (seconds > now + FUTURE_SKEW_SECONDS) throw unauthorized();
  if (maxAgeSeconds > 0 && seconds + maxAgeSeconds < now) throw unauthorized();
  return new Date(seconds * 1000);
}

function readUser(raw: string | null): LaunchUser {
  if (!raw) throw new ApiError("unauthorized", "Init data carries no user");
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ApiError("bad_request", "Init data user is not JSON");
  }
  const parsed = launchUserSchema.safeParse(json);
  if (!parsed.success) throw new ApiError("bad_request", "Init data user is malformed");
  return parsed.data;
}

/** Validated launch data, or a 401 (bad signature, stale, future) / 400 (signed but malformed). */
export function readInitData({
  initData,
  botToken,
  maxAgeSeconds,
}: {
  initData: string;
  botToken: string;
  maxAgeSeconds: number;
}): LaunchData {
  if (initData.includes("\0")) throw unauthorized();
  const params = new URLSearchParams(initData);
  verifySignature(params, botToken);
  const authDate = readAuthDate(params, maxAgeSeconds);
  const user = readUser(params.get("user"));
  const startParam = params.get("start_param") ?? undefined;
  if (startParam !== undefined && (startParam.length > 512 || startParam.includes("\0"))) {
    throw new ApiError("bad_request", "Init data start parameter is malformed");
  }
  return { user, startParam, authDate };
}
