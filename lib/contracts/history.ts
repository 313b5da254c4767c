import { z } from "zod";
import { bodyIdSchema, queryIdSchema } from "./common";

// docs/product/history.md "Calls".
const historySessionSchema = z.object({
  session_id: z.number(),
  /** The dialogue's title: the person's own, else its first message's first line (cut), else the model's name. */
  name: z.string(),
  /** When the session was last used (launched, continued or written to), ISO 8601. */
  date: z.string(),
  model: z.string(),
  model_image: z.string(),
  /** The last user message, cut at 50 characters (graphemes) with "…"; null before the first one. */
  last_user_message: z.string().nullable(),
  /**
   * Sessions of voice and audio work (speech to text, noise removal, dubbing) with a message: the
   * first transcript (cut like last_user_message), or null when that work has none; the client then
   * shows "🎤 Voice message". Null for other sessions and before the first message.
   */
  voice_preview: z.object({ transcript: z.string().nullable() }).nullable(),
});
export type HistorySession = z.infer<typeof historySessionSchema>;

const historyPaginationSchema = z.object({ hasNextPage: z.boolean(), currentPage: z.number(), totalPages: z.number() });
export const historyPageResponseSchema = z.object({
  data: z.array(historySessionSchema),
  pagination: historyPaginationSchema,
});
export type HistoryPage = z.infer<typeof historyPageResponseSchema>;

const historyMessageSchema = z.object({
  message_id: z.number(),
  user_text: z.string().nullable(),
  /** A signed link to the stored file (or an external http(s) URL as stored). */
  user_file_url: z.string().nullable(),
  /** The uploaded file's own name, shown and used for downloads; null when it had none (a voice message). */
  user_file_name: z.string().nullable(),
  ai_text: z.string().nullable(),
  ai_file_url: z.string().nullable(),
  /** The model that wrote the answer (a session can change model); null for answers from before it was kept. */
  model: z.string().nullable(),
  created_at: z.string(),
});
export type HistoryMessage = z.infer<typeof historyMessageSchema>;

const HISTORY_PAGE_SIZE_MAX = 50;
const HISTORY_PAGE_SIZE_DEFAULT = 20;

export const HISTORY_SEARCH_MAX = 100;
export const HISTORY_NAME_MAX = 100;

// POST /api/history/ {page, page_size, q?}: page from 1, page_size 1..50 (JSON numbers only); q searches
// titles and messages (blank: no search).
export const historyPageBodySchema = z.object({
  page: z.number().int().positive().max(1_000_000).default(1),
  page_size: z.number().int().min(1).max(HISTORY_PAGE_SIZE_MAX).default(HISTORY_PAGE_SIZE_DEFAULT),
  q: z
    .string({ error: "must be a string" })
    .max(HISTORY_SEARCH_MAX, { error: `at most ${HISTORY_SEARCH_MAX} characters` })
    .trim()
    .optional()
    .meta({ description: "Words to find in the dialogues' titles and messages, any case" }),
});

// GET /api/history/id?session_id=
export const historyThreadQuerySchema = z.object({ session_id: queryIdSchema });
export const historyThreadResponseSchema = z.array(historyMessageSchema);

// POST /api/history/id {session_id, model_id?}: model_id moves the session to another model of its action.
export const historyContinueBodySchema = z.object({ session_id: bodyIdSchema, model_id: bodyIdSchema.optional() });
export const historyContinueResponseSchema = z.object({ success: z.literal(true), session_id: z.number() });

// PATCH /api/history/id {session_id, name}: the person's own title for the dialogue.
export const historyRenameBodySchema = z.object({
  session_id: bodyIdSchema,
  name: z
    .string({ error: "must be a string" })
    .trim()
    .min(1, { error: "must not be empty" })
    .max(HISTORY_NAME_MAX, { error: `at most ${HISTORY_NAME_MAX} characters` }),
});
export const historyRenameResponseSchema = z.object({ session_id: z.number(), name: z.string() });
export type HistoryRenameResponse = z.infer<typeof historyRenameResponseSchema>;

// DELETE /api/history/id?session_id=: the dialogue, its messages and its stored files.
export const historyDeleteQuerySchema = z.object({ session_id: queryIdSchema });
export const historyDeleteResponseSchema = z.object({
  success: z.literal(true),
  /** How many stored files (uploads, results) were removed with it. */
  files_removed: z.number().int(),
});
export type HistoryDeleteResponse = z.infer<typeof historyDeleteResponseSchema>;

// GET /api/history/models?session_id=: the models the session may continue with (its action, opened by the tariff).
export const historyModelsQuerySchema = z.object({ session_id: queryIdSchema });
export const historyModelsResponseSchema = z.object({
  current_model_id: z.number(),
  models: z.array(z.object({ model_id: z.number(), display_name: z.string() })),
});
export type HistoryModels = z.infer<typeof historyModelsResponseSchema>;
