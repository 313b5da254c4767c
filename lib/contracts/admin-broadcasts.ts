import { z } from "zod";
import { BROADCAST_SEGMENTS, BROADCAST_STATUSES } from "@/lib/shared/broadcast-segments";
import { TELEGRAM_TEXT_LIMIT } from "@/lib/shared/markdown-v2-check";

// The console's Broadcasts screen (docs/product/console.md "Broadcasts").

export const adminBroadcastBodySchema = z.object({
  /** Telegram MarkdownV2, checked before anything is sent. */
  text: z
    .string()
    .min(1)
    .max(TELEGRAM_TEXT_LIMIT)
    .refine((s) => s.trim().length > 0, "Must not be blank")
    .refine((s) => !s.includes("\0"), "NUL characters are not allowed"),
  segment: z.enum(BROADCAST_SEGMENTS),
});

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
