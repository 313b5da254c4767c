import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import type { Context } from "grammy";
import type { Db } from "@/db";
import { dialogMessages, quotas, type User } from "@/db/schema";
import { env } from "@/lib/env";
import { getAiProvider, type ChatMessage, type Usage } from "@/lib/server/ai/provider";
import { spendQuota } from "@/lib/server/quotas/spend";
import { ApiError } from "@/lib/server/http/api-error";
import { botText } from "./bot-text";
import { sendFormatted, tariffsKeyboard, webAppKeyboard } from "./replies";
import { activeSession, providerModelOf, quotaLeft, saveTurn } from "./session";

// One text turn: the active session's model (and assistant instructions) answers the user's text
// with the session's earlier messages as context; the answer is streamed by editing one message at
// most once a second, then stored and paid for by the tokens the provider reports.

const EDIT_INTERVAL_MS = 1_000;
// About four characters a token: close enough to keep context inside the budget without a tokenizer.
const approxTokens = (text: string) => Math.ceil(text.length / 4);

/** Earlier turns, newest first until the token budget is used, then put back in order. */
export async function contextMessages({ db, sessionId, budget }: { db: Db; sessionId: number; budget: number }): Promise<ChatMessage[]> {
  const rows = await db
    .select({ userText: dialogMessages.userText, aiText: dialogMessages.aiText })
    .from(dialogMessages)
    .where(eq(dialogMessages.sessionId, sessionId))
    .orderBy(desc(dialogMessages.createdAt), desc(dialogMessages.id))
    .limit(200);
  const kept: ChatMessage[] = [];
  let used = 0;
  for (const row of rows) {
    const pair: ChatMessage[] = [];
    if (row.userText) pair.push({ role: "user", content: row.userText });
    if (row.aiText) pair.push({ role: "assistant", content: row.aiText });
    const cost = pair.reduce((n, m) => n + approxTokens(m.content), 0);
    if (used + cost > budget) break;
    used += cost;
    kept.unshift(...pair);
  }
  return kept;
}

/** Spends the reported tokens after the answer; past the balance it stops at zero (the answer was already given). */
async function spendTextTokens({ db, userId, amount }: { db: Db; userId: number; amount: number }) {
  try {
    await spendQuota({ db, userId, kind: "text_tokens", amount });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await db.update(quotas).set({ textTokens: 0, updatedAt: sql`now()` }).where(eq(quotas.userId, userId));
  }
}

export async function answerText({ ctx, db, user, text }: { ctx: Context; db: Db; user: User; text: string }): Promise<void> {
  const lang = user.language;
  const active = await activeSession({ db, user });
  if (!active) {
    await ctx.reply(botText(lang, "noSession"), { reply_markup: webAppKeyboard(lang) });
    return;
  }
  if (active.session.action !== "text" && active.session.action !== "files") {
    await ctx.reply(botText(lang, "actionNotSupported"));
    return;
  }
  if ((await quotaLeft({ db, userId: user.id, kind: "text_tokens" })) <= 0) {
    await ctx.reply(botText(lang, "noQuota"), { reply_markup: tariffsKeyboard(lang) });
    return;
  }

  const messages: ChatMessage[] = [
    ...(active.systemPrompt ? [{ role: "system" as const, content: active.systemPrompt }] : []),
    ...(await contextMessages({ db, sessionId: active.session.id, budget: env.BOT_CONTEXT_TOKENS })),
    { role: "user", content: text },
  ];
  await ctx.replyWithChatAction("typing").catch(() => {});
  const draft = await ctx.reply("…");
  let answer = "";
  let usage: Usage | undefined;
  let lastEdit = Date.now();
  let shown = "";
  try {
    const signal = AbortSignal.timeout(env.AI_TIMEOUT_SECONDS * 1000);
    const model = providerModelOf(active);
    for await (const part of getAiProvider().chatStream({ model, messages, signal })) {
      if ("usage" in part) usage = part.usage;
      else answer += part.delta;
      if (answer && answer !== shown && Date.now() - lastEdit >= EDIT_INTERVAL_MS && answer.length <= 4096) {
        lastEdit = Date.now();
        shown = answer;
        await ctx.api.editMessageText(draft.chat.id, draft.message_id, answer).catch(() => {});
      }
    }
    if (!answer.trim()) throw new Error("The model answered nothing");
  } catch (error) {
    console.error(`[bot] model call failed for session ${active.session.id}`, error);
    await ctx.api.editMessageText(draft.chat.id, draft.message_id, botText(lang, "modelFailed")).catch(() => ctx.reply(botText(lang, "modelFailed")));
    return;
  }

  const tokens = usage?.totalTokens ?? approxTokens(messages.map((m) => m.content).join("") + answer);
  await spendTextTokens({ db, userId: user.id, amount: tokens });
  await saveTurn({ db, sessionId: active.session.id, turn: { userText: text, aiText: answer } });
  await sendFormatted({ ctx, draft, text: answer, footer: botText(lang, "costLine", { tokens: String(tokens) }) });
}

