import "server-only";
import crypto from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { assistantCategories, assistants, models } from "@/db/schema";
import type {
  AdminAssistant,
  AdminAssistantCreate,
  AdminAssistantPatch,
  AdminCategory,
  AdminCategoryCreate,
  AdminCategoryPatch,
} from "@/lib/contracts/admin-catalogue";
import type { Operator } from "@/lib/server/admin/audit";
import { ApiError } from "@/lib/server/http/api-error";
import { catalogueChange } from "./change";

type AssistantRow = typeof assistants.$inferSelect;
type CategoryRow = typeof assistantCategories.$inferSelect;

const toAdminAssistant = (a: AssistantRow): AdminAssistant => ({
  id: a.id,
  category_id: a.categoryId,
  name: a.name,
  name_en: a.nameEn,
  description: a.description,
  description_en: a.descriptionEn,
  type: a.type as AdminAssistant["type"],
  image_tab: a.imageTab as AdminAssistant["image_tab"],
  instructions: a.systemPrompt,
  enabled: a.enabled,
  model_ids: a.modelIds,
});

const toAdminCategory = (c: CategoryRow): AdminCategory => ({
  id: c.id,
  ai_chat_type: c.aiChatType,
  name: c.name,
  name_en: c.nameEn,
});

/** GET /api/admin/assistants: every assistant, disabled ones too, in catalogue order. */
export async function listAdminAssistants({ db }: { db: Db }): Promise<AdminAssistant[]> {
  return (await db.select().from(assistants).orderBy(asc(assistants.sortOrder), asc(assistants.id))).map(
    toAdminAssistant,
  );
}

/** GET /api/admin/assistant-categories. */
export async function listAdminCategories({ db }: { db: Db }): Promise<AdminCategory[]> {
  return (
    await db.select().from(assistantCategories).orderBy(asc(assistantCategories.sortOrder), asc(assistantCategories.id))
  ).map(toAdminCategory);
}

async function checkReferences(
  tx: Db,
  { category_id, model_ids }: { category_id?: number; model_ids?: number[] },
): Promise<void> {
  if (
    category_id !== undefined &&
    !(
      await tx
        .select({ id: assistantCategories.id })
        .from(assistantCategories)
        .where(eq(assistantCategories.id, category_id))
    ).length
  ) {
    throw new ApiError("bad_request", "Unknown category", { category_id: ["Not a category of the catalogue"] });
  }
  const wanted = [...new Set(model_ids ?? [])];
  if (
    wanted.length &&
    (await tx.select({ id: models.id }).from(models).where(inArray(models.id, wanted))).length !== wanted.length
  ) {
    throw new ApiError("bad_request", "Unknown model id", { model_ids: ["Every id must be a model of the catalogue"] });
  }
}

/** POST /api/admin/assistants: a new assistant at the end of the catalogue, pictured by its category. */
export function createAdminAssistant({
  db,
  operator,
  body,
}: {
  db: Db;
  operator: Operator;
  body: AdminAssistantCreate;
}): Promise<AdminAssistant> {
  if (body.type === "generating_image" && !body.image_tab)
    throw new ApiError("bad_request", "An image assistant needs its tab", { image_tab: ["editfoto or genfoto"] });
  return catalogueChange({ db, operator }, async (tx) => {
    await checkReferences(tx, body);
    const [category] = await tx
      .select({ image: assistantCategories.image })
      .from(assistantCategories)
      .where(eq(assistantCategories.id, body.category_id));
    const [row] = await tx
      .insert(assistants)
      .values({
        seedKey: `console-${crypto.randomUUID()}`,
        categoryId: body.category_id,
        name: body.name,
        nameEn: body.name_en ?? null,
        description: body.description ?? "",
        descriptionEn: body.description_en ?? null,
        image: category.image,
        type: body.type,
        imageTab: body.type === "generating_image" ? body.image_tab : null,
        systemPrompt: body.instructions ?? "",
        enabled: body.enabled ?? true,
        modelIds: [...new Set(body.model_ids ?? [])],
        sortOrder: sql`(select coalesce(max(${assistants.sortOrder}), 0) + 1 from ${assistants})`,
      })
      .returning();
    const after = toAdminAssistant(row);
    return { result: after, audit: { action: "assistant.create", target: `assistant:${row.id}`, before: null, after } };
  });
}

/** PATCH /api/admin/assistants/{id}: a disabled assistant leaves every list and cannot be started. */
export function updateAdminAssistant({
  db,
  operator,
  id,
  patch,
}: {
  db: Db;
  operator: Operator;
  id: number;
  patch: AdminAssistantPatch;
}): Promise<AdminAssistant> {
  return catalogueChange({ db, operator }, async (tx) => {
    const [row] = await tx.select().from(assistants).where(eq(assistants.id, id));
    if (!row) throw new ApiError("not_found", "Assistant not found");
    await checkReferences(tx, patch);
    const set = {
      categoryId: patch.category_id,
      name: patch.name,
      nameEn: patch.name_en,
      description: patch.description,
      descriptionEn: patch.description_en,
      systemPrompt: patch.instructions,
      enabled: patch.enabled,
      modelIds: patch.model_ids && [...new Set(patch.model_ids)],
    };
    const [updated] = Object.values(set).some((v) => v !== undefined)
      ? await tx.update(assistants).set(set).where(eq(assistants.id, id)).returning()
      : [row];
    const after = toAdminAssistant(updated);
    return {
      result: after,
      audit: { action: "assistant.update", target: `assistant:${id}`, before: toAdminAssistant(row), after },
    };
  });
}

/** POST /api/admin/assistant-categories: its key (ai_chat_type) is unique (409 when taken). */
export function createAdminCategory({
  db,
  operator,
  body,
}: {
  db: Db;
  operator: Operator;
  body: AdminCategoryCreate;
}): Promise<AdminCategory> {
  return catalogueChange({ db, operator }, async (tx) => {
    if (
      (
        await tx
          .select({ id: assistantCategories.id })
          .from(assistantCategories)
          .where(eq(assistantCategories.aiChatType, body.ai_chat_type))
      ).length
    ) {
      throw new ApiError("conflict", "This category key is taken", { ai_chat_type: ["Already used"] });
    }
    const [row] = await tx
      .insert(assistantCategories)
      .values({
        aiChatType: body.ai_chat_type,
        name: body.name,
        nameEn: body.name_en ?? null,
        image: "/icons/categories/work.svg",
        sortOrder: sql`(select coalesce(max(${assistantCategories.sortOrder}), 0) + 1 from ${assistantCategories})`,
      })
      .returning();
    const after = toAdminCategory(row);
    return { result: after, audit: { action: "category.create", target: `category:${row.id}`, before: null, after } };
  });
}

/** PATCH /api/admin/assistant-categories/{id}: its names in both languages. */
export function updateAdminCategory({
  db,
  operator,
  id,
  patch,
}: {
  db: Db;
  operator: Operator;
  id: number;
  patch: AdminCategoryPatch;
}): Promise<AdminCategory> {
  return catalogueChange({ db, operator }, async (tx) => {
    const [row] = await tx.select().from(assistantCategories).where(eq(assistantCategories.id, id));
    if (!row) throw new ApiError("not_found", "Category not found");
    const set = { name: patch.name, nameEn: patch.name_en };
    const [updated] = Object.values(set).some((v) => v !== undefined)
      ? await tx.update(assistantCategories).set(set).where(eq(assistantCategories.id, id)).returning()
      : [row];
    const after = toAdminCategory(updated);
    return {
      result: after,
      audit: { action: "category.update", target: `category:${id}`, before: toAdminCategory(row), after },
    };
  });
}
