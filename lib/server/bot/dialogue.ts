import "server-only";
import type { Context } from "grammy";
import type { Db } from "@/db";
import type { User } from "@/db/schema";
import { env } from "@/lib/env";
import { watchFallback, type FallbackAnswer } from "@/lib/server/ai/model-fallback";
import { contentText, IMAGE_TOKENS, imageCount } from "@/lib/server/ai/content";
import { getAiProvider, type ChatMessage, type ContentPart, type Usage } from "@/lib/server/ai/provider";
import { jobUnits } from "@/lib/shared/pricing/job-price";
import { botText, steerText } from "./bot-text";
import { fallbackLine, modelPrice } from "./fallback-turn";
import { approxTokens, DIALOGUE_ACTIONS, type ContextRow } from "./context";
import { hasOtherModel, startDefaultTextSession } from "./model-choice";
import { answerKeyboard, speakAnswer } from "./actions/spoken-answer";
import { splitForTelegram, tariffsKeyboard, webAppKeyboard } from "./replies";
import { activeSession, quotaLeft, saveAnsweredTurn, sessionPrice, type ActiveSession } from "./session";
import { contextPercent, dialogueContext } from "./summary";
import { openPreview, retryKeyboard, type TurnPreview } from "./turn-preview";
import { endTurn, startTurn, watchStop, type BotTurn, type TurnEnd } from "./turns";
import { chargeAnsweredTurn, endPaidTurn } from "./turn-reservations";
import { abortedForShutdown, TurnHandedOver, turnFinishing } from "./hand-over";
import { turnReacted } from "@/lib/server/metrics/bot-turns";
import { TELEGRAM_TEXT_LIMIT } from "./updates";
import { log } from "@/lib/server/log";

// One text turn: the active session's model (and assistant instructions) answers the user's text
// with the session's earlier messages as context; the answer streams to the chat (turn-preview.ts),
// then is stored and paid for by the tokens the provider reports. A voice note or a photo in the
// dialogue is such a turn too (actions/dialogue-files.ts): its row is begun by the action, which
// hands over what was heard or seen (DialogueQuestion).

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

/**
 * What a turn asks besides typed text, from an action that began its row (actions/dialogue-files.ts):
 * the row keeps the Telegram file for Retry and, for a voice note, the audio units reserved for its
 * transcription, which go back when no answer is paid.
 */
export type DialogueQuestion = {
  turn: BotTurn;
  /** The user's message to the model when it is more than the text: a photo's caption and picture. */
  content?: ContentPart[];
  /** The user's file, kept in history with the turn. */
  file?: { key: string; name?: string };
  /** Audio units reserved with the row (a voice note's minutes) and what was left of them, for the cost line. */
  reserved?: { units: number; left: number };
};

/** Ends an unanswered turn's row; a reservation it holds goes back with it (turn-reservations.ts). */
const endUnanswered = ({
  db,
  turnId,
  status,
  question,
}: {
  db: Db;
  turnId: number;
  status: Exclude<TurnEnd, "done">;
  question?: DialogueQuestion;
}) => (question?.reserved ? endPaidTurn({ db, turnId, status }) : endTurn({ db, turnId, status }));

/**
 * The turn's row (begun here for typed text, by the action for a question) and its preview (the draft,
 * "Thinking…"); a preview that cannot open ends the turn as failed.
 */
async function beginTurn({
  ctx,
  db,
  user,
  active,
  text,
  question,
}: {
  ctx: Context;
  db: Db;
  user: User;
  active: ActiveSession;
  text: string;
  question?: DialogueQuestion;
}): Promise<{ turn: BotTurn; preview: TurnPreview }> {
  const turn =
    question?.turn ??
    (await startTurn({
      db,
      userId: user.id,
      chatId: ctx.chat!.id,
      sessionId: active.session.id,
      modelId: active.session.modelId,
      userText: text,
    }));
  try {
    const preview = await openPreview({ ctx, turnId: turn.id, lang: user.language });
    turnReacted(turn.id);
    return { turn, preview };
  } catch (error) {
    await endUnanswered({ db, turnId: turn.id, status: "failed", question });
    throw error;
  }
}

/**
 * A text turn in the user's active session, or (Retry) in the session the failed turn ran in. The
 * answer streams through a preview (draft, or one edited message), Stop keeps what was written so
 * far, a failure ends with the apology and the Retry and Other model buttons; only an answer given is
 * paid for. The cost line says how full the context is, with buttons to change the model and to turn
 * spoken answers on or off; with them on, the answer is voiced after it is sent (actions/spoken-answer.ts).
 * `text` is what the user typed or said, or a photo's caption (`question` carries the rest).
 */
export async function answerText({
  ctx,
  db,
  user,
  text,
  sessionId,
  active: known,
  textLeft,
  latest,
  question,
}: {
  ctx: Context;
  db: Db;
  user: User;
  text: string;
  sessionId?: number;
  active?: ActiveSession | null;
  /** The text balance the router read with the sender (session.ts senderWithSession); read here when not given. */
  textLeft?: number | null;
  /** The session's latest messages the router read with the sender; read here when not given. */
  latest?: ContextRow[];
  question?: DialogueQuestion;
}): Promise<void> {
  const lang = user.language;
  // The router read the active session already; Retry names the failed turn's session instead.
  const active = known && !sessionId ? known : await sessionForText({ ctx, db, user, sessionId });
  if (!active) {
    await ctx.reply(botText(lang)("noSession"), { reply_markup: webAppKeyboard(lang) });
    return;
  }
  if (!DIALOGUE_ACTIONS.includes(active.session.action)) {
    await ctx.reply(botText(lang)("actionNotSupported"));
    return;
  }
  const fixed = `${active.systemPrompt ?? ""}${text}`;
  const images = imageCount(question?.content ?? text);
  // Read with the sender when it came with the session this turn runs in (Retry names another one later).
  const readWithSender = Boolean(known && !sessionId);
  const balance =
    textLeft != null && readWithSender
      ? Promise.resolve(textLeft)
      : quotaLeft({ db, userId: user.id, kind: "text_tokens" });
  // The earlier turns are read while the balance is; only a user who can pay gets old turns folded
  // into a summary (a charged model call).
  const [unitsLeft, context] = await Promise.all([
    balance,
    dialogueContext({
      ctx,
      db,
      user,
      active,
      fixed,
      images,
      mayFold: async () => (await balance) > 0,
      read: readWithSender ? latest : undefined,
    }),
  ]);
  if (unitsLeft <= 0) {
    if (question) await endUnanswered({ db, turnId: question.turn.id, status: "refused", question });
    await ctx.reply(botText(lang)("noQuota"), { reply_markup: tariffsKeyboard(lang) });
    return;
  }

  const messages: ChatMessage[] = [
    ...(active.systemPrompt ? [{ role: "system" as const, content: active.systemPrompt }] : []),
    ...context.messages,
    { role: "user", content: question?.content ?? text },
  ];
  // The model is asked at once; the turn's row and its draft are written while it thinks (its first
  // part takes far longer than they do), and the first part waits for them.
  const begun = beginTurn({ ctx, db, user, active, text, question });
  const cancel = new AbortController();
  const stall = stallWatch(env.AI_STALL_SECONDS * 1000);
  const deadline = AbortSignal.timeout(env.AI_TIMEOUT_SECONDS * 1000);
  let answer = "";
  let usage: Usage | undefined;
  let failure: unknown;
  let fallback: FallbackAnswer | undefined;
  const requestLogTurn = { userId: user.id, sessionId: active.session.id, action: active.session.action };
  const streaming = watchFallback(async () => {
    const signal = AbortSignal.any([cancel.signal, stall.signal, deadline]);
    for await (const part of getAiProvider().chatStream({ model: active.modelName, messages, signal, lang })) {
      stall.alive();
      if ("usage" in part) usage = part.usage;
      else answer += part.delta;
      (await begun).preview.show(answer);
    }
  }, requestLogTurn);
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
    await endUnanswered({ db, turnId: turn.id, status: "handed_over", question });
    throw new TurnHandedOver();
  }
  turnFinishing();
  const stopped = stop.signal.aborted;
  // A stalled stream, or one still running at the deadline, is cut off, whatever the SDK made of the abort.
  const cut = !stopped && (stall.signal.aborted || deadline.aborted);

  if (stopped ? !answer.trim() : failure || cut) {
    if (!stopped)
      log().error({ err: failure }, `[bot] model call ${cut ? "cut off" : "failed"} for session ${active.session.id}`);
    await endUnanswered({ db, turnId: turn.id, status: stopped ? "stopped" : "failed", question });
    // A cut answer is shown as far as it came, neither charged nor kept as context (docs/decisions/0240-cut-answers-not-charged.md).
    const apology = cut && answer.trim() ? cutAnswer(answer, botText(lang)("answerCut")) : botText(lang)("modelFailed");
    await preview.fail(
      stopped
        ? { text: botText(lang)("stoppedEmpty") }
        : {
            text: apology,
            keyboard: retryKeyboard(
              lang,
              turn.id,
              await hasOtherModel({
                db,
                userId: user.id,
                action: active.session.action,
                modelId: active.session.modelId,
              }),
            ),
          },
    );
    return;
  }
  // A stopped stream never reaches the provider's usage chunk: the part given is paid by estimate.
  const tokens =
    usage?.totalTokens ??
    approxTokens(messages.map((m) => contentText(m.content)).join("") + answer) + images * IMAGE_TOKENS;
  // The tokens reported times the model's multiplier (docs/product/billing.md "Prices per job");
  // past the balance it stops at zero: the answer was already given.
  // A fallback model's answer is paid at its own price (docs/product/channels.md "Fallback model").
  const answeredBy = fallback?.to ?? active.modelName;
  const price = fallback
    ? await modelPrice({ db, modelName: fallback.to, action: "text" })
    : await sessionPrice({ db, active, action: "text" });
  const units = jobUnits(price, tokens);
  const fullness = contextPercent(active, context.tokens + approxTokens(`${fixed}${answer}`) + images * IMAGE_TOKENS);
  const notes = [
    fallback && (await fallbackLine({ db, lang, fallback })),
    stopped && botText(lang)("stoppedNote"),
  ].filter(Boolean);
  // The footer names the balance the charge leaves.
  const footerWith = (left: string) => {
    // A voice note's line names the audio units its transcription took as well (docs/product/bot.md).
    const spent = question?.reserved
      ? botText(lang)("costLineVoice", {
          audio: String(question.reserved.units),
          audioLeft: String(question.reserved.left),
          tokens: String(units),
          left,
        })
      : botText(lang)("costLine", { tokens: String(units), left });
    const cost = `${spent} · ${steerText(lang)("contextLine", { percent: String(fullness) })}`;
    return [...notes, cost].join("\n");
  };
  // Charged with the turn's end and the answer's safety copy in the outbox, in one transaction:
  // whatever dies when, the turn is charged at most once and a charged answer reaches the chat.
  const charged = await chargeAnsweredTurn({
    db,
    turnId: turn.id,
    status: stopped ? "stopped" : "done",
    userId: user.id,
    amount: units,
    refs: { modelName: answeredBy, action: active.session.action },
    answer: { chatId: ctx.chat!.id, parts: (left) => splitForTelegram(`${answer}\n\n${footerWith(left)}`) },
  });
  if (!charged) {
    // A later attempt at the update ended this turn (its claim was lost): that attempt answers, not this one.
    await preview.abandon();
    throw new TurnHandedOver();
  }
  const footer = footerWith(String(charged.left));
  // Paid and ended: from here nothing may throw (the update would fail although it was answered). The
  // answer goes out first; then the turn is written down with its safety copy dropped (delivered) or
  // due at once for the outbox (not delivered), in one statement.
  let delivered = false;
  try {
    await preview.finish({ text: answer, footer, keyboard: answerKeyboard(lang, active.session) });
    delivered = true;
  } catch (error) {
    log().error({ err: error }, `[bot] answer of turn ${turn.id} not delivered; sent by the outbox`);
  }
  try {
    await saveAnsweredTurn({
      db,
      sessionId: active.session.id,
      turn: {
        userText: text || null,
        userFileUrl: question?.file?.key,
        userFileName: question?.file?.name,
        aiText: answer,
        answeredBy: fallback?.to,
      },
      end: { turnId: turn.id, status: stopped ? "stopped" : "done" },
      usage: { userId: user.id, modelName: answeredBy, action: "text", quantity: tokens },
      held: { ids: charged.held, delivered },
    });
  } catch (error) {
    log().error({ err: error }, `[bot] paid turn ${turn.id} not fully recorded`);
  }
  // The text came first; the voice follows, paid apart (it never throws).
  if (active.session.voiceAnswers && !stopped) await speakAnswer({ ctx, db, user, active, text: answer });
}
