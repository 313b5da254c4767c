import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Context } from "grammy";
import type { Db } from "@/db";
import { dialogMessages, dialogSessions, type User } from "@/db/schema";
import { env } from "@/lib/env";
import { completeChat, getAiProvider, type ChatMessage } from "@/lib/server/ai/provider";
import { jobUnits } from "@/lib/shared/pricing/job-price";
import { spendQuota } from "@/lib/server/quotas/spend";
import { log } from "@/lib/server/log";
import { steerText } from "./bot-text";
import { IMAGE_TOKENS } from "@/lib/server/ai/content";
import { approxTokens, contextMessages, imageMarker, isImageKey, type ContextRow } from "./context";
import { sessionPrice, type ActiveSession } from "./session";

// When the earlier turns of a text dialogue no longer fit the model's context budget, the oldest are
// replaced by a summary the session's own model writes: stored on the session (summary, and the last
// message it stands for), charged like an answer by the tokens the provider reports, and announced
// in the chat with its cost (docs/decisions/0340-dialogue-summaries.md). Later turns see the summary
// first, then the turns after it.

// A summary folds enough old turns that the rest take at most this share of the room, so the next
// turns fit for a while before another summary is needed.
const KEEP_AFTER_SUMMARY = 0.5;
// The summary itself stays within this share of the budget.
const SUMMARY_SHARE = 0.25;
// What the summarising model is given at most, in budgets (the old summary and the folded turns).
const SUMMARY_INPUT_BUDGETS = 3;
const CHARS_PER_TOKEN = 4;

/**
 * The session model's context budget in tokens: its own, within BOT_CONTEXT_TOKENS, which is also the
 * budget of a model without one (docs/decisions/0343-context-budget-per-model.md).
 */
const contextBudget = (active: ActiveSession) =>
  Math.min(active.modelContextTokens ?? env.BOT_CONTEXT_TOKENS, env.BOT_CONTEXT_TOKENS);

const summaryMessage = (summary: string): ChatMessage => ({
  role: "system",
  content: `Summary of the earlier part of this dialogue:\n${summary}`,
});

const SUMMARY_INSTRUCTIONS = (words: number) =>
  `Summarise the dialogue below for your own later use, in the language it is written in: keep facts, names, numbers, decisions, the user's wishes and open questions. At most ${words} words. Answer with the summary only.`;

/** The folded turns as a transcript, after the summary they extend. */
async function transcriptOf({
  db,
  sessionId,
  ids,
  previous,
  budget,
}: {
  db: Db;
  sessionId: number;
  ids: number[];
  previous: string | null;
  budget: number;
}): Promise<string> {
  const rows = await db
    .select({
      userText: dialogMessages.userText,
      aiText: dialogMessages.aiText,
      userFileUrl: dialogMessages.userFileUrl,
    })
    .from(dialogMessages)
    .where(and(eq(dialogMessages.sessionId, sessionId), inArray(dialogMessages.id, ids)))
    .orderBy(asc(dialogMessages.id));
  // A photo is summarised by its caption: the summary is text.
  const question = (r: (typeof rows)[number]) => (isImageKey(r.userFileUrl) ? imageMarker(r.userText) : r.userText);
  const lines = [
    previous ? `Earlier summary: ${previous}` : "",
    ...rows.flatMap((r) => [question(r) ? `User: ${question(r)}` : "", r.aiText ? `Assistant: ${r.aiText}` : ""]),
  ];
  const text = lines.filter(Boolean).join("\n\n");
  const max = budget * CHARS_PER_TOKEN * SUMMARY_INPUT_BUDGETS;
  // The newest of the folded part matters most for what follows: a cut drops the oldest.
  return text.length <= max ? text : text.slice(text.length - max);
}

/** Writes, stores and charges a summary of the messages `ids` (and the summary before them); null when the model failed. */
async function summarise({
  ctx,
  db,
  user,
  active,
  ids,
}: {
  ctx: Context;
  db: Db;
  user: User;
  active: ActiveSession;
  ids: number[];
}): Promise<string | null> {
  const budget = contextBudget(active);
  const transcript = await transcriptOf({
    db,
    sessionId: active.session.id,
    ids,
    previous: active.session.summary,
    budget,
  });
  let result;
  try {
    result = await completeChat(getAiProvider(), {
      model: active.modelName,
      messages: [
        { role: "system", content: SUMMARY_INSTRUCTIONS(Math.round(budget * SUMMARY_SHARE * 0.75)) },
        { role: "user", content: transcript },
      ],
      signal: AbortSignal.timeout(env.AI_TIMEOUT_SECONDS * 1000),
      lang: user.language,
    });
  } catch (error) {
    log().warn(
      { err: error },
      `[bot] summary of session ${active.session.id} failed; the oldest turns are left out instead`,
    );
    return null;
  }
  const summary = result.text.trim().slice(0, Math.floor(budget * SUMMARY_SHARE * CHARS_PER_TOKEN));
  if (!summary) return null;
  await db
    .update(dialogSessions)
    .set({ summary, summarisedThroughId: Math.max(...ids) })
    .where(eq(dialogSessions.id, active.session.id));
  const tokens = result.usage?.totalTokens ?? approxTokens(transcript + summary);
  const units = jobUnits(await sessionPrice({ db, active, action: "text" }), tokens);
  const { left } = await spendQuota({
    db,
    userId: user.id,
    kind: "text_tokens",
    amount: units,
    clampAtZero: true,
    refs: { modelName: active.modelName, action: "text" },
  });
  await ctx
    .reply(steerText(user.language)("summarised", { tokens: String(units), left: String(left) }))
    .catch(() => {});
  return summary;
}

/**
 * What the model sees before the user's new text: the summary of the dialogue's start (when there is
 * one), then the later turns that fit the budget next to `fixed` (instructions and the new text, and
 * `images` pictures sent with it). When older turns no longer fit, they are summarised first, if
 * `mayFold` allows (the user can pay for it); otherwise the oldest are left out. Answers the messages
 * and their tokens.
 */
export async function dialogueContext({
  ctx,
  db,
  user,
  active,
  fixed,
  images = 0,
  mayFold,
  read,
}: {
  ctx: Context;
  db: Db;
  user: User;
  active: ActiveSession;
  fixed: string;
  images?: number;
  mayFold: () => Promise<boolean>;
  /** The session's latest messages, read with `active` (session.ts senderWithSession). */
  read?: ContextRow[];
}): Promise<{ messages: ChatMessage[]; tokens: number }> {
  const budget = contextBudget(active);
  const fixedTokens = approxTokens(fixed) + images * IMAGE_TOKENS;
  const roomFor = (summary: string | null) => Math.max(0, budget - fixedTokens - approxTokens(summary ?? ""));
  let { summary, summarisedThroughId: afterId } = active.session;
  const sessionId = active.session.id;
  const vision = active.modelVision;
  let context = await contextMessages({ db, sessionId, budget: roomFor(summary), afterId, vision, read });
  if (context.overflowIds.length && (await mayFold())) {
    // Fold the turns that do not fit and enough of the oldest that do, so the rest leave room to grow
    // next to the summary about to be written (up to SUMMARY_SHARE of the budget): counted against the
    // old summary's room, the kept turns overflowed again on the very next turn.
    const summaryRoom = Math.max(0, roomFor(null) - Math.floor(budget * SUMMARY_SHARE));
    const { overflowIds } = await contextMessages({
      db,
      sessionId,
      budget: Math.floor(summaryRoom * KEEP_AFTER_SUMMARY),
      afterId,
      vision,
      read,
    });
    const written = await summarise({ ctx, db, user, active, ids: overflowIds });
    if (written) {
      summary = written;
      afterId = Math.max(...overflowIds);
      context = await contextMessages({ db, sessionId, budget: roomFor(summary), afterId, vision });
    }
  }
  return {
    messages: summary ? [summaryMessage(summary), ...context.messages] : context.messages,
    tokens: context.tokens + approxTokens(summary ?? ""),
  };
}

/** How full the session model's context is after a turn, as a whole percentage of its budget (at most 100). */
export const contextPercent = (active: ActiveSession, tokens: number) =>
  Math.min(100, Math.round((100 * tokens) / contextBudget(active)));
