import "server-only";
import type { Db } from "@/db";
import type { FallbackAnswer } from "@/lib/server/ai/model-fallback";
import { loadAllModels } from "@/lib/server/catalogue/models";
import { translatorFor } from "@/lib/server/translator";
import type { ModelAction } from "@/lib/shared/model-actions";
import { defaultActionCost, type ActionCost } from "@/lib/shared/pricing/job-price";

// A turn its model's fallback answered (every channel of the session's model was down): it is
// charged at the fallback's price and says plainly which model answered and why.

/** The catalogue's price of one job of `action` on `modelName`. */
export async function modelPrice({
  db,
  modelName,
  action,
}: {
  db: Db;
  modelName: string;
  action: ModelAction;
}): Promise<ActionCost> {
  const model = (await loadAllModels(db)).find((m) => m.modelName === modelName);
  return model?.costs[action] ?? defaultActionCost(action);
}

/** The line under the answer: the session's model was unavailable, the fallback answered at its price. */
export async function fallbackLine({
  db,
  lang,
  fallback,
}: {
  db: Db;
  lang: string;
  fallback: FallbackAnswer;
}): Promise<string> {
  const catalogue = await loadAllModels(db);
  const displayName = (name: string) => catalogue.find((m) => m.modelName === name)?.displayName ?? name;
  return translatorFor(lang, "Channels")("fallbackAnswered", {
    unavailable: displayName(fallback.from),
    model: displayName(fallback.to),
  });
}
