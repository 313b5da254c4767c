// Pure access rules, shared by every catalogue and launch call (unit-tested without a database).
import type { ModelAction } from "@/lib/shared/model-actions";
import type { ModelItem } from "@/lib/contracts/models";
import type { ActionCost } from "@/lib/shared/pricing/job-price";
import type { Language } from "@/lib/contracts/common";
import { textIn } from "@/lib/shared/catalogue-text";

/**
 * The models a tariff opens: a Custom subscription's own choice when it made one (a non-empty
 * customModelIds), otherwise the tariff's model list. No subscription or an expired one is Free,
 * which the caller resolves before asking.
 */
export function accessibleModelIds({
  tariffModelIds,
  customModelIds,
}: {
  tariffModelIds: readonly number[];
  customModelIds?: readonly number[] | null;
}): Set<number> {
  return new Set(customModelIds && customModelIds.length > 0 ? customModelIds : tariffModelIds);
}

export type ModelRow = {
  id: number;
  modelName: string;
  displayName: string;
  displayNameEn: string | null;
  image: string;
  gif: string | null;
  description: string;
  descriptionEn: string | null;
  modelTypeDescription: string;
  actions: ModelAction[];
  /** A text model that sees images (a photo in a dialogue goes to it). */
  vision: boolean;
  /** Each action's price (lib/shared/pricing/job-price.ts). */
  costs: Partial<Record<ModelAction, ActionCost>>;
};

export function toModelItem(
  model: ModelRow,
  accessible: ReadonlySet<number>,
  language: Language,
  openedBy: ReadonlyMap<number, string> = new Map(),
): ModelItem {
  const hasAccess = accessible.has(model.id);
  return {
    opened_by: hasAccess ? null : (openedBy.get(model.id) ?? null),
    model_id: model.id,
    model_name: model.modelName,
    display_name: textIn(language, model.displayName, model.displayNameEn),
    image: model.image,
    gif: model.gif,
    description: textIn(language, model.description, model.descriptionEn),
    model_type_description: model.modelTypeDescription,
    // Only a text model is asked about images.
    vision: model.vision && model.actions.includes("text"),
    actions: model.actions.map((action) => ({ action, has_access: hasAccess, cost: priceOf(model, action) })),
  };
}

/** What one job of `action` on `model` costs; the catalogue names a price for every action it lists. */
export function priceOf(model: Pick<ModelRow, "costs" | "modelName">, action: ModelAction): ActionCost {
  const cost = model.costs[action];
  if (!cost) throw new Error(`The catalogue has no price for ${model.modelName} ${action}`);
  return cost;
}
