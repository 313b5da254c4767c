import { z } from "zod";
import { bodyIdSchema, queryIdSchema } from "./common";

// docs/product/catalogue.md "Assistants".
export type AssistantCategory = { id: number; name: string; image: string; ai_chat_type: string };
export type AssistantType = "text" | "generating_image";
export type ImageTab = "editfoto" | "genfoto";

export type AssistantItem = {
  assistant_id: number;
  name: string;
  description: string;
  image: string;
  type: AssistantType;
  /** The category key (ai_chat_type) the assistant belongs to. */
  ai_chat_type: string;
  /** Image assistants only: the tab that lists them. */
  image_tab: ImageTab | null;
  has_user: boolean;
};

// GET /api/user/assistants: the caller's favourites; items carry `id` (docs/product/api.md "Favourites").
export type FavoriteAssistant = Omit<AssistantItem, "assistant_id"> & { id: number };

export type FavoriteChangeResponse = { success: true; assistant_id: number; has_user: boolean };

// GET /api/assistants/list_by_category?type=
export const listByCategoryQuerySchema = z.object({ type: z.string().trim().min(1).max(64) });

// POST and DELETE /api/user/assistants. The client nests the id ({assistant_id: {assistant_id: N}});
// the flat form {assistant_id: N} is accepted too. assistant_type (the category) is informational.
export const favoriteBodySchema = z
  .object({
    assistant_id: z.union([bodyIdSchema, z.object({ assistant_id: bodyIdSchema })]),
    assistant_type: z.string().max(64).optional(),
  })
  .transform((b) => ({
    assistantId: typeof b.assistant_id === "number" ? b.assistant_id : b.assistant_id.assistant_id,
    assistantType: b.assistant_type,
  }));

// GET /api/assistants/id?assistant_id=&model_id=
export const assistantSessionQuerySchema = z.object({ assistant_id: queryIdSchema, model_id: queryIdSchema });

// GET /api/assistants/create_image_assistant_session?assistant_id=&model_id=&action_type=
export const ACTION_TYPES = ["text", "photo"] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
export const imageAssistantSessionQuerySchema = z.object({
  assistant_id: queryIdSchema,
  model_id: queryIdSchema,
  action_type: z.enum(ACTION_TYPES),
});

// GET /api/user/count: what the caller has (docs/product/api.md).
export type UserCountResponse = { sessions: number; favorites: number; messages: number };
