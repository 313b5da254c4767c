import "server-only";
import type { Db } from "@/db";
import { patternMatches } from "@/lib/shared/video/capabilities";
import { jobUnits } from "@/lib/shared/pricing/job-price";
import { durationOptions } from "@/lib/shared/video/durations";
import { getLaunchableModelOrThrow, loadAllModels } from "@/lib/server/catalogue/models";
import { priceOf, type ModelRow } from "@/lib/server/catalogue/access-rules";
import { ApiError } from "@/lib/server/http/api-error";
import type { CurrentSubscription } from "@/lib/server/tariffs/current-tariff";
import type { VideoActionName } from "@/lib/shared/model-actions";
import { listCapabilityRows, type VideoCapabilityRow } from "./capabilities";

export type VideoModel = { model: ModelRow; capability: VideoCapabilityRow };

/**
 * A video model by name with its family's capability, checked as every launch is: it exists (404),
 * supports the action when one is given (400), and the caller's tariff opens it (403).
 */
export async function getVideoModelOrThrow({
  db,
  subscription,
  modelName,
  action,
}: {
  db: Db;
  subscription: CurrentSubscription | null;
  modelName: string;
  action?: VideoActionName;
}): Promise<VideoModel> {
  const row = (await loadAllModels(db)).find((m) => m.modelName === modelName);
  const capability =
    row?.type === "video"
      ? (await listCapabilityRows({ db })).find((c) => patternMatches(c.modelNamePattern, modelName))
      : undefined;
  if (!row || !capability) throw new ApiError("not_found", `There is no video model ${modelName}`);
  // Without an action (the cost check) only tariff access matters: the model's first action stands in.
  const chosen = action ?? (row.actions[0] as VideoActionName);
  const model = await getLaunchableModelOrThrow({ db, subscription, modelId: row.id, action: chosen });
  return { model, capability };
}

/** What one clip of the model's first action costs at its default duration, at the catalogue's price (docs/product/video.md). */
export const estimatedCost = ({ model, capability }: VideoModel) =>
  jobUnits(priceOf(model, model.actions[0]), durationOptions(model.modelName, capability.durations)[0]);
