import "server-only";
import type { Db } from "@/db";
import { modelUsage } from "@/db/schema";
import type { ModelAction } from "@/lib/shared/model-actions";
import { providerCostUsd } from "@/lib/shared/pricing/provider-cost";
import { log } from "@/lib/server/log";
import { loadAllModels } from "./models";

type Usage = { userId: number; modelName: string; action: ModelAction; quantity: number };

/** The usage row of one call, priced at the model's provider cost now (from the cached catalogue). */
export async function usageRow(
  db: Db,
  { userId, modelName, action, quantity }: Usage,
): Promise<typeof modelUsage.$inferInsert> {
  const model = (await loadAllModels(db)).find((m) => m.modelName === modelName);
  return {
    userId,
    modelName,
    action,
    quantity,
    costUsd: providerCostUsd({ action, quantity, usdPerBasis: model?.providerCostUsd ?? 0 }),
  };
}

/**
 * Records what one successful provider call used (tokens reported by the provider, pictures,
 * documents, minutes, seconds of video) and what it cost us at the model's current provider cost, so
 * the console's figures keep the cost of the day the call was made. A failure to record is logged
 * and never fails the user's turn, which is already answered and charged.
 */
export async function recordModelUsage({ db, ...usage }: { db: Db } & Usage): Promise<void> {
  const { modelName, action } = usage;
  try {
    await db.insert(modelUsage).values(await usageRow(db, usage));
  } catch (error) {
    log().error({ err: error }, `[usage] not recorded for ${modelName} ${action}`);
  }
}
