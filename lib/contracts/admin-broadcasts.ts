import { z } from "zod";
import { BROADCAST_SEGMENTS, BROADCAST_STATUSES } from "@/lib/shared/broadcast-segments";
import { TELEGRAM_TEXT_LIMIT } from "@/lib/shared/markdown-v2-check";
import { NO_NUL, NO_NUL_MESSAGE, queryIdSchema } from "./common";

// The console's Broadcasts screen (docs/product/console.md "Broadcasts").

export const adminBroadcastBodySchema = z.object({
  /** Telegram MarkdownV2, checked before anything is sent. */
  text: z
    .string()
    .min(1)
    .max(TELEGRAM_TEXT_LIMIT)
    .regex(/\S/, "Must not be blank")
    .regex(NO_NUL, NO_NUL_MESSAGE)
    .meta({ description: "Telegram MarkdownV2; refused (400) when Telegram would not parse it" }),
  segment: z.enum(BROADCAST_SEGMENTS),
});

// GET /api/admin/broadcasts/{id}, POST …/{id}/cancel: any other id names no broadcast (404).
export const adminBroadcastParamsSchema = z.object({ id: queryIdSchema });

export const adminBroadcastSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  segment: z.enum(BROADCAST_SEGMENTS),
  status: z.enum(BROADCAST_STATUSES),
  /** Recipients when it started: users of the segment who allowed messages and did not block the bot. */
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** The Bot API answered 403: the user blocked the bot (or never started it) since. */
  blocked: z.number().int(),
  /** Not sent yet (0 once it is done or cancelled). */
  left: z.number().int(),
  created_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
});

export const adminBroadcastsResponseSchema = z.object({ items: z.array(adminBroadcastSchema) });
