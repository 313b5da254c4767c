import { z } from "zod";
import { bodyIdSchema, queryIdSchema } from "./common";
import { launchResponseSchema, modelsResponseSchema } from "./models";

// docs/product/catalogue.md "Assistants".
const assistantCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string(),
  ai_chat_type: z.string(),
});
export type AssistantCategory = z.infer<typeof assistantCategorySchema>;
// GET /api/assistants/categories
export const assistantCategoriesResponseSchema = z.array(assistantCategorySchema);

const assistantItemSchema = z.object({
  assistant_id: z.number(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  type: z.enum(["text", "generating_image"]),
  /** The category key (ai_chat_type) the assistant belongs to. */
  ai_chat_type: z.string(),
  /** Image assistants only: the tab that lists them. */
  image_tab: z.enum(["editfoto", "genfoto"]).nullable(),
  has_user: z.boolean(),
});
export type AssistantItem = z.infer<typeof assistantItemSchema>;
export type AssistantType = AssistantItem["type"];
export type ImageTab = NonNullable<AssistantItem["image_tab"]>;

// GET /api/assistants/models: the models assistants run on.
export const assistantModelsResponseSchema = modelsResponseSchema;

// GET /api/assistants/generating_image
export const imageAssistantsResponseSchema = z.array(assistantItemSchema);

// GET /api/user/assistants: the caller's favourites; items carry `id` (docs/product/api.md "Favourites").
const favoriteAssistantSchema = assistantItemSchema.omit({ assistant_id: true }).extend({ id: z.number() });
export type FavoriteAssistant = z.infer<typeof favoriteAssistantSchema>;
export const favoritesResponseSchema = z.array(favoriteAssistantSchema);

// POST and DELETE /api/user/assistants
export const favoriteResponseSchema = z.object({
  success: z.literal(true),
  assistant_id: z.number(),
  has_user: z.boolean(),
});
export type FavoriteChangeResponse = z.infer<typeof favoriteResponseSchema>;

// GET /api/assistants/list_by_category?type=
export const listByCategoryQuerySchema = z.object({ type: z.string().trim().min(1).max(64) });
export const listByCategoryResponseSchema = z.array(assistantItemSchema);

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
export const assistantSessionResponseSchema = launchResponseSchema.meta({
  description: "The new dialogue with the assistant",
});

// GET /api/assistants/create_image_assistant_session?assistant_id=&model_id=&action_type=
export const ACTION_TYPES = ["text", "photo"] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
export const imageAssistantSessionQuerySchema = z.object({
  assistant_id: queryIdSchema,
  model_id: queryIdSchema,
  action_type: z.enum(ACTION_TYPES),
});
export const imageAssistantSessionResponseSchema = launchResponseSchema.meta({
  description: "The new session with the image assistant",
});
