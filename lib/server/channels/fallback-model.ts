import "server-only";
import { asc, eq, ne } from "drizzle-orm";
import type { Db } from "@/db";
import { modelActions, models } from "@/db/schema";
import { ApiError } from "@/lib/server/http/api-error";

type ModelFallback = { model_name: string; fallback_model: string | null };

// Video models are called through their own providers (docs/product/video.md), never through channels.
const NOT_ROUTED_TYPE = "video";

const actionsOf = async (db: Db, modelId: number) =>
  (await db.select({ action: modelActions.action }).from(modelActions).where(eq(modelActions.modelId, modelId))).map(
    (a) => a.action,
  );

/**
 * Names (or with null clears) the model that answers when every channel of model `id` is down:
 * another model of the same type offering every action the model offers (whisper's fallback must
 * transcribe, not speak). Runs inside a catalogue change's transaction (catalogueChange), which
 * moves the catalogue version so every instance reads the change within its cache's recheck interval.
 */
export async function setFallbackModel(db: Db, id: number, fallbackName: string | null) {
  const [model] = await db.select().from(models).where(eq(models.id, id));
  if (!model) throw new ApiError("not_found", "Model not found");
  if (model.type === NOT_ROUTED_TYPE)
    throw new ApiError("bad_request", "Video models are not called through channels", {
      fallback_model: ["video model"],
    });
  const before: ModelFallback = { model_name: model.modelName, fallback_model: null };
  if (model.fallbackModelId) {
    const [current] = await db
      .select({ name: models.modelName })
      .from(models)
      .where(eq(models.id, model.fallbackModelId));
    before.fallback_model = current?.name ?? null;
  }
  let fallbackId: number | null = null;
  if (fallbackName !== null) {
    const [fallback] = await db.select().from(models).where(eq(models.modelName, fallbackName));
    if (!fallback)
      throw new ApiError("bad_request", `Not in the catalogue: ${fallbackName}`, { fallback_model: ["unknown model"] });
    if (fallback.id === model.id)
      throw new ApiError("bad_request", "A model cannot be its own fallback", { fallback_model: ["same model"] });
    if (fallback.type !== model.type)
      throw new ApiError(
        "bad_request",
        `${fallbackName} is a ${fallback.type} model, ${model.modelName} a ${model.type} one`,
        { fallback_model: ["another type of model"] },
      );
    const offered = new Set(await actionsOf(db, fallback.id));
    const missing = (await actionsOf(db, model.id)).filter((a) => !offered.has(a));
    if (missing.length)
      throw new ApiError("bad_request", `${fallbackName} does not offer ${missing.join(", ")}`, {
        fallback_model: ["lacks an action of the model"],
      });
    fallbackId = fallback.id;
  }
  await db.update(models).set({ fallbackModelId: fallbackId }).where(eq(models.id, id));
  const after: ModelFallback = { model_name: model.modelName, fallback_model: fallbackName };
  return { result: after, audit: { action: "model.fallback", target: `model:${id}`, before, after } };
}

/** Every model called through channels with its type, actions and fallback model, in catalogue order (the console's choices). */
export async function listFallbackModels(db: Db) {
  const [rows, actions] = await Promise.all([
    db.select().from(models).where(ne(models.type, NOT_ROUTED_TYPE)).orderBy(asc(models.sortOrder), asc(models.id)),
    db
      .select({ modelId: modelActions.modelId, action: modelActions.action })
      .from(modelActions)
      .orderBy(asc(modelActions.action)),
  ]);
  const nameOf = new Map(rows.map((m) => [m.id, m.modelName]));
  return rows.map((m) => ({
    id: m.id,
    model_name: m.modelName,
    display_name: m.displayName,
    type: m.type,
    actions: actions.filter((a) => a.modelId === m.id).map((a) => a.action),
    fallback_model: m.fallbackModelId ? (nameOf.get(m.fallbackModelId) ?? null) : null,
  }));
}
