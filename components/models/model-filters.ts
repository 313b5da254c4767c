import type { ModelItem } from "@/lib/contracts/models";
import type { ModelAction } from "@/lib/shared/model-actions";

/** Models whose actions include `action`. */
export const modelsFor = (models: readonly ModelItem[], action: ModelAction): ModelItem[] =>
  models.filter((m) => m.actions.some((a) => a.action === action));

/** Whether the caller's tariff opens `action` of the model. */
export const hasAccess = (model: ModelItem, action: ModelAction): boolean =>
  model.actions.some((a) => a.action === action && a.has_access);

/** Models with `action` that the caller may use (the assistants' model modals list only these). */
export const accessibleModelsFor = (models: readonly ModelItem[], action: ModelAction): ModelItem[] =>
  modelsFor(models, action).filter((m) => hasAccess(m, action));
