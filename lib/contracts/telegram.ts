import { z } from "zod";

// POST /api/telegram/webhook. Telegram's update objects carry many fields we do not read; only the
// envelope is checked.
export const telegramUpdateBodySchema = z.looseObject({ update_id: z.number().int() });
export const telegramWebhookResponseSchema = z.object({ ok: z.literal(true), handled: z.boolean() });
