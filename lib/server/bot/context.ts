import "server-only";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { perDatabase } from "@/db/per-database";
import { dialogMessages, dialogSessions } from "@/db/schema";
import { env } from "@/lib/env";
import { IMAGE_TOKENS, imagePart } from "@/lib/server/ai/content";
import type { ChatMessage, ContentPart } from "@/lib/server/ai/provider";
import { readStoredFile } from "@/lib/server/storage";
import { contentTypeOf } from "@/lib/server/storage/keys";

// What a turn's model sees of the session so far: the summary of its start (summary.ts), then the
// later turns newest first until the session model's context budget is used. A document turn's row keeps the document's text (document_text), so a follow-up question
// is asked with the document in view, not only with the earlier answer. A photo the user sent stays
// on its row (user_file_url): a model that sees images gets it again while the budget holds it,
// otherwise it stands as "[image: caption]".

// About four characters a token: close enough to keep context inside the budget without a tokenizer.
const CHARS_PER_TOKEN = 4;
export const approxTokens = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);
// Less of a document than this is no help to the model: the question and answer go without it.
const MIN_DOCUMENT_CHARS = 400;
/** The most earlier messages a turn reads (a longer dialogue is summarised long before). */
const CONTEXT_ROWS = 200;

/** The text cut to `maxChars` (the note included), saying how much there was. */
function cutText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const note = `\n\n[… cut: the document has ${text.length} characters, the first part is shown]`;
  return `${text.slice(0, Math.max(0, maxChars - note.length))}${note}`;
}

/** A stored file the user sent that is a picture (a photo turn's), by its key. */
export const isImageKey = (key: string | null): key is string =>
  Boolean(key && contentTypeOf(key).startsWith("image/"));

/** A picture of an earlier turn the model does not get: what it was, with its caption. */
export const imageMarker = (caption: string | null) => (caption ? `[image: ${caption}]` : "[image]");

/** A photo turn's question as the model takes it: the caption (if any), then the picture. */
export function imageQuestion(caption: string, image: { data: Buffer; contentType: string }): ContentPart[] {
  return [...(caption ? [{ type: "text" as const, text: caption }] : []), imagePart(image)];
}

/** The picture of an earlier turn, read back from storage; null when it is gone. */
async function storedImage(key: string) {
  const stored = await readStoredFile(key).catch(() => null);
  return stored ? { data: stored.data, contentType: contentTypeOf(key) } : null;
}

/** The user's message of a document turn: the question, then the document's text. */
export function documentMessage({ question, text, name }: { question: string; text: string; name?: string }): string {
  const tag = name ? `<document name="${name.replace(/"/g, "'")}">` : "<document>";
  return `${question}\n\n${tag}\n${text}\n</document>`;
}

/** What a document turn keeps for later turns: no more of the text than a whole context could hold. */
export const documentTextToKeep = (text: string) => cutText(text, env.BOT_CONTEXT_TOKENS * CHARS_PER_TOKEN);

/** What a turn's context reads of each earlier message, by the names it reads them as. */
const contextColumns = {
  id: dialogMessages.id,
  userText: dialogMessages.userText,
  aiText: dialogMessages.aiText,
  documentText: dialogMessages.documentText,
  userFileUrl: dialogMessages.userFileUrl,
};
/** One earlier message as a turn's context reads it. */
export type ContextRow = { [K in keyof typeof contextColumns]: (typeof dialogMessages.$inferSelect)[K] };
/** The latest first: the budget is filled from the newest turn back. */
const newestFirst = [dialogMessages.createdAt, dialogMessages.id];

// Every text turn reads them: prepared once per database handle (no query building per turn). Ids start at 1, so after 0 is all of them.
const latestMessages = perDatabase((db) =>
  db
    .select(contextColumns)
    .from(dialogMessages)
    .where(
      and(
        eq(dialogMessages.sessionId, sql.placeholder("sessionId")),
        gt(dialogMessages.id, sql.placeholder("afterId")),
      ),
    )
    .orderBy(...newestFirst.map((column) => desc(column)))
    .limit(CONTEXT_ROWS)
    .prepare("bot_latest_messages"),
);

/** A column of dialog_messages as `m`'s (the schema's own names, never the user's input). */
const ofM = (column: { name: string }) => sql.raw(`m.${column.name}`);
const newestFirstOfM = sql.join(
  newestFirst.map((column) => sql`${ofM(column)} desc`),
  sql`, `,
);

/**
 * The sessions whose text messages are dialogue turns with a context (dialogue.ts answerText): another
 * session's text goes to its own action.
 */
export const DIALOGUE_ACTIONS: readonly string[] = ["text", "files"];
const inDialogue = inArray(dialogSessions.action, [...DIALOGUE_ACTIONS]);

/**
 * The same rows as a column of a read that has the session row (session.ts reads them with the
 * sender, so a text turn asks the model after one read instead of two): JSON, or null without a
 * session or messages. Only a dialogue session's are read: an image or audio session's turn never
 * uses them.
 */
export const latestMessagesColumn = sql<ContextRow[] | string | null>`case when ${inDialogue} then (
  select json_agg(json_build_object(${sql.join(
    Object.entries(contextColumns).map(([name, column]) => sql`${sql.raw(`'${name}'`)}, ${ofM(column)}`),
    sql`, `,
  )}) order by ${newestFirstOfM})
  from (select * from dialog_messages m
    where m.session_id = ${dialogSessions.id} and m.id > coalesce(${dialogSessions.summarisedThroughId}, 0)
    order by ${newestFirstOfM} limit ${sql.raw(String(CONTEXT_ROWS))}) m) end`;

/** latestMessagesColumn's value as rows (postgres-js parses JSON, a driver that does not gives the text). */
export const latestMessagesOf = (value: ContextRow[] | string | null): ContextRow[] =>
  typeof value === "string" ? (JSON.parse(value) as ContextRow[]) : (value ?? []);

export type DialogueContext = {
  /** The earlier turns that fit, oldest first. */
  messages: ChatMessage[];
  /** About how many tokens they take. */
  tokens: number;
  /** Ids of the older messages that did not fit (oldest first): what a summary should fold in. */
  overflowIds: number[];
};

/**
 * Earlier turns after `afterId` (the summarised part), newest first until the token budget is used,
 * then put back in order. A kept document takes what is left of the budget after its question and
 * answer (cut from the end). A photo goes again to a model that sees (`vision`) while IMAGE_TOKENS
 * more fit; otherwise, and when its file is gone, it stands as "[image: caption]".
 */
export async function contextMessages({
  db,
  sessionId,
  budget,
  afterId,
  vision = false,
  read,
}: {
  db: Db;
  sessionId: number;
  budget: number;
  afterId?: number | null;
  vision?: boolean;
  /** The rows, when they were read already with the session row this `afterId` comes from. */
  read?: ContextRow[];
}): Promise<DialogueContext> {
  const rows = read ?? (await latestMessages(db).execute({ sessionId, afterId: afterId ?? 0 }));
  const kept: ChatMessage[] = [];
  let used = 0;
  for (const [index, row] of rows.entries()) {
    const photo = isImageKey(row.userFileUrl);
    const question = photo ? imageMarker(row.userText) : (row.userText ?? "");
    const cost = approxTokens(question) + approxTokens(row.aiText ?? "");
    if (used + cost > budget)
      return {
        messages: kept,
        tokens: used,
        overflowIds: rows
          .slice(index)
          .map((r) => r.id)
          .reverse(),
      };
    let userContent: ChatMessage["content"] = question;
    let userTokens = approxTokens(question);
    if (row.documentText) {
      const room = (budget - used - cost) * CHARS_PER_TOKEN - documentMessage({ question: "", text: "" }).length;
      if (room >= MIN_DOCUMENT_CHARS) {
        userContent = documentMessage({ question, text: cutText(row.documentText, room) });
        userTokens = approxTokens(userContent);
      }
    }
    if (photo && vision && used + cost + IMAGE_TOKENS <= budget) {
      const image = await storedImage(row.userFileUrl!);
      if (image) {
        userContent = imageQuestion(row.userText ?? "", image);
        userTokens = approxTokens(row.userText ?? "") + IMAGE_TOKENS;
      }
    }
    used += userTokens + approxTokens(row.aiText ?? "");
    const pair: ChatMessage[] = [];
    if (userContent.length) pair.push({ role: "user", content: userContent });
    if (row.aiText) pair.push({ role: "assistant", content: row.aiText });
    kept.unshift(...pair);
  }
  return { messages: kept, tokens: used, overflowIds: [] };
}
