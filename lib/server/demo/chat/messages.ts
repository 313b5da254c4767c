import "server-only";
import { and, desc, eq, gt, inArray, isNotNull, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { botOutbox, botUpdates, type User } from "@/db/schema";
import type {
  DemoChatButton,
  DemoChatEntity,
  DemoChatFile,
  DemoChatItem,
  DemoChatMessages,
} from "@/lib/contracts/demo-chat";
import { byDemoChatOrder } from "@/lib/shared/demo-chat-state";
import { demoFileKey, DRAFT_TTL_MS } from "@/lib/server/demo/bot-transport";
import { signedFileUrl } from "@/lib/server/storage";
import { assertDemoChat } from "./updates";

// The demo chat's conversation: the user's messages are their stored updates, the bot's are its
// recorded calls (bot_outbox), both of the caller's own chat only. A poll passes the cursor of its
// last answer and gets what was added or edited since (a version in microseconds).

const FIRST_LOAD = 200;
const CHANGES_MAX = 500;
// Rows are stamped when their statement starts and seen when it commits: a poll looks this far back
// so a write that committed just after the previous poll is not skipped. The page merges by id.
const OVERLAP_MICROS = 2_000_000;

const micros = (column: typeof botUpdates.createdAt | typeof botOutbox.updatedAt) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint`;

type Message = Record<string, unknown> & { message_id?: number; text?: string; caption?: string };
type FileRef = { file_id?: string; file_name?: string; mime_type?: string };

const fileUrl = (fileId: string | undefined) => {
  const key = fileId ? demoFileKey(fileId) : null;
  return key ? signedFileUrl(key) : null;
};

/** The file a user's message carries (photo: the largest size), as a signed link. */
function userFile(message: Message): DemoChatFile | null {
  const photo = message.photo as FileRef[] | undefined;
  if (photo?.length) {
    const url = fileUrl(photo.at(-1)?.file_id);
    return url ? { kind: "photo", url, name: null, mime_type: null } : null;
  }
  for (const kind of ["voice", "audio", "document"] as const) {
    const ref = message[kind] as FileRef | undefined;
    const url = fileUrl(ref?.file_id);
    if (url) return { kind, url, name: ref?.file_name ?? null, mime_type: ref?.mime_type ?? null };
  }
  return null;
}

type InlineButton = { text?: string; url?: string; web_app?: { url?: string }; callback_data?: string };

function buttonsOf(extra: Record<string, unknown> | null): DemoChatButton[][] {
  const rows = (extra?.reply_markup as { inline_keyboard?: InlineButton[][] } | undefined)?.inline_keyboard ?? [];
  return rows.map((row) =>
    row.map((b) => ({
      text: String(b.text ?? ""),
      ...(b.web_app?.url ? { url: b.web_app.url, web_app: true } : b.url ? { url: b.url } : {}),
      ...(b.callback_data ? { callback_data: b.callback_data } : {}),
    })),
  );
}

/** The entities a bot message was sent with (the transport keeps them as given), well-formed ones only. */
function entitiesOf(extra: Record<string, unknown> | null): { entities?: DemoChatEntity[] } {
  const given = extra?.entities;
  if (!Array.isArray(given)) return {};
  const entities = given.flatMap((e: Partial<Record<keyof DemoChatEntity, unknown>>) =>
    typeof e?.type === "string" && Number.isInteger(e.offset) && Number.isInteger(e.length)
      ? [
          {
            type: e.type,
            offset: Number(e.offset),
            length: Number(e.length),
            ...(typeof e.url === "string" ? { url: e.url } : {}),
            ...(typeof e.language === "string" ? { language: e.language } : {}),
          },
        ]
      : [],
  );
  return entities.length ? { entities } : {};
}

function botFile(row: typeof botOutbox.$inferSelect): DemoChatFile | null {
  const extra = (row.extra ?? {}) as { kind?: DemoChatFile["kind"]; mime_type?: string; url?: string };
  if (!extra.kind) return null;
  const url = row.fileKey ? signedFileUrl(row.fileKey) : extra.url;
  return url ? { kind: extra.kind, url, name: row.fileName, mime_type: extra.mime_type ?? null } : null;
}

async function userItems({ db, chatId, after }: { db: Db; chatId: number; after?: bigint }) {
  const rows = await db
    .select({
      id: botUpdates.id,
      updateId: botUpdates.updateId,
      payload: botUpdates.payload,
      createdAt: botUpdates.createdAt,
      version: micros(botUpdates.createdAt),
    })
    .from(botUpdates)
    .where(
      and(
        eq(botUpdates.chatId, chatId),
        isNotNull(sql`${botUpdates.payload} -> 'message'`),
        after === undefined ? undefined : gt(micros(botUpdates.createdAt), sql`${String(after)}::bigint`),
      ),
    )
    .orderBy(desc(botUpdates.id))
    .limit(after === undefined ? FIRST_LOAD : CHANGES_MAX);
  return rows.map((row) => {
    const message = row.payload.message as Message;
    const item: DemoChatItem = {
      id: `u${row.updateId}`,
      from: "user",
      message_id: Number(message.message_id ?? 0),
      date: row.createdAt.toISOString(),
      text: String(message.text ?? message.caption ?? ""),
      parse_mode: null,
      file: userFile(message),
      buttons: [],
      notice: false,
      deleted: false,
    };
    return { item, version: BigInt(row.version) };
  });
}

// What the bot said in this chat: everything but drafts and what was never delivered.
const shownBotRows = (chatId: number) =>
  and(
    eq(botOutbox.chatId, chatId),
    or(isNull(botOutbox.method), ne(botOutbox.method, "sendMessageDraft")),
    notInArray(botOutbox.status, ["failed", "undeliverable"]),
  );

async function botItems({ db, chatId, after }: { db: Db; chatId: number; after?: bigint }) {
  const rows = await db
    .select({ row: botOutbox, version: micros(botOutbox.updatedAt) })
    .from(botOutbox)
    .where(
      and(
        shownBotRows(chatId),
        after === undefined ? undefined : gt(micros(botOutbox.updatedAt), sql`${String(after)}::bigint`),
      ),
    )
    .orderBy(desc(botOutbox.id))
    .limit(after === undefined ? FIRST_LOAD : CHANGES_MAX);
  return rows.map(({ row, version }) => {
    const extra = row.extra ?? {};
    const item: DemoChatItem = {
      id: `b${row.id}`,
      from: "bot",
      message_id: row.id,
      date: row.createdAt.toISOString(),
      text: row.text,
      parse_mode: typeof extra.parse_mode === "string" ? extra.parse_mode : null,
      ...entitiesOf(extra),
      file: botFile(row),
      buttons: buttonsOf(extra),
      notice: row.method === "answerCallbackQuery",
      deleted: extra.deleted === true,
    };
    return { item, version: BigInt(version) };
  });
}

async function liveDraft({ db, chatId }: { db: Db; chatId: number }): Promise<DemoChatMessages["draft"]> {
  const [row] = await db
    .select({ text: botOutbox.text, extra: botOutbox.extra })
    .from(botOutbox)
    .where(
      and(
        eq(botOutbox.chatId, chatId),
        eq(botOutbox.method, "sendMessageDraft"),
        gt(botOutbox.updatedAt, new Date(Date.now() - DRAFT_TTL_MS)),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { parse_mode: mode, draft_id: draftId, can_stop: canStop } = row.extra ?? {};
  return {
    text: row.text,
    parse_mode: typeof mode === "string" ? mode : null,
    ...entitiesOf(row.extra),
    draft_id: Number(draftId ?? 0),
    can_stop: canStop === true,
  };
}

/** Whether the worker still has some of this chat's updates to handle. */
async function isWaiting({ db, chatId }: { db: Db; chatId: number }): Promise<boolean> {
  const [row] = await db
    .select({ id: botUpdates.id })
    .from(botUpdates)
    .where(and(eq(botUpdates.chatId, chatId), inArray(botUpdates.status, ["pending", "processing"])))
    .limit(1);
  return !!row;
}

/** GET /api/demo/chat/messages: the caller's conversation, or what changed after a cursor. */
export async function listDemoChat({
  db,
  user,
  after,
}: {
  db: Db;
  user: Pick<User, "telegramId">;
  after?: string;
}): Promise<DemoChatMessages> {
  assertDemoChat();
  const chatId = user.telegramId;
  const since = after === undefined ? undefined : BigInt(after) - BigInt(OVERLAP_MICROS);
  const [users, bots, draft, waiting] = await Promise.all([
    userItems({ db, chatId, after: since }),
    botItems({ db, chatId, after: since }),
    liveDraft({ db, chatId }),
    isWaiting({ db, chatId }),
  ]);
  const all = [...users, ...bots];
  const cursor = all.reduce(
    (max, { version }) => (version > max ? version : max),
    after === undefined ? 0n : BigInt(after),
  );
  const items = all.map(({ item }) => item).sort(byDemoChatOrder);
  return { items, draft, cursor: String(cursor), waiting };
}
