import { telegramUpdateBodySchema, telegramWebhookResponseSchema } from "@/lib/contracts/telegram";
import { assertWebhookSecret, handleBotUpdate, SECRET_HEADER } from "@/lib/server/bot/webhook";
import { withPublic } from "@/lib/server/http/handler";
import type { StarsUpdate } from "@/lib/server/payments/providers/stars/webhook";

// POST /api/telegram/webhook - updates from Telegram, checked against the webhook secret. Not rate
// limited: only Telegram knows the secret (docs/decisions/0401-telegram-webhook-not-rate-limited.md).
export const POST = withPublic(
  {
    body: telegramUpdateBodySchema,
    authorize: (req) => assertWebhookSecret(req.headers.get(SECRET_HEADER)),
    response: telegramWebhookResponseSchema,
  },
  async ({ db, body }) => handleBotUpdate({ db, update: body as StarsUpdate & { update_id: number } }),
);
