import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { modelActions, models } from "@/db/schema";
import type { AdminModel, AdminModelPatch } from "@/lib/contracts/admin-catalogue";
import type { ModelAction } from "@/lib/shared/model-actions";
import { providerCostBasis } from "@/lib/shared/pricing/provider-cost";
import type { Operator } from "@/lib/server/admin/audit";
import { ApiError } from "@/lib/server/http/api-error";
import { catalogueChange } from "./change";

async function readModel(db: Db, id: number): Promise<AdminModel | undefined> {
  return (await readModels(db, id))[0];
}

async function readModels(db: Db, id?: number): Promise<AdminModel[]> {
  const [rows, actions] = await Promise.all([
    db
      .select()
      .from(models)
      .where(id === undefined ? undefined : eq(models.id, id))
      .orderBy(asc(models.sortOrder), asc(models.id)),
    db
      .select()
      .from(modelActions)
      .where(id === undefined ? undefined : eq(modelActions.modelId, id))
      .orderBy(asc(modelActions.id)),
  ]);
  return rows.map((m) => {
    const own = actions.filter((a) => a.modelId === m.id);
    return {
      id: m.id,
      model_name: m.modelName,
      display_name: m.displayName,
      display_name_en: m.displayNameEn,
      description: m.description,
      description_en: m.descriptionEn,
      provider: m.provider,
      type: m.type,
      provider_model_id: m.providerModelId,
      enabled: m.enabled,
      provider_cost_usd: m.providerCostUsd,
      provider_cost_per: providerCostBasis((own[0]?.action ?? "text") as ModelAction),
      actions: own.map((a) => ({ action: a.action as ModelAction, price_units: a.priceUnits })),
      context_tokens: m.contextTokens,
      vision: m.vision,
    };
  });
}

/** GET /api/admin/models: every model, disabled ones too, with both languages' texts and its prices. */
export const listAdminModels = ({ db }: { db: Db }) => readModels(db);

/**
 * PATCH /api/admin/models/{id}. Prices apply to jobs started after the commit; a disabled model
 * leaves every picker and launch at once, and its open bot sessions are told at their next message.
 */
export function updateAdminModel({
  db,
  operator,
  id,
  patch,
}: {
  db: Db;
  operator: Operator;
  id: number;
  patch: AdminModelPatch;
}): Promise<AdminModel> {
  return catalogueChange({ db, operator }, async (tx) => {
    const before = await readModel(tx, id);
    if (!before) throw new ApiError("not_found", "Model not found");
    const own = new Set(before.actions.map((a) => a.action));
    const foreign = patch.prices?.find((p) => !own.has(p.action));
    if (foreign)
      throw new ApiError("bad_request", `The model has no action ${foreign.action}`, {
        prices: [`Not an action of ${before.model_name}`],
      });
    // Pictures are shown only to a text dialogue's model (docs/decisions/0490-vision-per-model.md).
    if (patch.vision && !own.has("text"))
      throw new ApiError("bad_request", `${before.model_name} is not a text model`, {
        vision: ["Only a text model is shown images"],
      });
    const { prices, ...fields } = patch;
    const set = {
      displayName: fields.display_name,
      displayNameEn: fields.display_name_en,
      description: fields.description,
      descriptionEn: fields.description_en,
      providerModelId: fields.provider_model_id,
      enabled: fields.enabled,
      providerCostUsd: fields.provider_cost_usd,
      contextTokens: fields.context_tokens,
      vision: fields.vision,
    };
    if (Object.values(set).some((v) => v !== undefined)) await tx.update(models).set(set).where(eq(models.id, id));
    for (const { action, price_units } of prices ?? []) {
      await tx
        .update(modelActions)
        .set({ priceUnits: price_units })
        .where(and(eq(modelActions.modelId, id), eq(modelActions.action, action)));
    }
    const after = (await readModel(tx, id))!;
    return { result: after, audit: { action: "model.update", target: `model:${id}`, before, after } };
  });
}
