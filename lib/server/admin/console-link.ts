import "server-only";
import crypto from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/db";
import { adminLoginCodes } from "@/db/schema";
import { issueOperatorToken } from "@/lib/server/auth/jwt";
import { ApiError } from "@/lib/server/http/api-error";
import { publicUrl } from "@/lib/server/http/public-url";
import { now, nowMs } from "@/lib/server/clock";
import { isOperator } from "./operators";

// The personal account's "Console" link for an operator inside the mini-app: a one-time code
// (32 random bytes, stored only as its SHA-256) that the /admin page redeems once, within a minute,
// for an operator token, so no token travels in a URL.

const LINK_TTL_MS = 60_000;

const digest = (code: string) => crypto.createHash("sha256").update(code).digest("hex");

/** A one-time console link for a mini-app user who is an operator (403 for anyone else). */
export async function createConsoleLink({ db, telegramId }: { db: Db; telegramId: number }): Promise<{ url: string }> {
  if (!(await isOperator(db, telegramId))) throw new ApiError("forbidden", "Only operators have a console link");
  const code = crypto.randomBytes(32).toString("base64url");
  await db
    .insert(adminLoginCodes)
    .values({ codeHash: digest(code), operatorTelegramId: telegramId, expiresAt: new Date(nowMs() + LINK_TTL_MS) });
  return { url: `${publicUrl()}/admin?code=${code}` };
}

/**
 * Redeems a console link's code for an operator token: one atomic update marks it used, so a second
 * redemption (or one after it expired) finds nothing and is 401; a code of an id that is no longer
 * an operator is 403.
 */
export async function redeemConsoleLink({ db, code }: { db: Db; code: string }): Promise<{ token: string }> {
  const at = now();
  const [used] = await db
    .update(adminLoginCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(adminLoginCodes.codeHash, digest(code)),
        isNull(adminLoginCodes.usedAt),
        gt(adminLoginCodes.expiresAt, at),
      ),
    )
    .returning({ telegramId: adminLoginCodes.operatorTelegramId });
  if (!used) throw new ApiError("unauthorized", "The console link is invalid, used or expired");
  if (!(await isOperator(db, used.telegramId)))
    throw new ApiError("forbidden", "This Telegram account is not an operator");
  return { token: await issueOperatorToken(used.telegramId) };
}
