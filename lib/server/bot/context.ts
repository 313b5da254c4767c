import "server-only";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { perDatabase } from "@/db/per-database";
import { dialogMessages } from "@/db/schema";
import { env } from "@/lib/env";
import type { ChatMessage } from "@/lib/server/ai/provider";

// What a turn's model sees of the session so far: the summary of its start (summary.ts), then the
// later turns newest first until the session model's context budget is used. A document turn's row keeps the document's text (document_text), so a follow-up question
// is asked with the document in view, not only with the earlier answer.

// About four characters a token: close enough to keep context inside the budget without a tokenizer.
const CHARS_PER_TOKEN = 4;
export const approxTokens = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);
// Less of a document than this is no help to the model: the question and answer go without it.
const MIN_DOCUMENT_CHARS = 400;

/** The text cut to `maxChars` (the note included), saying how much there was. */
function cutText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const note = `\n\n[… cut: the document has ${text.length} characters, the first part is shown]`;
  return `${text.slice(0, Math.max(0, maxChars - note.length))}${note}`;
}

/** The user's message of a document turn: the question, then the document's text. */
export function documentMessage({ question, text, name }: { question: string; text: string; name?: string }): string {
  const tag = name ? `<document name="${name.replace(/"/g, "'")}">` : "<document>";
  return `${question}\n\n${tag}\n${text}\n</document>`;
}

/** What a document turn keeps for later turns: no more of the text than a whole context could hold. */
export const documentTextToKeep = (text: string) => cutText(text, env.BOT_CONTEXT_TOKENS * CHARS_PER_TOKEN);

// Every text turn reads them: prepared once per database handle (no query building per turn). Ids start at 1, so after 0 is all of them.
const latestMessages = perDatabase((db) =>
  db
    .select({
      id: dialogMessages.id,
      userText: dialogMessages.userText,
      aiText: dialogMessages.aiText,
      documentText: dialogMessages.documentText,
    })
    .from(dialogMessages)
    .where(
      and(
        eq(dialogMessages.sessionId, sql.placeholder("sessionId")),
        gt(dialogMessages.id, sql.placeholder("afterId")),
      ),
    )
    .orderBy(desc(dialogMessages.createdAt), desc(dialogMessages.id))
    .limit(200)
    .prepare("bot_latest_messages"),
);

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
 * answer (cut from the end).
 */
export async function contextMessages({
  db,
  sessionId,
  budget,
  afterId,
}: {
  db: Db;
  sessionId: number;
  budget: number;
  afterId?: number | null;
}): Promise<DialogueContext> {
  const rows = await latestMessages(db).execute({ sessionId, afterId: afterId ?? 0 });
  const kept: ChatMessage[] = [];
  let used = 0;
  for (const [index, row] of rows.entries()) {
    const question = row.userText ?? "";
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
    let userContent = question;
    if (row.documentText) {
      const room = (budget - used - cost) * CHARS_PER_TOKEN - documentMessage({ question: "", text: "" }).length;
      if (room >= MIN_DOCUMENT_CHARS)
        userContent = documentMessage({ question, text: cutText(row.documentText, room) });
    }
    used += approxTokens(userContent) + approxTokens(row.aiText ?? "");
    const pair: ChatMessage[] = [];
    if (userContent) pair.push({ role: "user", content: userContent });
    if (row.aiText) pair.push({ role: "assistant", content: row.aiText });
    kept.unshift(...pair);
  }
  return { messages: kept, tokens: used, overflowIds: [] };
}
