import "server-only";
import type { Context } from "grammy";
import type { Db } from "@/db";
import type { User } from "@/db/schema";
import { log } from "@/lib/server/log";
import { isImageFile, type IncomingFile } from "./actions/incoming";
import { runTurnAgain } from "./actions/rerun";
import { botText, steerText } from "./bot-text";
import { modelKeyboard, openModels, SET_MODEL_PREFIX, startFreshSession, switchSessionModel } from "./model-choice";
import { webAppKeyboard } from "./replies";
import { activeSession } from "./session";
import { RERUN_PREFIX } from "./turn-preview";
import { failedTurnOf, takeFailedTurn } from "./turns";

// The user steers the dialogue from the chat: Retry or Other model under a failed turn, /model (or
// the button under a text answer) to move the session to another model, /new for a fresh session.
// Every button press is a callback query, answered (answerCallbackQuery) before the work it starts.

/** Ends the button's spinner, with a short note when there is one. */
const answerPress = (ctx: Context, text?: string) =>
  ctx
    .answerCallbackQuery(text ? { text } : {})
    .catch((error) => log().warn(`[bot] answerCallbackQuery failed: ${(error as Error).message}`));

/** Retry: the failed turn runs again with the same input, once however often the button is pressed. */
export async function retryTurn({
  ctx,
  db,
  user,
  turnId,
}: {
  ctx: Context;
  db: Db;
  user: User;
  turnId: number;
}): Promise<void> {
  const turn = await takeFailedTurn({ db, turnId, userId: user.id });
  await answerPress(ctx, turn ? undefined : botText(user.language)("retryGone"));
  if (!turn) return;
  // The apology loses its buttons, so the old message does not invite a second try.
  await ctx.editMessageReplyMarkup().catch(() => {});
  void ctx.replyWithChatAction("typing").catch(() => {});
  await runTurnAgain({ ctx, db, user, turn });
}

/** Other model: the models of the session's action the tariff opens, as buttons in place of Retry / Other model. */
export async function listModelsForTurn({
  ctx,
  db,
  user,
  turnId,
}: {
  ctx: Context;
  db: Db;
  user: User;
  turnId: number;
}): Promise<void> {
  const lang = user.language;
  const turn = await failedTurnOf({ db, turnId, userId: user.id });
  const active = turn && (await activeSession({ db, user: { ...user, activeSessionId: turn.sessionId } }));
  if (!turn || !active) return void (await answerPress(ctx, steerText(lang)("alreadyDone")));
  // A picture shown in a text dialogue can only go to a model that sees.
  const sees = active.session.action === "text" && Boolean(turn.input) && isImageFile(turn.input as IncomingFile);
  const others = (await openModels({ db, userId: user.id, action: active.session.action })).filter(
    (m) => m.id !== active.session.modelId && (!sees || m.vision),
  );
  if (!others.length) return void (await answerPress(ctx, steerText(lang)("noOtherModels")));
  await answerPress(ctx);
  await ctx.reply(steerText(lang)("pickModelForRetry"), {
    reply_markup: modelKeyboard(others, (m) => `${RERUN_PREFIX}${turnId}:${m.id}`),
  });
}

/** A model chosen for a failed turn: the session moves to it and the turn runs there, once. */
export async function rerunWithModel({
  ctx,
  db,
  user,
  turnId,
  modelId,
}: {
  ctx: Context;
  db: Db;
  user: User;
  turnId: number;
  modelId: number;
}): Promise<void> {
  const lang = user.language;
  const pending = await failedTurnOf({ db, turnId, userId: user.id });
  const model = pending && (await switchSessionModel({ db, userId: user.id, sessionId: pending.sessionId, modelId }));
  if (pending && !model) return void (await answerPress(ctx, steerText(lang)("notAvailable")));
  const turn = model && (await takeFailedTurn({ db, turnId, userId: user.id }));
  await answerPress(ctx, turn ? undefined : steerText(lang)("alreadyDone"));
  if (!turn || !model) return;
  await ctx.editMessageReplyMarkup().catch(() => {});
  await ctx.reply(steerText(lang)("modelSwitched", { model: model.displayName })).catch(() => {});
  await runTurnAgain({ ctx, db, user, turn });
}

/** /model, or the button under a text answer: the models the session may move to. */
export async function listModelsForSession({ ctx, db, user }: { ctx: Context; db: Db; user: User }): Promise<void> {
  const lang = user.language;
  const active = await activeSession({ db, user });
  if (ctx.callbackQuery) await answerPress(ctx);
  if (!active) return void (await ctx.reply(botText(lang)("noSession"), { reply_markup: webAppKeyboard(lang) }));
  const models = await openModels({ db, userId: user.id, action: active.session.action });
  if (models.length < 2) return void (await ctx.reply(steerText(lang)("noOtherModels")));
  const keyboard = modelKeyboard(
    models,
    (m) => `${SET_MODEL_PREFIX}${active.session.id}:${m.id}`,
    active.session.modelId,
  );
  await ctx.reply(steerText(lang)("pickModel", { model: active.modelDisplayName }), { reply_markup: keyboard });
}

/** A model chosen for the session: the next answer comes from it, with the earlier turns as context. */
export async function setSessionModel({
  ctx,
  db,
  user,
  sessionId,
  modelId,
}: {
  ctx: Context;
  db: Db;
  user: User;
  sessionId: number;
  modelId: number;
}): Promise<void> {
  const lang = user.language;
  const model = await switchSessionModel({ db, userId: user.id, sessionId, modelId });
  await answerPress(ctx, model ? undefined : steerText(lang)("notAvailable"));
  if (!model) return;
  await ctx.editMessageReplyMarkup().catch(() => {});
  await ctx.reply(steerText(lang)("modelSwitched", { model: model.displayName }));
}

/** /new: a fresh session with the same model (and assistant); the old one stays in history. */
export async function startNewSession({ ctx, db, user }: { ctx: Context; db: Db; user: User }): Promise<void> {
  const lang = user.language;
  const started = await startFreshSession({ db, user });
  const active = started && (await activeSession({ db, user: { ...user, activeSessionId: started.sessionId } }));
  if (!active) return void (await ctx.reply(botText(lang)("noSession"), { reply_markup: webAppKeyboard(lang) }));
  await ctx.reply(steerText(lang)("newSession", { model: active.modelDisplayName }));
}
