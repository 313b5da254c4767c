import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { users } from "@/db/schema";
import { botText } from "@/lib/server/bot/bot-text";
import { queueBotMessage } from "@/lib/server/bot/outbox";

// What the payments code tells a payer outside the app. It names the event; this module picks the
// channel (today a message in the bot chat, queued in the caller's transaction) and the words.
export type PayerNotice =
  /** A payment shown as over (expired, cancelled, failed) was paid after all and applied. */
  | { kind: "latePaymentApplied"; amountKopecks: number; purchase: string }
  /** Stars we could not match to a payment were given back. */
  | { kind: "starsRefunded" };

/** The payer by our user id, or by Telegram id when they may have no account. */
type Payer = { userId: number } | { telegramId: number };

export async function notifyPayer({ db, payer, notice }: { db: Db; payer: Payer; notice: PayerNotice }): Promise<void> {
  const [user] = await db
    .select({ id: users.id, chatId: users.telegramId, language: users.language })
    .from(users)
    .where("userId" in payer ? eq(users.id, payer.userId) : eq(users.telegramId, payer.telegramId));
  const chatId = user?.chatId ?? ("telegramId" in payer ? payer.telegramId : null);
  if (chatId === null) return;
  const language = user?.language ?? "ru";
  const text =
    notice.kind === "latePaymentApplied"
      ? botText(language)(notice.kind, { amount: (notice.amountKopecks / 100).toFixed(2), what: notice.purchase })
      : botText(language)(notice.kind);
  await queueBotMessage({ db, userId: user?.id ?? null, chatId, text });
}
