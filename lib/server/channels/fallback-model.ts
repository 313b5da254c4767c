import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { catalogueVersion, models } from "@/db/schema";
import { ApiError } from "@/lib/server/http/api-error";

type ModelFallback = { model_name: string; fallback_model: string | null };

/**
 * Names (or with null clears) the model that answers when every channel of model `id` is down:
 * another model of the same type (text, image, …). The catalogue version moves, so every instance
 * reads the change within its cache's recheck interval. Runs inside the audit's transaction.
 */
export async function setFallbackModel(db: Db, id: number, fallbackName: string | null) {
  const [model] = await db.select().from(models).where(eq(models.id, id));
  if (!model) throw new ApiError("not_found", "Model not found");
  const before: ModelFallback = { model_name: model.modelName, fallback_model: null };
  if (model.fallbackModelId) {
    const [current] = await db.select({ name: models.modelName }).from(models).where(eq(models.id, model.fallbackModelId));
    before.fallback_model = current?.name ?? null;
  }
  let fallbackId: number | null = null;
  if (fallbackName !== null) {
    const [fallback] = await db.select().from(models).where(eq(models.modelName, fallbackName));
    if (!fallback) throw new ApiError("bad_request", `Not in the catalogue: ${fallbackName}`, { fallback_model: ["unknown model"] });
    if (fallback.id === model.id) throw new ApiError("bad_request", "A model cannot be its own fallback", { fallback_model: ["same model"] });
    if (fallback.type !== model.type) throw new ApiError("bad_request", `${fallbackName} is a ${fallback.type} model, ${model.modelName} a ${model.type} one`, { fallback_model: ["another type of model"] });
    fallbackId = fallback.id;
  }
  await db.update(models).set({ fallbackModelId: fallbackId }).where(eq(models.id, id));
  await db.update(catalogueVersion).set({ version: sql`${catalogueVersion.version} + 1` });
  const after: ModelFallback = { model_name: model.modelName, fallback_model: fallbackName };
  return { result: after, audit: { action: "model.fallback", target: `model:${id}`, before, after } };
}
