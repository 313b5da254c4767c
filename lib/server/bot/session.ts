import "server-only";
import { and, eq, sql, type WithSubquery } from "drizzle-orm";
import type { Db } from "@/db";
import { perDatabase } from "@/db/per-database";
import type { Context } from "grammy";
import { assistants, dialogMessages, dialogSessions, modelUsage, models, quotas, users, type User } from "@/db/schema";
import type { ModelAction } from "@/lib/shared/model-actions";
import { defaultActionCost, type ActionCost } from "@/lib/shared/pricing/job-price";
import type { QuotaKey } from "@/lib/shared/quota-kinds";
import { loadAllModels } from "@/lib/server/catalogue/models";
import { getRemainingQuotas, remainingQuotaColumns } from "@/lib/server/tariffs/current-tariff";
import { refillDue } from "@/lib/server/quotas/refill";
import { fallbackSoFar } from "@/lib/server/ai/model-fallback";
import { recordModelUsage, usageRow } from "@/lib/server/catalogue/usage";
import { turnEnded } from "@/lib/server/metrics/bot-turns";
import { endedTurn, endTurn } from "./turns";
import { DIALOGUE_ACTIONS, latestMessagesColumn, latestMessagesOf, type ContextRow } from "./context";
import { settleHeldAnswer, settlingHeldAnswer, type HeldAnswerDelivery } from "./outbox";
import { botText } from "./bot-text";
import { webAppKeyboard } from "./replies";

// What every bot turn shares, whatever its action: the user's active session (its model and the
// assistant's instructions), the balance of one quota, and the turn written to the session's history.

export type ActiveSession = NonNullable<Awaited<ReturnType<typeof activeSession>>>;

/** What a turn knows of its session: the row, its model and the assistant's instructions. */
const sessionColumns = {
  session: dialogSessions,
  modelName: models.modelName,
  modelDisplayName: models.displayName,
  modelEnabled: models.enabled,
  modelContextTokens: models.contextTokens,
  modelVision: models.vision,
  systemPrompt: assistants.systemPrompt,
};

/** The user's active session with its model, or null when none is active (or it is not theirs). */
export async function activeSession({ db, user }: { db: Db; user: User }) {
  if (!user.activeSessionId) return null;
  const [row] = await db
    .select(sessionColumns)
    .from(dialogSessions)
    .innerJoin(models, eq(models.id, dialogSessions.modelId))
    .leftJoin(assistants, eq(assistants.id, dialogSessions.assistantId))
    .where(and(eq(dialogSessions.id, user.activeSessionId), eq(dialogSessions.userId, user.id)));
  return row ?? null;
}

// Every update starts with this read: prepared once per database handle (no query building per update).
// A text message's (a text turn's) also has the session's latest messages, the turn's context.
const senderRead = (db: Db, withLatest: boolean) =>
  db
    .select({
      user: users,
      ...sessionColumns,
      // The text balance as quotaLeft reads it, so a text turn does not read it again.
      textLeft: remainingQuotaColumns.textTokens,
      stepEndsAt: quotas.stepEndsAt,
      latest: withLatest ? latestMessagesColumn : sql<null>`null`,
    })
    .from(users)
    .leftJoin(dialogSessions, and(eq(dialogSessions.id, users.activeSessionId), eq(dialogSessions.userId, users.id)))
    .leftJoin(models, eq(models.id, dialogSessions.modelId))
    .leftJoin(assistants, eq(assistants.id, dialogSessions.assistantId))
    .leftJoin(quotas, eq(quotas.userId, users.id))
    .where(eq(users.telegramId, sql.placeholder("telegramId")))
    .prepare(withLatest ? "bot_sender_with_latest" : "bot_sender_with_session");
const senderById = perDatabase((db) => senderRead(db, false));
const senderWithLatestById = perDatabase((db) => senderRead(db, true));

/** The sender read: who wrote, their active session and their text balance (see senderWithSession). */
export type Sender = {
  user: User;
  active: ActiveSession | null;
  /** What quotaLeft answers for text_tokens, or null when it must be asked (a refill is due first). */
  textLeft: number | null;
  /** The active session's latest messages (context.ts contextMessages), when they were asked for and it is a dialogue. */
  latest?: ContextRow[];
};

/**
 * The user who wrote, their active session (as activeSession answers it), their text balance and, with
 * `withLatest`, the session's latest messages in one statement: the first read of every update, so a
 * text message's turn asks the model after one round trip instead of four. The balance only decides
 * whether a turn may start; the charge is made in SQL (spendQuota).
 */
export async function senderWithSession({
  db,
  telegramId,
  withLatest = false,
}: {
  db: Db;
  telegramId: number;
  /** Also the session's latest messages: a text message's turn needs them next. */
  withLatest?: boolean;
}): Promise<Sender | undefined> {
  const [row] = await (withLatest ? senderWithLatestById : senderById)(db).execute({ telegramId });
  if (!row) return undefined;
  const { user, session, modelName, modelDisplayName, modelEnabled, modelContextTokens, modelVision, systemPrompt } =
    row;
  // A due refill changes the balance: then quotaLeft applies it and reads again.
  const textLeft = refillDue(row.stepEndsAt) ? null : (row.textLeft ?? 0);
  // A session row always has its model (a foreign key), so the model's columns are there with it.
  const active = session
    ? {
        session,
        modelName: modelName!,
        modelDisplayName: modelDisplayName!,
        modelEnabled: modelEnabled!,
        modelContextTokens,
        modelVision: modelVision!,
        systemPrompt,
      }
    : null;
  const latest =
    active && withLatest && DIALOGUE_ACTIONS.includes(active.session.action) ? latestMessagesOf(row.latest) : undefined;
  return { user, active, textLeft, latest };
}

/**
 * A session whose model the operator switched off ends at its next message: the user is told once,
 * in their language, and the session stops being active (docs/decisions/0282-disabled-model-sessions.md).
 * Answers true when it did so and the message must not go further.
 */
export async function endedForDisabledModel({
  ctx,
  db,
  user,
  active,
}: {
  ctx: Context;
  db: Db;
  user: User;
  active: ActiveSession | null;
}): Promise<boolean> {
  if (!active || active.modelEnabled) return false;
  await db
    .update(users)
    .set({ activeSessionId: null })
    .where(and(eq(users.id, user.id), eq(users.activeSessionId, active.session.id)));
  await ctx.reply(botText(user.language)("modelDisabled", { model: active.modelDisplayName }), {
    reply_markup: webAppKeyboard(user.language),
  });
  return true;
}

/**
 * The catalogue's price of one job of `action` (the session's own by default) on the session's
 * model; a text follow-up in a document session, whose model lists no text action, is priced as
 * text at the default multiplier.
 */
export async function sessionPrice({
  db,
  active,
  action = active.session.action as ModelAction,
}: {
  db: Db;
  active: ActiveSession;
  action?: ModelAction;
}): Promise<ActionCost> {
  const model = (await loadAllModels(db)).find((m) => m.id === active.session.modelId);
  return model?.costs[action] ?? defaultActionCost(action);
}

/** What is left of one quota, allowance + package units (0 for a user without a quotas row). */
export async function quotaLeft({ db, userId, kind }: { db: Db; userId: number; kind: QuotaKey }): Promise<number> {
  return (await getRemainingQuotas({ db, userId }))[kind];
}

/** `answeredBy`: the model that wrote the answer when it is not the session's (a fallback model). */
export type TurnRecord = {
  userText?: string | null;
  userFileUrl?: string | null;
  userFileName?: string | null;
  aiText?: string | null;
  aiFileUrl?: string | null;
  documentText?: string | null;
  answeredBy?: string;
};

/** The statement part that writes one finished turn as a message of the session (see saveTurn). */
function savedMessage(db: Db, sessionId: number, turn: TurnRecord) {
  const answeredBy = turn.answeredBy ?? fallbackSoFar()?.to;
  return db.$with("saved").as(
    db
      .insert(dialogMessages)
      .values({
        sessionId,
        userText: turn.userText ?? null,
        userFileUrl: turn.userFileUrl ?? null,
        userFileName: turn.userFileName ?? null,
        aiText: turn.aiText ?? null,
        aiFileUrl: turn.aiFileUrl ?? null,
        documentText: turn.documentText ?? null,
        // The model that answered: a fallback model when one did, else the session's at this moment (a
        // later /model does not rewrite it).
        modelId: answeredBy
          ? sql`(select ${models.id} from ${models} where ${models.modelName} = ${answeredBy})`
          : sql`(select ${dialogSessions.modelId} from ${dialogSessions} where ${dialogSessions.id} = ${sessionId})`,
      })
      .returning({ id: dialogMessages.id }),
  );
}

/** Moves the session to the top of the history once its message is saved. */
const touchSession = (
  db: Db,
  sessionId: number,
  saved: ReturnType<typeof savedMessage>,
  ...alongside: WithSubquery[]
) =>
  db
    .with(saved, ...alongside)
    .update(dialogSessions)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(dialogSessions.id, sessionId), sql`exists (select 1 from ${saved})`));

/**
 * One finished turn as a message of the session (file columns hold storage keys), the session moved to
 * the top, in one statement. A turn saved inside a paid action's fallback watch (paid-turn.ts) is
 * written with the fallback model that answered it, as a text turn names it in `answeredBy`.
 */
export async function saveTurn({
  db,
  sessionId,
  turn,
}: {
  db: Db;
  sessionId: number;
  turn: TurnRecord;
}): Promise<void> {
  const saved = savedMessage(db, sessionId, turn);
  await touchSession(db, sessionId, saved);
}

/**
 * An answered text turn written down in one statement instead of four: its message (as saveTurn),
 * its row's end, the model usage row and the settling of its answer's safety copy (outbox.ts). The
 * statement is all or nothing, so when the message cannot be saved (its session deleted meanwhile)
 * the rest is still written, apart, as it was before they were joined; the error is passed on.
 */
export async function saveAnsweredTurn({
  db,
  sessionId,
  turn,
  end,
  usage,
  held,
}: {
  db: Db;
  sessionId: number;
  turn: TurnRecord;
  end: Parameters<typeof endedTurn>[1];
  usage: Parameters<typeof usageRow>[1];
  held: HeldAnswerDelivery;
}): Promise<void> {
  const saved = savedMessage(db, sessionId, turn);
  const ended = db.$with("ended").as(endedTurn(db, end));
  const used = db.$with("used").as(
    db
      .insert(modelUsage)
      .values(await usageRow(db, usage))
      .returning({ id: modelUsage.id }),
  );
  const settled = held.ids.length ? [db.$with("settled").as(settlingHeldAnswer(db, held))] : [];
  try {
    await touchSession(db, sessionId, saved, ended, used, ...settled);
  } catch (error) {
    await Promise.allSettled([
      endTurn({ db, ...end }),
      recordModelUsage({ db, ...usage }),
      settleHeldAnswer({ db, ...held }),
    ]);
    throw error;
  }
  turnEnded(end.turnId, end.status);
}
