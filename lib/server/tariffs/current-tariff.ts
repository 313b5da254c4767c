import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { quotas, subscriptions, tariffs, type Subscription, type Tariff } from "@/db/schema";
import type { QuotaRecord } from "@/lib/quota-kinds";
import { FREE_TARIFF } from "@/lib/tariff-names";
import { ApiError } from "@/lib/server/http/api-error";

export type CurrentTariff = {
  tariff: Tariff;
  /** The active paid subscription, or null when the user is on Free. */
  subscription: Subscription | null;
  limits: QuotaRecord;
};

export const tariffLimits = (t: Tariff): QuotaRecord => ({
  text_tokens: t.tokenBalance,
  audio_tokens: t.minutesBalance,
  image_tokens: t.imageBalance,
  file_tokens: t.fileBalance,
  video_tokens: t.videoBalance,
});

const subscriptionLimits = (s: Subscription): QuotaRecord => ({
  text_tokens: s.textLimit,
  audio_tokens: s.audioLimit,
  image_tokens: s.imageLimit,
  file_tokens: s.fileLimit,
  video_tokens: s.videoLimit,
});

/** The caller's tariff: an unexpired subscription, otherwise Free. */
export async function getCurrentTariff({ db, userId }: { db: Db; userId: number }): Promise<CurrentTariff> {
  const [row] = await db
    .select({ subscription: subscriptions, tariff: tariffs })
    .from(subscriptions)
    .innerJoin(tariffs, eq(tariffs.id, subscriptions.tariffId))
    .where(eq(subscriptions.userId, userId));
  if (row && row.subscription.expiresAt.getTime() > Date.now()) {
    return { tariff: row.tariff, subscription: row.subscription, limits: subscriptionLimits(row.subscription) };
  }
  const [free] = await db.select().from(tariffs).where(eq(tariffs.name, FREE_TARIFF));
  if (!free) throw new ApiError("internal", "The Free tariff is missing from the catalogue");
  return { tariff: free, subscription: null, limits: tariffLimits(free) };
}

export async function getRemainingQuotas({ db, userId }: { db: Db; userId: number }): Promise<QuotaRecord> {
  const [row] = await db.select().from(quotas).where(eq(quotas.userId, userId));
  return {
    text_tokens: row?.textTokens ?? 0,
    audio_tokens: row?.audioTokens ?? 0,
    image_tokens: row?.imageTokens ?? 0,
    file_tokens: row?.fileTokens ?? 0,
    video_tokens: row?.videoTokens ?? 0,
  };
}
