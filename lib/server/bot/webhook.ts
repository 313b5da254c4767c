import "server-only";
import crypto from "node:crypto";
import type { Db } from "@/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/server/http/api-error";
import { handleStarsUpdate, type StarsUpdate } from "@/lib/server/payments/stars";

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

/** Handles one update: Stars payments now; other updates are acknowledged and ignored. */
export async function handleBotUpdate({ db, update }: { db: Db; update: StarsUpdate }): Promise<{ ok: true; handled: boolean }> {
  const handled = await handleStarsUpdate({ db, update });
  return { ok: true, handled };
}
