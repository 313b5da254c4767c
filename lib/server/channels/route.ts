import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { channelModels, channels } from "@/db/schema";
import { env } from "@/lib/env";
import type { ChannelPrices } from "@/lib/shared/operator-roles";
import { cachedCatalogue } from "@/lib/server/catalogue/cache";
import { loadAllModels } from "@/lib/server/catalogue/models";
import { now } from "@/lib/server/clock";
import { countChannelFailure } from "./auto-disable";
import { coolingChecker, knownClean, noteChannelHealth } from "./health";
import { weightedOrder } from "./weights";

// Which endpoints a model is called through, and the health each channel shares with every
// instance through its row (docs/product/channels.md).

/** A channel that fails this many calls in a row is skipped for AI_CHANNEL_COOLDOWN_SECONDS. */
export const CHANNEL_FAILURES_BEFORE_COOLDOWN = 3;

/** One endpoint to try: `id` is null for the default channel of OPENAI_BASE_URL, which keeps no state. */
export type ChannelTarget = {
  id: number | null;
  name: string;
  baseURL: string;
  apiKey: string;
  providerModelId: string;
  /** Its priority and its share of traffic among the channels of that priority (weights.ts). */
  priority: number;
  weight: number;
  /** What its calls cost (the request log's cost column); the default channel has none. */
  prices: ChannelPrices;
};

/** The name the default channel is logged under. */
export const DEFAULT_CHANNEL_NAME = "default";

export const isDefaultChannelConfigured = () => Boolean(env.OPENAI_BASE_URL && env.OPENAI_API_KEY);

/** Every enabled channel's targets per model it serves, by priority: catalogue data, cached with it (cache.ts). */
const channelRoutes = (db: Db): Promise<Map<string, ChannelTarget[]>> =>
  cachedCatalogue(db, "channel-routes", async () => {
    const rows = await db
      .select({
        modelName: channelModels.modelName,
        id: channels.id,
        name: channels.name,
        baseURL: channels.baseUrl,
        apiKey: channels.apiKey,
        providerModelId: channelModels.providerModelId,
        priority: channels.priority,
        weight: channels.weight,
        prices: channels.prices,
      })
      .from(channelModels)
      .innerJoin(channels, eq(channels.id, channelModels.channelId))
      .where(eq(channels.enabled, true))
      .orderBy(asc(channels.priority), asc(channels.id));
    const byModel = new Map<string, ChannelTarget[]>();
    for (const { modelName, ...target } of rows) byModel.set(modelName, [...(byModel.get(modelName) ?? []), target]);
    return byModel;
  });

/** The default channel of OPENAI_BASE_URL for a model's provider model id, when it is configured. */
function defaultTargets(providerModelId: string): ChannelTarget[] {
  if (!isDefaultChannelConfigured()) return [];
  return [
    {
      id: null,
      name: DEFAULT_CHANNEL_NAME,
      baseURL: env.OPENAI_BASE_URL!,
      apiKey: env.OPENAI_API_KEY!,
      providerModelId,
      priority: 0,
      weight: 1,
      prices: {},
    },
  ];
}

/**
 * The channels to try for `modelName`, by priority (the channels of one priority in a weighted random
 * order, weights.ts), without those cooling down (with all of them cooling, the least recently failed
 * one, then the default channel). A model that no enabled channel serves goes to the default channel
 * (when configured) by the catalogue's provider model id (the name itself outside the catalogue, as
 * DUBBING_TRANSCRIBE_MODEL). `served` tells whether any channel row serves the model at all: then an
 * empty list means all of them are down.
 * The channel list is cached with the catalogue (a console change moves its version) and the
 * cooldowns are this process's view of the rows (health.ts), so a call usually sends no query.
 */
export async function channelsFor(
  db: Db,
  modelName: string,
): Promise<{ targets: ChannelTarget[]; served: boolean; fallbackModel?: string }> {
  const [catalogue, routes, cooling] = await Promise.all([loadAllModels(db), channelRoutes(db), coolingChecker(db)]);
  const model = catalogue.find((m) => m.modelName === modelName);
  const fallbackModel = model?.fallbackModelId
    ? catalogue.find((m) => m.id === model.fallbackModelId)?.modelName
    : undefined;
  const providerModelId = model?.providerModelId ?? modelName;
  const served = routes.get(modelName);
  if (served) {
    const open = served.filter((target) => cooling(target.id!) === null);
    if (open.length) return { targets: weightedOrder(open), served: true, fallbackModel };
    // Half-open (docs/decisions/0464-half-open-channels.md): with every channel cooling, the one
    // whose cooldown ends first (it failed least recently) is still tried, then the default channel,
    // which keeps no cooldown (docs/decisions/0467-default-channel-behind-cooling-channels.md).
    const probe = served.reduce((a, b) => (cooling(b.id!)! < cooling(a.id!)! ? b : a));
    return { targets: [probe, ...defaultTargets(providerModelId)], served: true, fallbackModel };
  }
  const targets = defaultTargets(providerModelId);
  return { targets, served: targets.length > 0, fallbackModel };
}

/**
 * A call through the channel got its first result: its run of failures ends. Most answers come from a
 * channel with none, as this process knows it: those write nothing (docs/decisions/0514-clean-channel-answers-write-nothing.md).
 */
export async function markChannelAnswered(db: Db, channelId: number): Promise<void> {
  if (knownClean(db, channelId)) return;
  await db
    .update(channels)
    .set({ consecutiveFailures: 0, cooldownUntil: null })
    .where(
      and(
        eq(channels.id, channelId),
        sql`(${channels.consecutiveFailures} > 0 or ${channels.cooldownUntil} is not null)`,
      ),
    );
  noteChannelHealth(db, channelId, { coolingUntil: null, failing: false });
}

/**
 * A call through the channel failed before its first result: one more failure in a row, counted in
 * SQL so instances failing at once all count; at the threshold (and on every failed probe past it)
 * the channel cools down from now. The failure also counts towards the app disabling the channel
 * (auto-disable.ts).
 */
export async function markChannelFailed(db: Db, channelId: number): Promise<void> {
  const until = new Date(now().getTime() + env.AI_CHANNEL_COOLDOWN_SECONDS * 1000);
  const [row] = await db
    .update(channels)
    .set({
      consecutiveFailures: sql`${channels.consecutiveFailures} + 1`,
      cooldownUntil: sql`case when ${channels.consecutiveFailures} + 1 >= ${CHANNEL_FAILURES_BEFORE_COOLDOWN} then ${until.toISOString()}::timestamptz else ${channels.cooldownUntil} end`,
    })
    .where(eq(channels.id, channelId))
    .returning({ cooldownUntil: channels.cooldownUntil });
  noteChannelHealth(db, channelId, { coolingUntil: row?.cooldownUntil?.getTime() ?? null, failing: true });
  await countChannelFailure(db, channelId);
}
