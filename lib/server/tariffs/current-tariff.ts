import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { quotas, subscriptions, tariffs, type Subscription, type Tariff } from "@/db/schema";
import { perKind, type QuotaRecord } from "@/lib/quota-kinds";
import { FREE_TARIFF } from "@/lib/tariff-names";
import { ApiError } from "@/lib/server/http/api-error";
import { cachedCatalogue } from "@/lib/server/catalogue/cache";

export type CurrentTariff = {
  tariff: Tariff;
  /** The active paid subscription, or null when the user is on Free. */
  subscription: Subscription | null;
  limits: QuotaRecord;
};

export const tariffLimits = (t: Tariff): QuotaRecord => perKind("apiKey", (r) => t[r.tariffColumn]);

export const subscriptionLimits = (s: Subscription): QuotaRecord => perKind("apiKey", (r) => s[r.subscriptionColumn]);

// Prepared once per database handle: named statements PostgreSQL plans once per connection, and no
// query building per call. PGlite runs them as ordinary queries.
const statements = new WeakMap<Db, ReturnType<typeof prepare>>();
function prepare(db: Db) {
  const userId = sql.placeholder("userId");
  return {
    subscription: db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).prepare("current_subscription"),
    quotas: db.select().from(quotas).where(eq(quotas.userId, userId)).prepare("remaining_quotas"),
  };
}
const prepared = (db: Db) => statements.get(db) ?? statements.set(db, prepare(db)).get(db)!;

/** Every tariff by id (cached: treat as read-only). */
export const tariffsById = (db: Db): Promise<Map<number, Tariff>> =>
  cachedCatalogue(db, "tariffs-by-id", async () => new Map((await db.select().from(tariffs)).map((t) => [t.id, t])));

/** The caller's tariff: an unexpired subscription, otherwise Free. */
export async function getCurrentTariff({ db, userId }: { db: Db; userId: number }): Promise<CurrentTariff> {
  const [[subscription], byId] = await Promise.all([prepared(db).subscription.execute({ userId }), tariffsById(db)]);
  const paid = subscription && subscription.expiresAt.getTime() > Date.now() ? byId.get(subscription.tariffId) : undefined;
  if (subscription && paid) return { tariff: paid, subscription, limits: subscriptionLimits(subscription) };
  const free = [...byId.values()].find((t) => t.name === FREE_TARIFF);
  if (!free) throw new ApiError("internal", "The Free tariff is missing from the catalogue");
  return { tariff: free, subscription: null, limits: tariffLimits(free) };
}

export async function getRemainingQuotas({ db, userId }: { db: Db; userId: number }): Promise<QuotaRecord> {
  const [row] = await prepared(db).quotas.execute({ userId });
  return perKind("apiKey", (r) => row?.[r.quotaColumn] ?? 0);
}
