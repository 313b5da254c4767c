import "server-only";
import type { Context } from "grammy";
import type { Db } from "@/db";
import type { User } from "@/db/schema";
import { env } from "@/lib/env";
import { watchFallback, type FallbackAnswer } from "@/lib/server/ai/model-fallback";
import { getAiProvider, type ChatMessage, type Usage } from "@/lib/server/ai/provider";
import { jobUnits } from "@/lib/shared/pricing/job-price";
import { spendQuota } from "@/lib/server/quotas/spend";
import { botText, steerText } from "./bot-text";
import { fallbackLine, modelPrice } from "./fallback-turn";
import { approxTokens } from "./context";
import { changeModelKeyboard, startDefaultTextSession } from "./model-choice";
import { queueBotMessage } from "./outbox";
import { tariffsKeyboard, webAppKeyboard } from "./replies";
import { activeSession, quotaLeft, saveAnsweredTurn, sessionPrice, type ActiveSession } from "./session";
import { contextPercent, dialogueContext } from "./summary";
import { openPreview, retryKeyboard, type TurnPreview } from "./turn-preview";
import { endTurn, startTurn, watchStop, type BotTurn } from "./turns";
import { abortedForShutdown, TurnHandedOver, turnFinishing } from "./hand-over";
import { turnReacted } from "@/lib/server/metrics/bot-turns";
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
 * The session a text turn runs in: the one named (Retry), else the active one; a first message
 * without any goes to the tariff's default text model, and the user is told which.
 */
async function sessionForText({
  ctx,
  db,
  user,
  sessionId,
}: {
  ctx: Context;
  db: Db;
  user: User;
  sessionId?: number;
}): Promise<ActiveSession | null> {
  if (sessionId || user.activeSessionId)
    return activeSession({ db, user: sessionId ? { ...user, activeSessionId: sessionId } : user });
  const started = await startDefaultTextSession({ db, user });
  if (!started) return null;
  await ctx.reply(steerText(user.language)("defaultModel", { model: started.model.displayName })).catch(() => {});
  return activeSession({ db, user: { ...user, activeSessionId: started.sessionId } });
}

/** The turn's row and its preview (the draft, "Thinking…"); a preview that cannot open ends the turn as failed. */
async function beginTurn({
  ctx,
  db,
  user,
  active,
  text,
}: {
  ctx: Context;
  db: Db;
  user: User;
  active: ActiveSession;
  text: string;
}): Promise<{ turn: BotTurn; preview: TurnPreview }> {
  const turn = await startTurn({
    db,
    userId: user.id,
    chatId: ctx.chat!.id,
    sessionId: active.session.id,
    modelId: active.session.modelId,
    userText: text,
  });
  try {
    const preview = await openPreview({ ctx, turnId: turn.id, lang: user.language });
    turnReacted(turn.id);
    return { turn, preview };
  } catch (error) {
    await endTurn({ db, turnId: turn.id, status: "failed" });
    throw error;
  }
}

/**
 * A text turn in the user's active session, or (Retry) in the session the failed turn ran in. The
 * answer streams through a preview (draft, or one edited message), Stop keeps what was written so
 * far, a failure ends with the apology and the Retry and Other model buttons; only an answer given is
 * paid for. The cost line says how full the context is, with a button to change the model.
 */
export async function answerText({
  ctx,
  db,
  user,
  text,
  sessionId,
  active: known,
}: {
  ctx: Context;
  db: Db;
  user: User;
  text: string;
  sessionId?: number;
  active?: ActiveSession | null;
}): Promise<void> {
  const lang = user.language;
  // The router read the active session already; Retry names the failed turn's session instead.
  const active = known && !sessionId ? known : await sessionForText({ ctx, db, user, sessionId });
  if (!active) {
    await ctx.reply(botText(lang)("noSession"), { reply_markup: webAppKeyboard(lang) });
    return;
  }
  if (active.session.action !== "text" && active.session.action !== "files") {
    await ctx.reply(botText(lang)("actionNotSupported"));
    return;
  }
  const fixed = `${active.systemPrompt ?? ""}${text}`;
  const balance = quotaLeft({ db, userId: user.id, kind: "text_tokens" });
  // The earlier turns are read while the balance is; only a user who can pay gets old turns folded
  // into a summary (a charged model call).
  const [unitsLeft, context] = await Promise.all([
    balance,
    dialogueContext({ ctx, db, user, active, fixed, mayFold: async () => (await balance) > 0 }),
  ]);
  if (unitsLeft <= 0) {
    await ctx.reply(botText(lang)("noQuota"), { reply_markup: tariffsKeyboard(lang) });
    return;
  }

  const messages: ChatMessage[] = [
    ...(active.systemPrompt ? [{ role: "system" as const, content: active.systemPrompt }] : []),
    ...context.messages,
    { role: "user", content: text },
  ];
  // The model is asked at once; the turn's row and its draft are written while it thinks (its first
  // part takes far longer than they do), and the first part waits for them.
  const begun = beginTurn({ ctx, db, user, active, text });
  const cancel = new AbortController();
  const stall = stallWatch(env.AI_STALL_SECONDS * 1000);
  const deadline = AbortSignal.timeout(env.AI_TIMEOUT_SECONDS * 1000);
  let answer = "";
  let usage: Usage | undefined;
  let failure: unknown;
  let fallback: FallbackAnswer | undefined;
  const streaming = watchFallback(async () => {
    const signal = AbortSignal.any([cancel.signal, stall.signal, deadline]);
    for await (const part of getAiProvider().chatStream({ model: active.modelName, messages, signal, lang })) {
      stall.alive();
      if ("usage" in part) usage = part.usage;
      else answer += part.delta;
      (await begun).preview.show(answer);
    }
  });
  // Awaited below; until then a failure before the turn has begun must not count as unhandled.
  streaming.catch(() => {});
  let turn: BotTurn;
  let preview: TurnPreview;
  try {
    ({ turn, preview } = await begun);
  } catch (error) {
    // No turn to answer in: the model call is dropped and the update is tried again.
    cancel.abort(error);
    stall.dispose();
    await streaming.catch(() => {});
    throw error;
  }
  const stop = watchStop({ db, turnId: turn.id });
  const forwardStop = () => cancel.abort(stop.signal.reason);
  if (stop.signal.aborted) forwardStop();
  else stop.signal.addEventListener("abort", forwardStop, { once: true });
  try {
    ({ fallback } = await streaming);
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
  turnFinishing();
  const stopped = stop.signal.aborted;
  // A stalled stream, or one still running at the deadline, is cut off, whatever the SDK made of the abort.
  const cut = !stopped && (stall.signal.aborted || deadline.aborted);

  if (stopped ? !answer.trim() : failure || cut) {
    if (!stopped)
      log().error({ err: failure }, `[bot] model call ${cut ? "cut off" : "failed"} for session ${active.session.id}`);
    await endTurn({ db, turnId: turn.id, status: stopped ? "stopped" : "failed" });
    // A cut answer is shown as far as it came, neither charged nor kept as context (docs/decisions/0240-cut-answers-not-charged.md).
    const apology = cut && answer.trim() ? cutAnswer(answer, botText(lang)("answerCut")) : botText(lang)("modelFailed");
    await preview.fail(
      stopped ? { text: botText(lang)("stoppedEmpty") } : { text: apology, keyboard: retryKeyboard(lang, turn.id) },
    );
    return;
  }
  // A stopped stream never reaches the provider's usage chunk: the part given is paid by estimate.
  const tokens = usage?.totalTokens ?? approxTokens(messages.map((m) => m.content).join("") + answer);
  // The tokens reported times the model's multiplier (docs/product/billing.md "Prices per job");
  // past the balance it stops at zero: the answer was already given.
  // A fallback model's answer is paid at its own price (docs/product/channels.md "Fallback model").
  const answeredBy = fallback?.to ?? active.modelName;
  const price = fallback
    ? await modelPrice({ db, modelName: fallback.to, action: "text" })
    : await sessionPrice({ db, active, action: "text" });
  const units = jobUnits(price, tokens);
  const { left } = await spendQuota({
    db,
    userId: user.id,
    kind: "text_tokens",
    amount: units,
    clampAtZero: true,
    refs: { modelName: answeredBy, action: active.session.action, turnId: turn.id },
  });
  const fullness = contextPercent(active, context.tokens + approxTokens(`${fixed}${answer}`));
  const cost = `${botText(lang)("costLine", { tokens: String(units), left: String(left) })} · ${steerText(lang)("contextLine", { percent: String(fullness) })}`;
  const notes = [
    fallback && (await fallbackLine({ db, lang, fallback })),
    stopped && botText(lang)("stoppedNote"),
  ].filter(Boolean);
  const footer = [...notes, cost].join("\n");
  // Paid: from here nothing may throw, or the update worker would run (and charge) the turn again. The
  // answer goes out while the turn is written down; what fails is logged (the outbox retries delivery).
  const deliver = async () => {
    try {
      await preview.finish({ text: answer, footer, keyboard: changeModelKeyboard(lang) });
    } catch (error) {
      log().error({ err: error }, `[bot] answer of turn ${turn.id} not delivered; queued for the outbox`);
      await queueBotMessage({ db, userId: user.id, chatId: ctx.chat!.id, text: `${answer}\n\n${footer}` });
    }
  };
  const outcomes = await Promise.allSettled([
    deliver(),
    saveAnsweredTurn({
      db,
      sessionId: active.session.id,
      turn: { userText: text, aiText: answer, answeredBy: fallback?.to },
      end: { turnId: turn.id, status: stopped ? "stopped" : "done" },
      usage: { userId: user.id, modelName: answeredBy, action: "text", quantity: tokens },
    }),
  ]);
  for (const outcome of outcomes)
    if (outcome.status === "rejected")
      log().error({ err: outcome.reason }, `[bot] paid turn ${turn.id} not fully recorded`);
}
