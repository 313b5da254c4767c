import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Context } from "grammy";
import type { Db } from "@/db";
import { quotas, type User } from "@/db/schema";
import { env } from "@/lib/env";
import { getAiProvider, type ChatMessage, type Usage } from "@/lib/server/ai/provider";
import { jobUnits } from "@/lib/pricing/job-price";
import { spendQuota } from "@/lib/server/quotas/spend";
import { ApiError } from "@/lib/server/http/api-error";
import { botText } from "./bot-text";
import { approxTokens, contextMessages } from "./context";
import { queueBotMessage } from "./outbox";
import { tariffsKeyboard, webAppKeyboard } from "./replies";
import { activeSession, providerModelOf, quotaLeft, saveTurn, sessionPrice } from "./session";
import { openPreview, retryKeyboard } from "./turn-preview";
import { endTurn, startTurn, takeFailedTurn, watchStop } from "./turns";
import { log } from "@/lib/server/log";

// One text turn: the active session's model (and assistant instructions) answers the user's text
// with the session's earlier messages as context; the answer streams to the chat (turn-preview.ts),
// then is stored and paid for by the tokens the provider reports.

/** Spends the reported tokens after the answer; past the balance it stops at zero (the answer was already given). */
async function spendTextTokens({ db, userId, amount }: { db: Db; userId: number; amount: number }) {
  try {
    await spendQuota({ db, userId, kind: "text_tokens", amount });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await db.update(quotas).set({ textTokens: 0, updatedAt: sql`now()` }).where(eq(quotas.userId, userId));
  }
}

/**
 * A text turn in the user's active session, or (Retry) in the session the failed turn ran in. The
 * answer streams through a preview (draft, or one edited message), Stop keeps what was written so
 * far, a failure ends with the apology and a Retry button; only an answer given is paid for.
 */
export async function answerText({ ctx, db, user, text, sessionId }: { ctx: Context; db: Db; user: User; text: string; sessionId?: number }): Promise<void> {
  const lang = user.language;
  const active = await activeSession({ db, user: sessionId ? { ...user, activeSessionId: sessionId } : user });
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
  const turn = await startTurn({ db, userId: user.id, chatId: ctx.chat!.id, sessionId: active.session.id, userText: text });
  const preview = await openPreview({ ctx, turnId: turn.id, lang }).catch(async (error) => {
    await endTurn({ db, turnId: turn.id, status: "failed" });
    throw error;
  });
  const stop = watchStop({ db, turnId: turn.id });
  let answer = "";
  let usage: Usage | undefined;
  let failure: unknown;
  try {
    const signal = AbortSignal.any([stop.signal, AbortSignal.timeout(env.AI_TIMEOUT_SECONDS * 1000)]);
    for await (const part of getAiProvider().chatStream({ model: providerModelOf(active), messages, signal, lang })) {
      if ("usage" in part) usage = part.usage;
      else answer += part.delta;
      preview.show(answer);
    }
    if (!answer.trim()) failure = new Error("The model answered nothing");
  } catch (error) {
    failure = error;
  } finally {
    stop.dispose();
  }
  const stopped = stop.signal.aborted;

  if (stopped ? !answer.trim() : failure) {
    if (!stopped) log().error({ err: failure }, `[bot] model call failed for session ${active.session.id}`);
    await endTurn({ db, turnId: turn.id, status: stopped ? "stopped" : "failed" });
    await preview.fail(stopped ? { text: botText(lang, "stoppedEmpty") } : { text: botText(lang, "modelFailed"), keyboard: retryKeyboard(lang, turn.id) });
    return;
  }
  // A stopped stream never reaches the provider's usage chunk: the part given is paid by estimate.
  const tokens = usage?.totalTokens ?? approxTokens(messages.map((m) => m.content).join("") + answer);
  // The tokens reported times the model's multiplier (docs/product/billing.md "Prices per job").
  const units = jobUnits(await sessionPrice({ db, active, action: "text" }), tokens);
  await spendTextTokens({ db, userId: user.id, amount: units });
  await saveTurn({ db, sessionId: active.session.id, turn: { userText: text, aiText: answer } });
  await endTurn({ db, turnId: turn.id, status: stopped ? "stopped" : "done" });
  const left = await quotaLeft({ db, userId: user.id, kind: "text_tokens" });
  const cost = botText(lang, "costLine", { tokens: String(units), left: String(left) });
  const footer = stopped ? `${botText(lang, "stoppedNote")}\n${cost}` : cost;
  try {
    await preview.finish({ text: answer, footer });
  } catch (error) {
    // The turn is paid and stored: throwing would make the update worker run (and charge) it again.
    // The answer goes through the outbox instead, which retries delivery on its own.
    log().error({ err: error }, `[bot] answer of turn ${turn.id} not delivered; queued for the outbox`);
    await queueBotMessage({ db, userId: user.id, chatId: ctx.chat!.id, text: `${answer}\n\n${footer}` });
  }
}

/** The Retry button of a failed turn: the same text again in the same session, once per failure. */
export async function retryText({ ctx, db, user, turnId }: { ctx: Context; db: Db; user: User; turnId: number }): Promise<void> {
  const turn = await takeFailedTurn({ db, turnId, userId: user.id });
  await ctx.answerCallbackQuery(turn ? {} : { text: botText(user.language, "retryGone") }).catch(() => {});
  if (!turn) return;
  // The apology loses its button, so the old message does not invite a second try.
  await ctx.editMessageReplyMarkup().catch(() => {});
  await answerText({ ctx, db, user, text: turn.userText, sessionId: turn.sessionId });
}
