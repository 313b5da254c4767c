import "server-only";
import type { Db } from "@/db";
import type { ModelAction } from "@/lib/shared/model-actions";
import { defaultActionCost, type ActionCost } from "@/lib/shared/pricing/job-price";
import { loadAllModels } from "@/lib/server/catalogue/models";

// The models a text dialogue borrows for voice: the transcriber of its voice notes and the speaker of
// its spoken answers. The operator names them (BOT_TRANSCRIBE_MODEL, BOT_SPEECH_MODEL), otherwise
// they are the first enabled models of speech_to_text and dubbing in catalogue order; each job is
// priced at that model's own price for its action, so these turns add no price of their own.

export type DialogueHelper = { id: number; modelName: string; cost: ActionCost };

/** The model that does `action` for a dialogue (the named one when it is enabled and does it), or null. */
export async function dialogueHelper({
  db,
  action,
  named,
}: {
  db: Db;
  action: Extract<ModelAction, "speech_to_text" | "dubbing">;
  named?: string;
}): Promise<DialogueHelper | null> {
  const able = (await loadAllModels(db)).filter((m) => m.enabled && m.actions.includes(action));
  const model = (named && able.find((m) => m.modelName === named)) || able[0];
  if (!model) return null;
  return { id: model.id, modelName: model.modelName, cost: model.costs[action] ?? defaultActionCost(action) };
}
