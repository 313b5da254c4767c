import { z } from "zod";
import { bodyIdSchema, queryIdSchema } from "./common";

// docs/product/history.md "Calls".
export type HistorySession = {
  session_id: number;
  name: string;
  /** When the session was last used (launched, continued or written to), ISO 8601. */
  date: string;
  model: string;
  model_image: string;
  /** The last user message, cut at 50 characters (graphemes) with "…"; null before the first one. */
  last_user_message: string | null;
};

export type HistoryPagination = { hasNextPage: boolean; currentPage: number; totalPages: number };
export type HistoryPage = { data: HistorySession[]; pagination: HistoryPagination };

export type HistoryMessage = {
  message_id: number;
  user_text: string | null;
  /** A signed link to the stored file (or an external http(s) URL as stored). */
  user_file_url: string | null;
  ai_text: string | null;
  ai_file_url: string | null;
  created_at: string;
};

const HISTORY_PAGE_SIZE_MAX = 50;
const HISTORY_PAGE_SIZE_DEFAULT = 20;

// POST /api/history/ {page, page_size}: page from 1, page_size 1..50 (JSON numbers only).
export const historyPageBodySchema = z.object({
  page: z.number().int().positive().max(1_000_000).default(1),
  page_size: z.number().int().min(1).max(HISTORY_PAGE_SIZE_MAX).default(HISTORY_PAGE_SIZE_DEFAULT),
});

// GET /api/history/id?session_id=
export const historyThreadQuerySchema = z.object({ session_id: queryIdSchema });

// POST /api/history/id {session_id}
export const historyContinueBodySchema = z.object({ session_id: bodyIdSchema });
export type HistoryContinueResponse = { success: true; session_id: number };
