import "server-only";
import { and, eq, gt, isNull, ne, not, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { users, type User } from "@/db/schema";
import {
  referralCodeSchema,
  type ActivateCodeResponse,
  type CheckCodeResponse,
  type MyCodeResponse,
} from "@/lib/contracts/referral";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/server/http/api-error";
import { referralMessage, type ReferralOutcome } from "./messages";

// docs/product/referral.md: a code may be applied once, within 24 h of the first login, never
// one's own, and never one whose owner is already below the user in a referral chain (no cycles).
export const REFERRAL_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The start parameter that carries a referral code: `ref_<code>` (t.me/<bot>?startapp=ref_<code>). */
export const REFERRAL_START_PREFIX = "ref_";

/** What the referral rules read of the user applying a code. */
type Referee = Pick<User, "id" | "language" | "firstLoginAt" | "referredByUserId">;

const normalize = (code: string) => code.trim().toUpperCase();

export const canApplyReferral = (user: Pick<User, "firstLoginAt" | "referredByUserId">, now = Date.now()) =>
  user.referredByUserId === null && now - user.firstLoginAt.getTime() < REFERRAL_WINDOW_MS;

/** GET /api/referral/my-code */
export function myReferralCode(user: Pick<User, "referralCode">): MyCodeResponse {
  return {
    referral_code: user.referralCode,
    telegram_link: `https://t.me/${env.BOT_USERNAME}?startapp=${REFERRAL_START_PREFIX}${user.referralCode}`,
  };
}

async function findReferrerId({ db, code }: { db: Db; code: string }): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, normalize(code)));
  return row?.id;
}

async function evaluate({
  db,
  user,
  code,
}: {
  db: Db;
  user: Referee;
  code: string;
}): Promise<{ outcome: ReferralOutcome; referrerId?: number }> {
  if (user.referredByUserId !== null) return { outcome: "alreadyApplied" };
  if (!canApplyReferral(user)) return { outcome: "windowOver" };
  const referrerId = await findReferrerId({ db, code });
  if (referrerId === undefined) return { outcome: "unknown" };
  if (referrerId === user.id) return { outcome: "own" };
  if (await db.$count(users, and(eq(users.id, user.id), referrerChainHas(referrerId, user.id))))
    return { outcome: "cycle" };
  return { outcome: "valid", referrerId };
}

/**
 * True when `userId` is `referrerId`'s referrer, or theirs, and so on up the chain: making
 * `userId` referred by `referrerId` would close a cycle. UNION (not UNION ALL) ends the walk on a
 * chain that already loops.
 */
const referrerChainHas = (referrerId: number, userId: number) => sql`exists (
  with recursive chain(id) as (
    select ${users.referredByUserId} from ${users} where ${users.id} = ${referrerId}
    union
    select u.referred_by_user_id from ${users} u join chain c on u.id = c.id
  )
  select 1 from chain where chain.id = ${userId}
)`;

/** GET /api/referral/check-code/{code}: whether the caller may apply this code, and why not. */
export async function checkReferralCode({
  db,
  user,
  code,
}: {
  db: Db;
  user: Referee;
  code: string;
}): Promise<CheckCodeResponse> {
  const { outcome } = await evaluate({ db, user, code });
  return { can_use: outcome === "valid", message: referralMessage(user.language, outcome) };
}

// Activations take this transaction lock, so two users applying each other's code at once see
// each other's referrer and cannot close a cycle between them.
const REFERRAL_CHAIN_LOCK = 0x7265_6663; // "refc"

/**
 * Makes the code's owner the referrer of `userId`, atomically: one conditional UPDATE that holds
 * only while no referrer is set, the window is open and no cycle would close, so two concurrent
 * activations leave one.
 */
async function setReferrer({
  db,
  userId,
  referrerId,
}: {
  db: Db;
  userId: number;
  referrerId: number;
}): Promise<boolean> {
  const windowStart = new Date(Date.now() - REFERRAL_WINDOW_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REFERRAL_CHAIN_LOCK})`);
    const updated = await tx
      .update(users)
      .set({ referredByUserId: referrerId, referralAppliedAt: sql`now()` })
      .where(
        and(
          eq(users.id, userId),
          isNull(users.referredByUserId),
          gt(users.firstLoginAt, windowStart),
          ne(users.id, referrerId),
          not(referrerChainHas(referrerId, userId)),
        ),
      )
      .returning({ id: users.id });
    return updated.length === 1;
  });
}

const ACTIVATION_ERRORS: Record<
  Exclude<ReferralOutcome, "valid">,
  "not_found" | "bad_request" | "forbidden" | "conflict"
> = {
  unknown: "not_found",
  own: "bad_request",
  cycle: "bad_request",
  windowOver: "forbidden",
  alreadyApplied: "conflict",
};

/** POST /api/referral/activate-code */
export async function activateReferralCode({
  db,
  user,
  code,
}: {
  db: Db;
  user: Referee;
  code: string;
}): Promise<ActivateCodeResponse> {
  const { outcome, referrerId } = await evaluate({ db, user, code });
  const fail = (why: Exclude<ReferralOutcome, "valid">) =>
    new ApiError(ACTIVATION_ERRORS[why], referralMessage(user.language, why));
  if (outcome !== "valid" || referrerId === undefined) throw fail(outcome === "valid" ? "unknown" : outcome);
  if (!(await setReferrer({ db, userId: user.id, referrerId }))) throw fail("alreadyApplied");
  return { success: true, message: referralMessage(user.language, "activated") };
}

/**
 * Applies a `ref_<code>` start parameter (sign-in at the first login, the bot's `/start`) under the
 * same rules, silently: a bad or late code changes nothing. Answers whether it was applied.
 */
export async function applyReferralStartParam({
  db,
  user,
  startParam,
}: {
  db: Db;
  user: Referee;
  startParam: string | undefined;
}): Promise<boolean> {
  if (!startParam?.startsWith(REFERRAL_START_PREFIX)) return false;
  const parsed = referralCodeSchema.safeParse(startParam.slice(REFERRAL_START_PREFIX.length));
  if (!parsed.success) return false;
  const { outcome, referrerId } = await evaluate({ db, user, code: parsed.data });
  return outcome === "valid" && referrerId !== undefined && setReferrer({ db, userId: user.id, referrerId });
}
