import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db";
import { quotas, subscriptions, tariffs } from "@/db/schema";
import { perKind, QUOTA_KEYS, type QuotaKey, type QuotaRecord } from "@/lib/shared/quota-kinds";
import { FREE_TARIFF } from "@/lib/shared/tariff-names";
import { nowMs } from "@/lib/server/clock";
import { changeBalances, oldAllowance, timestamp, type LedgerRefs } from "./ledger";

// The allowance of a subscription is granted per 30-day step: on purchase, then at each step's end
// until the subscription ends, when Free's allowance replaces it (docs/product/billing.md). Package
// units are never touched here.

export const STEP_DAYS = 30;
const STEP_SECONDS = STEP_DAYS * 24 * 60 * 60;

const SUBSCRIPTION_LIMIT = perKind("apiKey", (r) => sql.identifier(subscriptions[r.subscriptionColumn].name));
const FREE_BALANCE = perKind("apiKey", (r) => sql.identifier(tariffs[r.tariffColumn].name));

/** Joins a quotas row `o` to its subscription `s` and the Free tariff `f`, for `tariffAllowance`. */
export const tariffJoin = sql`left join subscriptions s on s.user_id = o.user_id cross join (select * from tariffs where name = ${FREE_TARIFF}) f`;

/** The allowance of one kind the user's tariff gives at `now` (over `tariffJoin`): the subscription's while it runs, else Free's. */
export const tariffAllowance = (kind: QuotaKey, now: Date): SQL =>
  sql`case when s.expires_at > ${timestamp(now)} then s.${SUBSCRIPTION_LIMIT[kind]} else f.${FREE_BALANCE[kind]} end`;

/** Whether a quotas row's refill or expiry is due (its `step_ends_at` has passed): applyDueRefills applies it. */
export const refillDue = (stepEndsAt: Date | null | undefined): boolean =>
  stepEndsAt != null && stepEndsAt.getTime() <= nowMs();

/**
 * Applies every refill or expiry that is due by `now` (one user's, or everyone's for the renewal
 * job): the allowance becomes the subscription's limits while it runs, else Free's, and the next step
 * end is set, in one conditional statement, so concurrent callers apply a step once.
 */
export async function applyDueRefills({ db, userId, now }: { db: Db; userId?: number; now: Date }): Promise<void> {
  // Limits bought for the next steps become the limits when a step ends (idempotent, so a concurrent
  // caller repeating it changes nothing), before the refill grants them.
  const promote = QUOTA_KEYS.map(
    (k) => sql`${SUBSCRIPTION_LIMIT[k]} = coalesce((s.next_limits->>${k})::integer, s.${SUBSCRIPTION_LIMIT[k]})`,
  );
  await db.execute(sql`update subscriptions s set ${sql.join(promote, sql`, `)}, next_limits = null
    from quotas o where o.user_id = s.user_id and s.next_limits is not null and o.step_ends_at <= ${timestamp(now)}
    ${userId === undefined ? sql`` : sql`and o.user_id = ${userId}`}`);
  const active = sql`s.expires_at > ${timestamp(now)}`;
  const allowance = Object.fromEntries(QUOTA_KEYS.map((k) => [k, tariffAllowance(k, now)])) as Record<QuotaKey, SQL>;
  const nextStep = sql`least(s.expires_at, s.starts_at + make_interval(secs => ${STEP_SECONDS} * (floor(extract(epoch from (${timestamp(now)} - s.starts_at)) / ${STEP_SECONDS}) + 1)))`;
  await changeBalances({
    db,
    where:
      userId === undefined
        ? sql`o.step_ends_at <= ${timestamp(now)}`
        : sql`o.user_id = ${userId} and o.step_ends_at <= ${timestamp(now)}`,
    extraFrom: tariffJoin,
    allowance,
    otherSets: [sql`step_ends_at = case when ${active} then ${nextStep} else null end`, sql`alerts_sent = '{}'::jsonb`],
    reason: sql`case when ${active} then 'refill' else 'expiry' end`,
    now,
  });
}

/** A newly bought tariff: its allowance replaces what is left, from now until the first step end. */
export async function grantTariffAllowance({
  db,
  userId,
  limits,
  expiresAt,
  now,
  refs,
  reason = "tariff",
}: {
  db: Db;
  userId: number;
  limits: QuotaRecord;
  expiresAt: Date;
  now: Date;
  refs: LedgerRefs;
  /** `promo` when a promo code gave the tariff. */
  reason?: "tariff" | "promo";
}): Promise<void> {
  await db.insert(quotas).values({ userId }).onConflictDoNothing();
  const stepEnd = new Date(Math.min(expiresAt.getTime(), now.getTime() + STEP_SECONDS * 1000));
  await changeBalances({
    db,
    where: sql`o.user_id = ${userId}`,
    allowance: perKind("apiKey", (r) => sql`${limits[r.apiKey]}::integer`),
    otherSets: [sql`step_ends_at = ${timestamp(stepEnd)}`, sql`alerts_sent = '{}'::jsonb`],
    reason,
    refs,
    now,
  });
}

/** The `reset` package: the allowance back up to the tariff's full value (never down). */
export async function resetAllowance({
  db,
  userId,
  limits,
  now,
  refs,
}: {
  db: Db;
  userId: number;
  limits: QuotaRecord;
  now: Date;
  refs: LedgerRefs;
}): Promise<void> {
  await changeBalances({
    db,
    where: sql`o.user_id = ${userId}`,
    allowance: perKind("apiKey", (r) => sql`greatest(${oldAllowance(r.apiKey)}, ${limits[r.apiKey]}::integer)`),
    otherSets: [sql`alerts_sent = '{}'::jsonb`],
    reason: "reset",
    refs,
    now,
  });
}
