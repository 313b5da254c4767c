import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { perDatabase } from "@/db/per-database";
import { quotas, subscriptions, tariffs, type Subscription, type Tariff } from "@/db/schema";
import { perKind, type QuotaRecord } from "@/lib/shared/quota-kinds";
import { FREE_TARIFF } from "@/lib/shared/tariff-names";
import { ApiError } from "@/lib/server/http/api-error";
import { cachedCatalogue } from "@/lib/server/catalogue/cache";
import { now, nowMs } from "@/lib/server/clock";
import { applyDueRefills, refillDue } from "@/lib/server/quotas/refill";

/** The columns of a subscription that say which tariff, limits and models it gives. */
export const subscriptionColumns = {
  tariffId: subscriptions.tariffId,
  priceKopecks: subscriptions.priceKopecks,
  months: subscriptions.months,
  expiresAt: subscriptions.expiresAt,
  // Auto-pay: the subscription renews itself at expiresAt when it is on and a payment method is saved.
  recurrent: subscriptions.recurrent,
  paymentMethodId: subscriptions.paymentMethodId,
  customModelIds: subscriptions.customModelIds,
  ...perKind("subscriptionColumn", (r) => subscriptions[r.subscriptionColumn]),
};
export type CurrentSubscription = Pick<Subscription, keyof typeof subscriptionColumns>;

/** What the user can spend now per kind (allowance + package units), keyed by the allowance column's name. */
export const remainingQuotaColumns = perKind("quotaColumn", (r) =>
  sql<number>`${quotas[r.quotaColumn]} + ${sql.identifier(`package_${r.apiKey}`)}`.mapWith(Number),
);
/** The package units alone, keyed the same way. */
export const packageQuotaColumns = perKind("quotaColumn", (r) =>
  sql<number>`${sql.identifier(`package_${r.apiKey}`)}`.mapWith(Number),
);
/** Balances as the API names them (no row reads as zero). */
export const toRemainingQuotas = (
  row: Partial<Record<keyof typeof remainingQuotaColumns, number | null>> | null | undefined,
): QuotaRecord => perKind("apiKey", (r) => row?.[r.quotaColumn] ?? 0);

export type CurrentTariff = {
  tariff: Tariff;
  /** The active paid subscription, or null when the user is on Free. */
  subscription: CurrentSubscription | null;
  limits: QuotaRecord;
};

export const tariffLimits = (t: Tariff): QuotaRecord => perKind("apiKey", (r) => t[r.tariffColumn]);

export const subscriptionLimits = (s: CurrentSubscription): QuotaRecord =>
  perKind("apiKey", (r) => s[r.subscriptionColumn]);

// Prepared once per database handle: named statements PostgreSQL plans once per connection, and no
// query building per call. PGlite runs them as ordinary queries.
const prepared = perDatabase((db) => {
  const userId = sql.placeholder("userId");
  return {
    subscription: db
      .select(subscriptionColumns)
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .prepare("current_subscription"),
    quotas: db
      .select({ ...remainingQuotaColumns, stepEndsAt: quotas.stepEndsAt })
      .from(quotas)
      .where(eq(quotas.userId, userId))
      .prepare("remaining_quotas"),
  };
});

/** Every tariff by id (cached: treat as read-only). */
export const tariffsById = (db: Db): Promise<Map<number, Tariff>> =>
  cachedCatalogue(db, "tariffs-by-id", async () => new Map((await db.select().from(tariffs)).map((t) => [t.id, t])));

/**
 * The tariff a subscription row gives: its own while unexpired, otherwise Free. Reads only the cached
 * catalogue, so a caller whose subscription came with their row (withUser) costs no query.
 */
export async function tariffOfSubscription({
  db,
  subscription,
}: {
  db: Db;
  subscription: CurrentSubscription | null;
}): Promise<CurrentTariff> {
  const byId = await tariffsById(db);
  const paid = subscription && subscription.expiresAt.getTime() > nowMs() ? byId.get(subscription.tariffId) : undefined;
  if (subscription && paid) return { tariff: paid, subscription, limits: subscriptionLimits(subscription) };
  const free = [...byId.values()].find((t) => t.name === FREE_TARIFF);
  if (!free) throw new ApiError("internal", "The Free tariff is missing from the catalogue");
  return { tariff: free, subscription: null, limits: tariffLimits(free) };
}

/** The caller's tariff: an unexpired subscription, otherwise Free. */
export async function getCurrentTariff({ db, userId }: { db: Db; userId: number }): Promise<CurrentTariff> {
  const [subscription] = await prepared(db).subscription.execute({ userId });
  return tariffOfSubscription({ db, subscription: subscription ?? null });
}

/** What the user can spend now (allowance + package units), after applying a refill or expiry that is due (one query when none is). */
export async function getRemainingQuotas({ db, userId }: { db: Db; userId: number }): Promise<QuotaRecord> {
  let [row] = await prepared(db).quotas.execute({ userId });
  if (refillDue(row?.stepEndsAt)) {
    await applyDueRefills({ db, userId, now: now() });
    [row] = await prepared(db).quotas.execute({ userId });
  }
  return toRemainingQuotas(row);
}
