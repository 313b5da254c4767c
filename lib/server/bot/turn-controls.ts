import "server-only";
import type { Update } from "grammy/types";
import type { Db } from "@/db";
import { telegramApi } from "./telegram-api";
import { STOP_PREFIX } from "./turn-preview";
import { requestStop } from "./turns";
import { log } from "@/lib/server/log";

// Stop is handled inside the webhook request, never stored for the worker: the worker runs a chat's
// updates one at a time, so a stored Stop would wait behind the very turn it should end.

/** Handles a Stop (Telegram's draft stop button, or our inline Stop button); answers whether the update was one. */
export async function handleStopControl({
  db,
  update,
}: {
  db: Db;
  update: Pick<Update, "stopped_message_generation" | "callback_query">;
}): Promise<boolean> {
  const stopped = update.stopped_message_generation;
  if (stopped) {
    // A draft's id is its turn's id (turn-preview.ts); drafts exist only in private chats, where chat id = user id.
    await requestStop({ db, turnId: stopped.draft_id, telegramId: stopped.chat.id });
    return true;
  }
  const query = update.callback_query;
  if (!query?.data?.startsWith(STOP_PREFIX)) return false;
  const turnId = Number(query.data.slice(STOP_PREFIX.length));
  if (Number.isSafeInteger(turnId)) await requestStop({ db, turnId, telegramId: query.from.id });
  // Ends the button's spinner; the stopped answer itself follows from the turn.
  await telegramApi({ db })
    .answerCallbackQuery(query.id)
    .catch((error) => log().warn(`[bot] answerCallbackQuery for Stop failed: ${(error as Error).message}`));
  return true;
}
