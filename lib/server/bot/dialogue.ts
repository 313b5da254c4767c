import "server-only";
import type { Context } from "grammy";
import type { Db } from "@/db";
import type { User } from "@/db/schema";
import { env } from "@/lib/env";
import { getAiProvider, type ChatMessage, type Usage } from "@/lib/server/ai/provider";
import { jobUnits } from "@/lib/shared/pricing/job-price";
import { spendQuota } from "@/lib/server/quotas/spend";
import { botText } from "./bot-text";
import { approxTokens, contextMessages } from "./context";
import { queueBotMessage } from "./outbox";
import { tariffsKeyboard, webAppKeyboard } from "./replies";
import { activeSession, providerModelOf, quotaLeft, saveTurn, sessionPrice, type ActiveSession } from "./session";
import { openPreview, retryKeyboard, type TurnPreview } from "./turn-preview";
import { abortedForShutdown, endTurn, startTurn, takeFailedTurn, TurnHandedOver, watchStop } from "./turns";
import { TELEGRAM_TEXT_LIMIT } from "./updates";
import { log } from "@/lib/server/log";

// One text turn: the active session's model (and assistant instructions) answers the user's text
// with the session's earlier messages as context; the answer streams to the chat (turn-preview.ts),
// then is stored and paid for by the tokens the provider reports.

/** An abort signal that fires when the stream sent nothing for `ms`; `alive` after each piece. */
function stallWatch(ms: number) {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const alive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new Error(`No part of the answer for ${ms} ms`)), ms);
  };
  alive();
  return { signal: controller.signal, alive, dispose: () => clearTimeout(timer) };
}

/** What came of a cut answer with the note under it, inside one message. */
function cutAnswer(answer: string, note: string): string {
  const room = TELEGRAM_TEXT_LIMIT - note.length - 3;
  return `${answer.length <= room ? answer : `${answer.slice(0, room - 1)}…`}\n\n${note}`;
}

/**
 * A text turn in the user's active session, or (Retry) in the session the failed turn ran in. The
 * answer streams through a preview (draft, or one edited message), Stop keeps what was written so
 * far, a failure ends with the apology and a Retry button; only an answer given is paid for.
 */
export async function answerText({ ctx, db, user, text, sessionId, active: known }: { ctx: Context; db: Db; user: User; text: string; sessionId?: number; active?: ActiveSession | null }): Promise<void> {
  const lang = user.language;
  // The router read the active session already; Retry names the failed turn's session instead.
  const active = known !== undefined && !sessionId ? known : await activeSession({ db, user: sessionId ? { ...user, activeSessionId: sessionId } : user });
  if (!active) {
    await ctx.reply(botText(lang)("noSession"), { reply_markup: webAppKeyboard(lang) });
    return;
  }
  if (active.session.action !== "text" && active.session.action !== "files") {
    await ctx.reply(botText(lang)("actionNotSupported"));
    return;
  }
  if ((await quotaLeft({ db, userId: user.id, kind: "text_tokens" })) <= 0) {
    await ctx.reply(botText(lang)("noQuota"), { reply_markup: tariffsKeyboard(lang) });
    return;
  }

  const messages: ChatMessage[] = [
    ...(active.systemPrompt ? [{ role: "system" as const, content: active.systemPrompt }] : []),
    ...(await contextMessages({ db, sessionId: active.session.id, budget: env.BOT_CONTEXT_TOKENS })),
    { role: "user", content: text },
  ];
  const turn = await startTurn({ db, userId: user.id, chatId: ctx.chat!.id, sessionId: active.session.id, userText: text });
  const stop = watchStop({ db, turnId: turn.id });
  const stall = stallWatch(env.AI_STALL_SECONDS * 1000);
  const deadline = AbortSignal.timeout(env.AI_TIMEOUT_SECONDS * 1000);
  const previewLost = new AbortController();
  const signal = AbortSignal.any([stop.signal, stall.signal, deadline, previewLost.signal]);
  // The empty draft and the model request go out together: the model does not wait for Telegram's round trip.
  const opening = openPreview({ ctx, turnId: turn.id, lang });
  const parts = getAiProvider().chatStream({ model: providerModelOf(active), messages, signal, lang })[Symbol.asyncIterator]();
  const firstPart = parts.next();
  firstPart.catch(() => {}); // read below; when the preview fails first, the aborted request's error is not wanted
  let preview: TurnPreview;
  try {
    preview = await opening;
  } catch (error) {
    previewLost.abort();
    stop.dispose();
    stall.dispose();
    await endTurn({ db, turnId: turn.id, status: "failed" });
    throw error;
  }
  let answer = "";
  let usage: Usage | undefined;
  let failure: unknown;
  try {
    for (let next = await firstPart; !next.done; next = await parts.next()) {
      const part = next.value;
      stall.alive();
      if ("usage" in part) usage = part.usage;
      else answer += part.delta;
      preview.show(answer);
    }
    if (!answer.trim()) failure = new Error("The model answered nothing");
  } catch (error) {
    failure = error;
  } finally {
    stop.dispose();
    stall.dispose();
  }
  if (abortedForShutdown(stop.signal)) {
    // Nothing was sent or charged: the update goes back to the queue and another instance answers it.
    await preview.abandon();
    await endTurn({ db, turnId: turn.id, status: "handed_over" });
    throw new TurnHandedOver();
  }
  const stopped = stop.signal.aborted;
  // A stalled stream, or one still running at the deadline, is cut off, whatever the SDK made of the abort.
  const cut = !stopped && (stall.signal.aborted || deadline.aborted);

  if (stopped ? !answer.trim() : failure || cut) {
    if (!stopped) log().error({ err: failure }, `[bot] model call ${cut ? "cut off" : "failed"} for session ${active.session.id}`);
    await endTurn({ db, turnId: turn.id, status: stopped ? "stopped" : "failed" });
    // A cut answer is shown as far as it came, neither charged nor kept as context (docs/decisions/0240-cut-answers-not-charged.md).
    const apology = cut && answer.trim() ? cutAnswer(answer, botText(lang)("answerCut")) : botText(lang)("modelFailed");
    await preview.fail(stopped ? { text: botText(lang)("stoppedEmpty") } : { text: apology, keyboard: retryKeyboard(lang, turn.id) });
    return;
  }
  // A stopped stream never reaches the provider's usage chunk: the part given is paid by estimate.
  const tokens = usage?.totalTokens ?? approxTokens(messages.map((m) => m.content).join("") + answer);
  // The tokens reported times the model's multiplier (docs/product/billing.md "Prices per job");
  // past the balance it stops at zero: the answer was already given.
  const units = jobUnits(await sessionPrice({ db, active, action: "text" }), tokens);
  const { left } = await spendQuota({ db, userId: user.id, kind: "text_tokens", amount: units, clampAtZero: true, refs: { modelName: active.modelName, action: active.session.action, turnId: turn.id } });
  const cost = botText(lang)("costLine", { tokens: String(units), left: String(left) });
  const footer = stopped ? `${botText(lang)("stoppedNote")}\n${cost}` : cost;
  // Paid: from here nothing may throw, or the update worker would run (and charge) the turn again. The
  // answer goes out while the turn is written down; what fails is logged (the outbox retries delivery).
  const deliver = async () => {
    try {
      await preview.finish({ text: answer, footer });
    } catch (error) {
      log().error({ err: error }, `[bot] answer of turn ${turn.id} not delivered; queued for the outbox`);
      await queueBotMessage({ db, userId: user.id, chatId: ctx.chat!.id, text: `${answer}\n\n${footer}` });
    }
  };
  const outcomes = await Promise.allSettled([
    deliver(),
    saveTurn({ db, sessionId: active.session.id, turn: { userText: text, aiText: answer } }),
    endTurn({ db, turnId: turn.id, status: stopped ? "stopped" : "done" }),
  ]);
  for (const outcome of outcomes) if (outcome.status === "rejected") log().error({ err: outcome.reason }, `[bot] paid turn ${turn.id} not fully recorded`);
}

/** The Retry button of a failed turn: the same text again in the same session, once per failure. */
export async function retryText({ ctx, db, user, turnId }: { ctx: Context; db: Db; user: User; turnId: number }): Promise<void> {
  const turn = await takeFailedTurn({ db, turnId, userId: user.id });
  await ctx.answerCallbackQuery(turn ? {} : { text: botText(user.language)("retryGone") }).catch(() => {});
  if (!turn) return;
  // The apology loses its button, so the old message does not invite a second try.
  await ctx.editMessageReplyMarkup().catch(() => {});
  void ctx.replyWithChatAction("typing").catch(() => {});
  await answerText({ ctx, db, user, text: turn.userText, sessionId: turn.sessionId });
}
