import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { botOutbox } from "@/db/schema";

// Demo mode has no Telegram: the bot's calls are answered here as the Bot API would, and what it
// says is recorded in bot_outbox (status "recorded"; the row id is the message id, so an edit of a
// streamed answer updates its row) for the demo chat to show.

export async function recordDemoCall({ db, method, payload }: { db: Db; method: string; payload: unknown }) {
  const p = (payload ?? {}) as { chat_id?: number | string; text?: string; message_id?: number };
  const chatId = Number(p.chat_id ?? 0);
  let messageId = p.message_id ?? 0;
  if (method === "sendMessage" && p.text) {
    const [row] = await db.insert(botOutbox).values({ userId: null, chatId, text: p.text, status: "recorded" }).returning({ id: botOutbox.id });
    messageId = row.id;
  } else if (method === "editMessageText" && p.text && p.message_id) {
    await db.update(botOutbox).set({ text: p.text }).where(eq(botOutbox.id, p.message_id));
  }
  const message = { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: "private" }, text: p.text };
  const result = method === "sendMessage" || method === "editMessageText" ? message : true;
  // grammY types each method's result; every method this bot calls answers a Message or true.
  return { ok: true as const, result: result as never };
}
