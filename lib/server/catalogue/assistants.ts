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


/** The English text when the caller reads English and the catalogue has it, otherwise the Russian. */
const inLanguage = (language: Language, ru: AnyColumn, en: AnyColumn) =>
  language === "en" ? sql<string>`coalesce(${en}, ${ru})` : sql<string>`${ru}`;

// The caller's favourite flag is joined in the query, so every list answers has_user for the caller.
const assistantColumns = (language: Language) => ({
  assistant_id: assistants.id,
  name: inLanguage(language, assistants.name, assistants.nameEn),
  description: inLanguage(language, assistants.description, assistants.descriptionEn),
  image: assistants.image,
  type: sql<AssistantType>`${assistants.type}`,
  ai_chat_type: assistantCategories.aiChatType,
  image_tab: sql<ImageTab | null>`${assistants.imageTab}`,
  has_user: sql<boolean>`(${favorites.userId} is not null)`.mapWith(Boolean),
});

type Caller = { db: Db; userId: number; language: Language };

function selectAssistants({ db, userId, language }: Caller) {
  return db
    .select(assistantColumns(language))
    .from(assistants)
    .innerJoin(assistantCategories, eq(assistantCategories.id, assistants.categoryId))
    .leftJoin(favorites, and(eq(favorites.assistantId, assistants.id), eq(favorites.userId, userId)))
    .$dynamic();
}

export async function listCategories({ db, language }: { db: Db; language: Language }): Promise<AssistantCategory[]> {
  return db
    .select({
      id: assistantCategories.id,
      name: inLanguage(language, assistantCategories.name, assistantCategories.nameEn),
      image: assistantCategories.image,
      ai_chat_type: assistantCategories.aiChatType,
    })
    .from(assistantCategories)
    .orderBy(asc(assistantCategories.sortOrder), asc(assistantCategories.id));
}

/** Assistants of one category (by its ai_chat_type); an unknown category answers 404. */
export async function listAssistantsByCategory({
  db,
  userId,
  language,
  type,
}: Caller & { type: string }): Promise<AssistantItem[]> {
  const [category] = await db
    .select({ id: assistantCategories.id })
    .from(assistantCategories)
    .where(eq(assistantCategories.aiChatType, type));
  if (!category) throw new ApiError("not_found", "Assistant category not found");
  const rows = await selectAssistants({ db, userId, language })
    .where(eq(assistants.categoryId, category.id))
    .orderBy(asc(assistants.sortOrder), asc(assistants.id));
  return rows;
}

export async function listImageAssistants({ db, userId, language }: Caller): Promise<AssistantItem[]> {
  const rows = await selectAssistants({ db, userId, language })
    .where(eq(assistants.type, "generating_image"))
    .orderBy(asc(assistants.sortOrder), asc(assistants.id));
  return rows;
}

/** The caller's favourites of every type, newest first; items carry `id` (SPEC.md section 3). */
export async function listFavorites({ db, userId, language }: Caller): Promise<FavoriteAssistant[]> {
  const rows = await selectAssistants({ db, userId, language })
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), asc(assistants.id));
  return rows.map(({ assistant_id, ...rest }) => ({ id: assistant_id, ...rest }));
}

export async function getAssistantOrThrow({ db, assistantId }: { db: Db; assistantId: number }) {
  const [assistant] = await db.select().from(assistants).where(eq(assistants.id, assistantId));
  if (!assistant) throw new ApiError("not_found", "Assistant not found");
  return assistant;
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
