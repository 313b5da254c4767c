import { z } from "zod";
import { assertWebhookSecret, handleBotUpdate, SECRET_HEADER } from "@/lib/server/bot/webhook";
import { withPublic } from "@/lib/server/http/handler";
import type { StarsUpdate } from "@/lib/server/payments/providers/stars/webhook";

// Telegram's update objects carry many fields we do not read; only the envelope is checked here.
const updateSchema = z.looseObject({ update_id: z.number().int() });

// POST /api/telegram/webhook - updates from Telegram, checked against the webhook secret
export const POST = withPublic(
  { body: updateSchema, rateLimit: "telegram-webhook", authorize: (req) => assertWebhookSecret(req.headers.get(SECRET_HEADER)) },
  async ({ db, body }) => handleBotUpdate({ db, update: body as StarsUpdate & { update_id: number } }),
);
