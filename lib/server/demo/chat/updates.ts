import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { botOutbox, type User } from "@/db/schema";
import type { DemoChatJsonBody, DemoChatSent } from "@/lib/contracts/demo-chat";
import { isDemoMode } from "@/lib/env";
import { demoFileId, demoFileUniqueId } from "@/lib/server/demo/bot-transport";
import { handleBotUpdate } from "@/lib/server/bot/webhook";
import { ApiError, notFound } from "@/lib/server/http/api-error";
import { receiveDemoUpload, type DemoChatFileForm, type DemoUpload } from "./uploads";

/** What the demo user sent: a file with its form, or a JSON text, button press or Stop. */
export type DemoChatInput = { form: DemoChatFileForm; body: undefined } | { form: undefined; body: DemoChatJsonBody };

// The demo chat's messages enter exactly where Telegram's do: a Telegram-shaped Update handed to the
// webhook's handleBotUpdate (Stop answered at once, everything else stored for the bot-updates
// worker, which runs it through grammY).

/** The demo chat exists only in demo mode; elsewhere its routes are unknown (404). */
export function assertDemoChat(): void {
  if (!isDemoMode()) throw notFound("Demo mode is off");
}

// Update ids grow with time, so a chat's updates are handled in the order they were sent; the
// counter keeps two sends in one millisecond apart.
let counter = 0;
const nextUpdateId = () => Date.now() * 1000 + (counter++ % 1000);
const unixNow = () => Math.floor(Date.now() / 1000);

/** The user's Telegram identity, as an update's `from` carries it. */
const telegramFrom = (user: User) => ({
  id: user.telegramId,
  is_bot: false,
  first_name: user.firstName || "Demo",
  ...(user.lastName ? { last_name: user.lastName } : {}),
  ...(user.username ? { username: user.username } : {}),
  language_code: user.languageCode ?? user.language,
});

const privateChat = (user: User) => ({
  id: user.telegramId,
  type: "private",
  first_name: user.firstName || "Demo",
  ...(user.username ? { username: user.username } : {}),
});

/** What a message carries for an uploaded file, as Telegram shapes each kind. */
function fileContent(upload: DemoUpload): Record<string, unknown> {
  const id = demoFileId(upload.key);
  const base = { file_id: id, file_unique_id: demoFileUniqueId(id), file_size: upload.size };
  const caption = upload.caption ? { caption: upload.caption } : {};
  if (upload.kind === "photo") return { photo: [{ ...base, width: upload.width, height: upload.height }], ...caption };
  if (upload.kind === "voice")
    return { voice: { ...base, duration: upload.duration, mime_type: upload.mime }, ...caption };
  if (upload.kind === "audio")
    return {
      audio: { ...base, duration: upload.duration, mime_type: upload.mime, file_name: upload.fileName },
      ...caption,
    };
  return { document: { ...base, mime_type: upload.mime, file_name: upload.fileName }, ...caption };
}

/** Telegram offers bot commands as entities; grammY's command handlers need them. */
function textContent(text: string): Record<string, unknown> {
  const command = /^\/[A-Za-z0-9_]{1,32}(@\w+)?/.exec(text);
  return { text, ...(command ? { entities: [{ type: "bot_command", offset: 0, length: command[0].length }] } : {}) };
}

/** A press of an inline button under one of the bot's messages in this chat. */
async function callbackQuery({
  db,
  user,
  updateId,
  data,
  messageId,
}: {
  db: Db;
  user: User;
  updateId: number;
  data: string;
  messageId: number;
}) {
  const [row] = await db
    .select({ id: botOutbox.id, text: botOutbox.text, extra: botOutbox.extra, createdAt: botOutbox.createdAt })
    .from(botOutbox)
    .where(and(eq(botOutbox.id, messageId), eq(botOutbox.chatId, user.telegramId)));
  if (!row) throw notFound("No such message in this chat");
  const markup = (row.extra as { reply_markup?: unknown } | null)?.reply_markup;
  return {
    // answerCallbackQuery names this id; the demo transport finds the chat by it.
    id: String(updateId),
    from: telegramFrom(user),
    chat_instance: String(user.telegramId),
    data,
    message: {
      message_id: row.id,
      date: Math.floor(row.createdAt.getTime() / 1000),
      chat: privateChat(user),
      text: row.text,
      ...(markup ? { reply_markup: markup } : {}),
    },
  };
}

async function buildUpdate({
  db,
  user,
  input,
  updateId,
}: {
  db: Db;
  user: User;
  input: DemoChatInput;
  updateId: number;
}) {
  const message = (content: Record<string, unknown>) => ({
    update_id: updateId,
    message: {
      message_id: updateId % 2 ** 31,
      date: unixNow(),
      chat: privateChat(user),
      from: telegramFrom(user),
      ...content,
    },
  });
  if (input.form) return message(fileContent(await receiveDemoUpload(input.form)));
  const { body } = input;
  if ("text" in body) return message(textContent(body.text));
  if ("stop_draft_id" in body)
    return {
      update_id: updateId,
      stopped_message_generation: { chat: privateChat(user), draft_id: body.stop_draft_id },
    };
  return {
    update_id: updateId,
    callback_query: await callbackQuery({ db, user, updateId, data: body.callback_data, messageId: body.message_id }),
  };
}

/** POST /api/demo/chat/updates: the caller's message, button press or Stop, taken as the webhook takes Telegram's. */
export async function sendDemoUpdate({
  db,
  user,
  input,
}: {
  db: Db;
  user: User;
  input: DemoChatInput;
}): Promise<DemoChatSent> {
  assertDemoChat();
  const update = await buildUpdate({ db, user, input, updateId: nextUpdateId() });
  // Another instance may have taken the same id in the same millisecond: the next one is free.
  for (let attempt = 0; attempt < 5; attempt++) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a Telegram-shaped update, as the webhook receives one
    if ((await handleBotUpdate({ db, update: update as any })).handled) return { update_id: update.update_id };
    update.update_id = nextUpdateId();
    if ("callback_query" in update && update.callback_query) update.callback_query.id = String(update.update_id);
  }
  throw new ApiError("service_unavailable", "Could not store the message, try again");
}
