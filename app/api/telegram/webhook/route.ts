import { telegramUpdateBodySchema, telegramWebhookResponseSchema } from "@/lib/contracts/telegram";
import { assertWebhookSecret, handleBotUpdate, SECRET_HEADER } from "@/lib/server/bot/webhook";
import { withPublic } from "@/lib/server/http/handler";
import type { StarsUpdate } from "@/lib/server/payments/providers/stars/webhook";

// POST /api/telegram/webhook - updates from Telegram, checked against the webhook secret
export const POST = withPublic(
  { body: telegramUpdateBodySchema, rateLimit: "telegram-webhook", authorize: (req) => assertWebhookSecret(req.headers.get(SECRET_HEADER)), response: telegramWebhookResponseSchema },
  async ({ db, body }) => handleBotUpdate({ db, update: body as StarsUpdate & { update_id: number } }),
);
