import "server-only";
import crypto from "node:crypto";
import type { Update } from "grammy/types";
import type { Db } from "@/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/server/http/api-error";
import { answerStarsPreCheckout, type StarsUpdate } from "@/lib/server/payments/providers/stars/webhook";
import { perDatabase } from "@/db/per-database";
import { telegramApi } from "./telegram-api";
import { handleStopControl } from "./turn-controls";
import { takeUpdate } from "./updates-job";

export const SECRET_HEADER = "x-telegram-bot-api-secret-token";

/**
 * Telegram sends the secret given to setWebhook in this header on every update. Without a
 * configured secret the webhook accepts nothing: an open endpoint would let anyone forge payments.
 */
export function assertWebhookSecret(received: string | null): void {
  const expected = env.TELEGRAM_WEBHOOK_SECRET;
  const ok =
    !!expected &&
    !!received &&
    received.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(received), Buffer.from(expected));
  if (!ok) throw new ApiError("unauthorized", "Unknown webhook secret");
}

const typingApi = perDatabase((db) => telegramApi({ db }));

/**
 * The first reaction, sent while the update is stored and before the worker takes it: "typing" for
 * every message the bot will work on (not a command, not a payment receipt). A lost one is only a
 * missed hint; a retried update may show it twice.
 */
function showTyping({ db, update }: { db: Db; update: Pick<Update, "message"> }): void {
  const message = update.message;
  if (!message || message.text?.startsWith("/") || message.successful_payment) return;
  void typingApi(db)
    .sendChatAction(message.chat.id, "typing")
    .catch(() => {});
}

/**
 * Takes one update from Telegram: the Stars pre-checkout query (Telegram allows 10 s) and Stop
 * (it must reach a turn the worker is running) are answered here, everything else is stored (once
 * per update_id) for the bot-updates worker.
 */
export async function handleBotUpdate({
  db,
  update,
}: {
  db: Db;
  update: StarsUpdate & { update_id: number };
}): Promise<{ ok: true; handled: boolean }> {
  if (update.pre_checkout_query) {
    await answerStarsPreCheckout({ db, query: update.pre_checkout_query });
    return { ok: true, handled: true };
  }
  if (await handleStopControl({ db, update: update as Pick<Update, "stopped_message_generation" | "callback_query"> }))
    return { ok: true, handled: true };
  showTyping({ db, update: update as Pick<Update, "message"> });
  return { ok: true, handled: await takeUpdate({ db, update }) };
}
