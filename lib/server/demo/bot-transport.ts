import "server-only";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { InputFile } from "grammy";
import type { Db } from "@/db";
import { botOutbox, botUpdates } from "@/db/schema";
import { isValidKey, storeFile } from "@/lib/server/storage";

// Demo mode has no Telegram: the bot's calls are answered here as the Bot API would, and what it
// says is recorded in bot_outbox (status "recorded"; the row id is the message id, so an edit of a
// streamed answer updates its row) for the demo chat page to show. Files the bot uploads (grammY
// hands over InputFile objects before serialising them) are kept in storage; a file's id is
// `demo:<storage key>` both ways, and getFile answers that key as the file_path. An album
// (sendMediaGroup) is one row per item, each with its own caption, as Telegram sends one message each.

type Payload = Record<string, unknown> & {
  chat_id?: number | string;
  message_id?: number;
  text?: string;
  caption?: string;
};
type Answer = { ok: true; result: unknown } | { ok: false; error_code: number; description: string };

const DEMO_FILE_ID_PREFIX = "demo:";
/** How long a draft preview shows without an update (Telegram: "a temporary 30-second preview"). */
export const DRAFT_TTL_MS = 30_000;

export const demoFileId = (key: string) => `${DEMO_FILE_ID_PREFIX}${key}`;

/** The storage key a demo file id names, or null for anything else. */
export function demoFileKey(fileId: string): string | null {
  if (!fileId.startsWith(DEMO_FILE_ID_PREFIX)) return null;
  const key = fileId.slice(DEMO_FILE_ID_PREFIX.length);
  return isValidKey(key) ? key : null;
}

export const demoFileUniqueId = (key: string) =>
  crypto.createHash("sha256").update(key).digest("base64url").slice(0, 16);

// The field that carries the file, per sending method; what a sent message holds it as.
const FILE_FIELDS: Record<string, string> = {
  sendPhoto: "photo",
  sendAudio: "audio",
  sendVoice: "voice",
  sendDocument: "document",
  sendVideo: "video",
  sendAnimation: "animation",
};
const FALLBACK_TYPES: Record<string, string> = {
  voice: "audio/ogg",
  audio: "audio/mpeg",
  photo: "image/jpeg",
  video: "video/mp4",
};

const ok = (result: unknown): Answer => ({ ok: true, result });
const badRequest = (description: string): Answer => ({
  ok: false,
  error_code: 400,
  description: `Bad Request: ${description}`,
});

async function inputFileBytes(file: InputFile): Promise<Buffer> {
  const raw = await file.toRaw();
  if (raw instanceof Uint8Array) return Buffer.from(raw);
  const chunks: Uint8Array[] = [];
  for await (const chunk of raw as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

type SentFile = { key: string | null; url: string | null; name: string | null; mime: string; size: number };

/** Keeps an uploaded InputFile in storage; a demo file id or a URL is referenced as it is. */
async function sentFile(field: string, value: unknown): Promise<SentFile> {
  if (value instanceof InputFile) {
    const data = await inputFileBytes(value);
    const mime = (await fileTypeFromBuffer(data))?.mime ?? FALLBACK_TYPES[field] ?? "application/octet-stream";
    const { key } = await storeFile({ data, contentType: mime, prefix: "demo-chat/bot" });
    return { key, url: null, name: value.filename ?? null, mime, size: data.length };
  }
  const id = String(value ?? "");
  const key = demoFileKey(id);
  if (key) return { key, url: null, name: null, mime: FALLBACK_TYPES[field] ?? "application/octet-stream", size: 0 };
  return {
    key: null,
    url: /^https?:\/\//.test(id) ? id : null,
    name: null,
    mime: FALLBACK_TYPES[field] ?? "application/octet-stream",
    size: 0,
  };
}

/** The file object a sent message carries, as Telegram shapes it for each kind. */
function fileObject(field: string, file: SentFile) {
  const id = file.key ? demoFileId(file.key) : (file.url ?? "");
  const base = { file_id: id, file_unique_id: demoFileUniqueId(id), file_size: file.size };
  if (field === "photo") return [{ ...base, width: 0, height: 0 }];
  if (field === "voice") return { ...base, duration: 0, mime_type: file.mime };
  return {
    ...base,
    duration: 0,
    width: 0,
    height: 0,
    mime_type: file.mime,
    ...(file.name ? { file_name: file.name } : {}),
  };
}

/** What the demo chat renders besides the text: parse_mode, entities and an inline keyboard. */
function presentation(p: Payload): Record<string, unknown> {
  const markup = p.reply_markup as { inline_keyboard?: unknown } | undefined;
  return {
    ...(p.parse_mode ? { parse_mode: p.parse_mode } : {}),
    ...(p.entities || p.caption_entities ? { entities: p.entities ?? p.caption_entities } : {}),
    ...(markup?.inline_keyboard ? { reply_markup: { inline_keyboard: markup.inline_keyboard } } : {}),
  };
}

const messageOf = ({
  id,
  chatId,
  text,
  extra,
}: {
  id: number;
  chatId: number;
  text?: string;
  extra?: Record<string, unknown>;
}) => ({
  message_id: id,
  date: Math.floor(Date.now() / 1000),
  chat: { id: chatId, type: "private" },
  ...(text !== undefined ? { text } : {}),
  ...extra,
});

/** A message the bot sends ends the chat's draft preview, as in Telegram. */
const clearDraft = (db: Db, chatId: number) =>
  db.delete(botOutbox).where(and(eq(botOutbox.chatId, chatId), eq(botOutbox.method, "sendMessageDraft")));

async function insertRow(
  db: Db,
  values: {
    chatId: number;
    text: string;
    method: string;
    fileKey?: string | null;
    fileName?: string | null;
    extra: Record<string, unknown>;
  },
) {
  const [row] = await db
    .insert(botOutbox)
    .values({ userId: null, status: "recorded", ...values })
    .returning({ id: botOutbox.id });
  return row.id;
}

/** The bot's own message in this chat, for edits and deletes. */
const ownRow = (chatId: number, messageId: number) => and(eq(botOutbox.id, messageId), eq(botOutbox.chatId, chatId));

async function edit(db: Db, method: string, p: Payload, chatId: number): Promise<Answer> {
  const messageId = Number(p.message_id ?? 0);
  const [row] = await db.select().from(botOutbox).where(ownRow(chatId, messageId));
  if (!row || row.extra?.deleted) return badRequest("message to edit not found");
  // An edit without reply_markup removes the inline keyboard, as Telegram does.
  const { reply_markup: _dropped, parse_mode: _mode, entities: _entities, ...kept } = row.extra ?? {};
  const text =
    method === "editMessageText"
      ? String(p.text ?? "")
      : method === "editMessageCaption"
        ? String(p.caption ?? "")
        : row.text;
  if (method === "editMessageText" && !text) return badRequest("message text is empty");
  const extra =
    method === "editMessageReplyMarkup"
      ? { ...row.extra, ...presentation({ reply_markup: p.reply_markup }) }
      : { ...kept, ...presentation(p) };
  if (method === "editMessageReplyMarkup" && !p.reply_markup) delete extra.reply_markup;
  await db.update(botOutbox).set({ text, extra, updatedAt: new Date() }).where(ownRow(chatId, messageId));
  return ok(messageOf({ id: messageId, chatId, text }));
}

async function send(db: Db, method: string, p: Payload, chatId: number): Promise<Answer> {
  const field = FILE_FIELDS[method];
  if (!field) {
    const text = String(p.text ?? "");
    if (!text) return badRequest("message text is empty");
    await clearDraft(db, chatId);
    const id = await insertRow(db, { chatId, text, method, extra: presentation(p) });
    return ok(messageOf({ id, chatId, text }));
  }
  const file = await sentFile(field, p[field]);
  if (!file.key && !file.url) return badRequest(`wrong ${field} file identifier`);
  await clearDraft(db, chatId);
  const caption = String(p.caption ?? "");
  const extra = { ...presentation(p), kind: field, mime_type: file.mime, ...(file.url ? { url: file.url } : {}) };
  const id = await insertRow(db, { chatId, text: caption, method, fileKey: file.key, fileName: file.name, extra });
  return ok(messageOf({ id, chatId, extra: { [field]: fileObject(field, file), ...(caption ? { caption } : {}) } }));
}

// What an album may hold (InputMediaPhoto, …Video, …Audio, …Document) and how many (Bot API: 2–10).
const MEDIA_GROUP_TYPES = new Set(["photo", "video", "audio", "document"]);
const MEDIA_GROUP_SIZE = { min: 2, max: 10 };
type InputMedia = Payload & { type?: string; media?: unknown };

/** An album: each item kept like a single sent file, all sharing one media_group_id. */
async function sendMediaGroup(db: Db, p: Payload, chatId: number): Promise<Answer> {
  const media = (Array.isArray(p.media) ? p.media : []) as InputMedia[];
  if (media.length < MEDIA_GROUP_SIZE.min || media.length > MEDIA_GROUP_SIZE.max)
    return badRequest("wrong number of media in the group");
  const types = new Set(media.map((item) => String(item?.type)));
  if (![...types].every((type) => MEDIA_GROUP_TYPES.has(type))) return badRequest("wrong media type in the group");
  // Bot API: documents and audio files are grouped only with their own kind; photos and videos mix.
  if (types.size > 1 && (types.has("document") || types.has("audio")))
    return badRequest("documents and audio can be grouped only with their own kind");
  const files = await Promise.all(media.map((item) => sentFile(String(item.type), item.media)));
  if (files.some((file) => !file.key && !file.url)) return badRequest("wrong file identifier in the group");
  await clearDraft(db, chatId);
  const groupId = crypto.randomUUID();
  const sent = [];
  for (const [i, item] of media.entries()) {
    const field = String(item.type);
    const file = files[i];
    const caption = String(item.caption ?? "");
    const extra = {
      ...presentation(item),
      kind: field,
      mime_type: file.mime,
      media_group_id: groupId,
      ...(file.url ? { url: file.url } : {}),
    };
    const id = await insertRow(db, {
      chatId,
      text: caption,
      method: "sendMediaGroup",
      fileKey: file.key,
      fileName: file.name,
      extra,
    });
    sent.push(
      messageOf({
        id,
        chatId,
        extra: { media_group_id: groupId, [field]: fileObject(field, file), ...(caption ? { caption } : {}) },
      }),
    );
  }
  return ok(sent);
}

/** One draft row per chat, replaced by each call; an empty text is Telegram's "Thinking…". */
async function draft(db: Db, p: Payload, chatId: number): Promise<Answer> {
  const text = String(p.text ?? "");
  const extra = { draft_id: p.draft_id, can_stop: !!p.can_stop, ...presentation(p) };
  const updated = await db
    .update(botOutbox)
    .set({ text, extra, updatedAt: new Date() })
    .where(and(eq(botOutbox.chatId, chatId), eq(botOutbox.method, "sendMessageDraft")))
    .returning({ id: botOutbox.id });
  if (!updated.length) await insertRow(db, { chatId, text, method: "sendMessageDraft", extra });
  return ok(true);
}

/** A callback answer's text shows as a short notice in the chat the pressed button belongs to. */
async function answerCallback(db: Db, p: Payload): Promise<Answer> {
  const text = String(p.text ?? "");
  const updateId = Number(p.callback_query_id);
  if (!text || !Number.isSafeInteger(updateId)) return ok(true);
  const [update] = await db
    .select({ chatId: botUpdates.chatId })
    .from(botUpdates)
    .where(eq(botUpdates.updateId, updateId));
  if (update?.chatId)
    await insertRow(db, {
      chatId: update.chatId,
      text,
      method: "answerCallbackQuery",
      extra: { show_alert: !!p.show_alert },
    });
  return ok(true);
}

function getFile(p: Payload): Answer {
  const fileId = String(p.file_id ?? "");
  const key = demoFileKey(fileId);
  if (!key) return badRequest("invalid file_id");
  return ok({ file_id: fileId, file_unique_id: demoFileUniqueId(fileId), file_path: key });
}

/** Answers one Bot API call of the demo bot (installed as grammY's api transformer). */
export async function recordDemoCall({ db, method, payload }: { db: Db; method: string; payload: unknown }) {
  const p = (payload ?? {}) as Payload;
  const chatId = Number(p.chat_id ?? 0);
  let answer: Answer;
  if (method === "sendMessage" || FILE_FIELDS[method]) answer = await send(db, method, p, chatId);
  else if (method === "sendMediaGroup") answer = await sendMediaGroup(db, p, chatId);
  else if (method === "editMessageText" || method === "editMessageCaption" || method === "editMessageReplyMarkup")
    answer = await edit(db, method, p, chatId);
  else if (method === "deleteMessage") {
    // Kept as a tombstone, so a demo chat that polls for changes learns the message is gone.
    const deleted = await db
      .update(botOutbox)
      .set({ text: "", fileKey: null, extra: { deleted: true }, updatedAt: new Date() })
      .where(ownRow(chatId, Number(p.message_id ?? 0)))
      .returning({ id: botOutbox.id });
    answer = deleted.length ? ok(true) : badRequest("message to delete not found");
  } else if (method === "sendMessageDraft") answer = await draft(db, p, chatId);
  else if (method === "answerCallbackQuery") answer = await answerCallback(db, p);
  else if (method === "getFile") answer = getFile(p);
  // sendChatAction and the set-up calls (setMyCommands, ...) change nothing a chat shows.
  else answer = ok(true);
  // grammY types each method's result; the shapes above are the Bot API's.
  return answer as { ok: true; result: never };
}
