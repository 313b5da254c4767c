import { z } from "zod";
import { languageSchema } from "./common";
import { PICKER_TYPES } from "@/lib/shared/model-actions";

// Calls under /api/demo/ besides the demo chat (./demo-chat.ts); demo mode only, 404 otherwise.

// GET /api/demo/init-data: launch data signed with the development bot token.
export const demoInitDataQuerySchema = z.object({
  user: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 52)
    .optional(),
  lang: languageSchema.optional(),
  start: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  write: z.literal("deny").optional(),
});
export const demoInitDataResponseSchema = z.object({ initData: z.string() });

const messageSchema = z.object({
  user_text: z.string().max(20_000).nullish(),
  ai_text: z.string().max(20_000).nullish(),
  user_file_url: z.string().max(2_000).nullish(),
  user_file_name: z.string().max(255).nullish(),
  ai_file_url: z.string().max(2_000).nullish(),
});

// POST /api/demo/history: fills the caller's history in demo mode (the bot dialogue is not running
// there), for trying the screens and for the end-to-end tests. The first session is the newest.
export const demoHistoryBodySchema = z.object({
  sessions: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(200),
        // What the session does, as a launch records it (voice sessions preview differently).
        action: z.enum(PICKER_TYPES).default("text"),
        messages: z.array(messageSchema).max(200).default([]),
        // Numbered filler messages after `messages`, written by one INSERT ... SELECT.
        generated_messages: z.number().int().min(0).max(20_000).default(0),
      }),
    )
    .min(1)
    .max(200),
});

// POST /api/demo/history answers the ids of the sessions added.
export const demoHistoryResponseSchema = z.object({ session_ids: z.array(z.number()) });
