import "server-only";
import { asc } from "drizzle-orm";
import type { Db } from "@/db";
import { modelActions, models, tariffModels } from "@/db/schema";
import type { ModelItem } from "@/lib/contracts/models";
import type { ModelAction } from "@/lib/shared/model-actions";
import type { Language } from "@/lib/contracts/common";
import { actionCost } from "@/lib/shared/pricing/job-price";
import { ApiError } from "@/lib/server/http/api-error";
import {
  tariffOfSubscription,
  tariffsById,
  type CurrentSubscription,
  type CurrentTariff,
} from "@/lib/server/tariffs/current-tariff";
import { jsonText, type JsonText } from "@/lib/server/http/json-text";
import { CUSTOM_TARIFF } from "@/lib/shared/tariff-names";
import { accessibleModelIds, toModelItem, type ModelRow } from "./access-rules";
import { cachedCatalogue } from "./cache";

/** What decides the caller's models: their subscription row as withUser read it (null: none). */
type Access = { db: Db; subscription: CurrentSubscription | null };

/** Ids of the models the caller's current tariff opens (from the cached catalogue: no query). */
export async function getAccessibleModelIds({ db, subscription }: Access): Promise<Set<number>> {
  const [current, byTariff] = await Promise.all([tariffOfSubscription({ db, subscription }), modelIdsByTariff(db)]);
  return accessibleIn(current, byTariff);
}

const accessibleIn = (current: CurrentTariff, byTariff: Map<number, number[]>): Set<number> =>
  accessibleModelIds({
    tariffModelIds: byTariff.get(current.tariff.id) ?? [],
    customModelIds: current.subscription?.customModelIds,
  });

const modelIdsByTariff = (db: Db) =>
  cachedCatalogue(db, "model-ids-by-tariff", async () => {
    const byTariff = new Map<number, number[]>();
    for (const { tariffId, modelId } of await db.select().from(tariffModels)) {
      byTariff.set(tariffId, [...(byTariff.get(tariffId) ?? []), modelId]);
    }
    return byTariff;
  });

/**
 * Per model, the cheapest paid standard tariff whose list has it: what a locked model names as the
 * way to open it ("from Neuro Basic"). Custom is left out: it opens what its builder picks.
 */
const cheapestTariffByModel = (db: Db) =>
  cachedCatalogue(db, "cheapest-tariff-by-model", async () => {
    const [byTariff, tariffs] = await Promise.all([modelIdsByTariff(db), tariffsById(db)]);
    const paid = [...tariffs.values()]
      .filter((t) => t.amountKopecks > 0 && t.name !== CUSTOM_TARIFF)
      .sort((a, b) => a.amountKopecks - b.amountKopecks);
    const cheapest = new Map<number, string>();
    for (const tariff of paid)
      for (const modelId of byTariff.get(tariff.id) ?? [])
        if (!cheapest.has(modelId)) cheapest.set(modelId, tariff.name);
    return cheapest;
  });

/** Every model with its actions, in catalogue order, disabled ones too (cached: treat as read-only). */
export const loadAllModels = (
  db: Db,
): Promise<
  (ModelRow &
    Pick<typeof models.$inferSelect, "type" | "enabled" | "providerCostUsd" | "providerModelId" | "fallbackModelId">)[]
> =>
  cachedCatalogue(db, "models", async () => {
    const [rows, actions] = await Promise.all([
      db.select().from(models).orderBy(asc(models.sortOrder), asc(models.id)),
      db
        .select({ modelId: modelActions.modelId, action: modelActions.action, priceUnits: modelActions.priceUnits })
        .from(modelActions)
        .orderBy(asc(modelActions.id)),
    ]);
    return rows.map((m) => {
      const own = actions.filter((a) => a.modelId === m.id);
      return {
        ...m,
        actions: own.map((a) => a.action as ModelAction),
        costs: Object.fromEntries(own.map((a) => [a.action, actionCost(a.action as ModelAction, a.priceUnits)])),
      };
    });
  });

/**
 * Every enabled model (or those with one of `actions`), each action flagged with the caller's access, texts in
 * their language, as JSON. The answer depends only on the caller's tariff unless a Custom subscription chose its
 * own models, so each tariff's answer is kept as its JSON per language (json-text.ts); a chosen set is built
 * for its caller each time (not kept: the sets could grow without bound).
 */
export async function listModels({
  db,
  subscription,
  language,
  actions,
}: Access & { language: Language; actions?: readonly ModelAction[] }): Promise<JsonText<ModelItem[]>> {
  const current = await tariffOfSubscription({ db, subscription });
  const build = async () => jsonText(await modelItems({ db, current, language, actions }));
  if (current.subscription?.customModelIds?.length) return build();
  return cachedCatalogue(db, `model-list:${current.tariff.id}:${language}:${actions?.join() ?? "all"}`, build);
}

async function modelItems({
  db,
  current,
  language,
  actions,
}: {
  db: Db;
  current: CurrentTariff;
  language: Language;
  actions?: readonly ModelAction[];
}): Promise<ModelItem[]> {
  const [rows, byTariff, openedBy] = await Promise.all([
    loadAllModels(db),
    modelIdsByTariff(db),
    cheapestTariffByModel(db),
  ]);
  const accessible = accessibleIn(current, byTariff);
  return rows
    .filter((m) => m.enabled && (!actions || m.actions.some((a) => actions.includes(a))))
    .map((m) => toModelItem(m, accessible, language, openedBy));
}

/** An enabled model; a disabled one is as unknown as a missing one (404) to everything that launches. */
export async function getModelOrThrow({ db, modelId }: { db: Db; modelId: number }): Promise<ModelRow> {
  const model = (await loadAllModels(db)).find((m) => m.id === modelId && m.enabled);
  if (!model) throw new ApiError("not_found", "Model not found");
  return model;
}

/**
 * The checks every launch makes: the model exists (404), supports the action (400) and is open in
 * the caller's tariff (403).
 */
export async function getLaunchableModelOrThrow({
  db,
  subscription,
  modelId,
  action,
}: Access & {
  modelId: number;
  action: ModelAction;
}): Promise<ModelRow> {
  const model = await getModelOrThrow({ db, modelId });
  if (!model.actions.includes(action)) {
    throw new ApiError("bad_request", `${model.displayName} does not support the action ${action}`);
  }
  const accessible = await getAccessibleModelIds({ db, subscription });
  if (!accessible.has(model.id)) {
    throw new ApiError("forbidden", `${model.displayName} is not available in your tariff`);
  }
  return model;
}
