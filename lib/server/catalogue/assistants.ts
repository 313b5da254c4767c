import "server-only";
import { and, asc, desc, eq, sql, type AnyColumn } from "drizzle-orm";
import type { Db } from "@/db";
import { assistantCategories, assistants, favorites } from "@/db/schema";
import type {
  AssistantCategory,
  AssistantItem,
  AssistantType,
  FavoriteAssistant,
  FavoriteChangeResponse,
  ImageTab,
} from "@/lib/contracts/assistants";
import { ApiError } from "@/lib/server/http/api-error";
import type { Language } from "@/lib/contracts/common";
import { cachedCatalogue } from "./cache";

/** The English text when the caller reads English and the catalogue has it, otherwise the Russian. */
const inLanguage = (language: Language, ru: AnyColumn, en: AnyColumn) =>
  language === "en" ? sql<string>`coalesce(${en}, ${ru})` : sql<string>`${ru}`;
import { textIn } from "@/lib/shared/catalogue-text";

// Categories and assistants are catalogue data (written by the seed, which bumps catalogue_version):
// cached per process like the models. Only the caller's favourites are read per call.
type Assistant = typeof assistants.$inferSelect;
type CatalogueAssistant = Assistant & { aiChatType: string };
const loadCatalogue = (db: Db) =>
  cachedCatalogue(db, "assistants", async () => {
    const [categories, rows] = await Promise.all([
      db.select().from(assistantCategories).orderBy(asc(assistantCategories.sortOrder), asc(assistantCategories.id)),
      db.select().from(assistants).orderBy(asc(assistants.sortOrder), asc(assistants.id)),
    ]);
    const typeOf = new Map(categories.map((c) => [c.id, c.aiChatType]));
    // The inner join of the lists: an assistant always has its category (foreign key).
    // A disabled assistant (the console's switch) is as absent as a deleted one.
    const list: CatalogueAssistant[] = rows.flatMap((a) =>
      a.enabled && typeOf.has(a.categoryId) ? [{ ...a, aiChatType: typeOf.get(a.categoryId)! }] : [],
    );
    return { categories, assistants: list, byId: new Map(list.map((a) => [a.id, a])) };
  });

const favoriteIds = async ({ db, userId }: { db: Db; userId: number }) =>
  new Set(
    (await db.select({ id: favorites.assistantId }).from(favorites).where(eq(favorites.userId, userId))).map(
      (f) => f.id,
    ),
  );

const toAssistantItem = (a: CatalogueAssistant, language: Language, favorite: Set<number>): AssistantItem => ({
  assistant_id: a.id,
  name: textIn(language, a.name, a.nameEn),
  description: textIn(language, a.description, a.descriptionEn),
  image: a.image,
  type: a.type as AssistantType,
  ai_chat_type: a.aiChatType,
  image_tab: a.imageTab as ImageTab | null,
  has_user: favorite.has(a.id),
});

type Caller = { db: Db; userId: number; language: Language };

/** Catalogue assistants passing `keep`, in catalogue order, with the caller's favourite flag. */
async function listAssistants(
  { db, userId, language }: Caller,
  keep: (a: CatalogueAssistant) => boolean,
): Promise<AssistantItem[]> {
  const [catalogue, favorite] = await Promise.all([loadCatalogue(db), favoriteIds({ db, userId })]);
  return catalogue.assistants.filter(keep).map((a) => toAssistantItem(a, language, favorite));
}

export async function listCategories({ db, language }: { db: Db; language: Language }): Promise<AssistantCategory[]> {
  const { categories } = await loadCatalogue(db);
  return categories.map((c) => ({
    id: c.id,
    name: textIn(language, c.name, c.nameEn),
    image: c.image,
    ai_chat_type: c.aiChatType,
  }));
}

/** Assistants of one category (by its ai_chat_type); an unknown category answers 404. */
export async function listAssistantsByCategory({
  type,
  ...caller
}: Caller & { type: string }): Promise<AssistantItem[]> {
  const category = (await loadCatalogue(caller.db)).categories.find((c) => c.aiChatType === type);
  if (!category) throw new ApiError("not_found", "Assistant category not found");
  return listAssistants(caller, (a) => a.categoryId === category.id);
}

export const listImageAssistants = (caller: Caller): Promise<AssistantItem[]> =>
  listAssistants(caller, (a) => a.type === "generating_image");

/** The caller's favourites of every type, newest first; items carry `id` (docs/product/api.md "Favourites"). */
export async function listFavorites({ db, userId, language }: Caller): Promise<FavoriteAssistant[]> {
  const rows = await db
    .select({
      assistant_id: assistants.id,
      name: inLanguage(language, assistants.name, assistants.nameEn),
      description: inLanguage(language, assistants.description, assistants.descriptionEn),
      image: assistants.image,
      type: sql<AssistantType>`${assistants.type}`,
      ai_chat_type: assistantCategories.aiChatType,
      image_tab: sql<ImageTab | null>`${assistants.imageTab}`,
      has_user: sql<boolean>`true`.mapWith(Boolean),
    })
    .from(favorites)
    .innerJoin(assistants, eq(assistants.id, favorites.assistantId))
    .innerJoin(assistantCategories, eq(assistantCategories.id, assistants.categoryId))
    .where(and(eq(favorites.userId, userId), eq(assistants.enabled, true)))
    .orderBy(desc(favorites.createdAt), asc(assistants.id));
  return rows.map(({ assistant_id, ...rest }) => ({ id: assistant_id, ...rest }));
}

export async function getAssistantOrThrow({ db, assistantId }: { db: Db; assistantId: number }): Promise<Assistant> {
  const assistant = (await loadCatalogue(db)).byId.get(assistantId);
  if (!assistant) throw new ApiError("not_found", "Assistant not found");
  return assistant;
}

/** An assistant limited to some models (the console's choice) refuses the others with 400. */
export function assertAssistantRunsOn(assistant: Pick<Assistant, "modelIds" | "name">, modelId: number): void {
  if (assistant.modelIds.length > 0 && !assistant.modelIds.includes(modelId)) {
    throw new ApiError("bad_request", `${assistant.name} does not run on this model`, {
      model_id: ["Not one of the assistant's models"],
    });
  }
}

/** Adds a favourite; adding it again changes nothing (one row per user and assistant). */
export async function addFavorite({
  db,
  userId,
  assistantId,
}: {
  db: Db;
  userId: number;
  assistantId: number;
}): Promise<FavoriteChangeResponse> {
  await getAssistantOrThrow({ db, assistantId });
  await db.insert(favorites).values({ userId, assistantId }).onConflictDoNothing();
  return { success: true, assistant_id: assistantId, has_user: true };
}

/** Removes the caller's favourite (only theirs); removing a missing one is not an error. */
export async function removeFavorite({
  db,
  userId,
  assistantId,
}: {
  db: Db;
  userId: number;
  assistantId: number;
}): Promise<FavoriteChangeResponse> {
  await getAssistantOrThrow({ db, assistantId });
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.assistantId, assistantId)));
  return { success: true, assistant_id: assistantId, has_user: false };
}
