import "server-only";
import { hasOtherModel } from "../model-choice";
import type { Context } from "grammy";
import type { Db } from "@/db";
import type { User } from "@/db/schema";
import { env } from "@/lib/env";
import { jobUnits, type ActionCost } from "@/lib/shared/pricing/job-price";
import type { QuotaKey } from "@/lib/shared/quota-kinds";
import { DocumentError } from "@/lib/server/ai/documents";
import { watchFallback, type FallbackAnswer } from "@/lib/server/ai/model-fallback";
import type { ModelAction } from "@/lib/shared/model-actions";
import { ApiError } from "@/lib/server/http/api-error";
import { recordModelUsage } from "@/lib/server/catalogue/usage";
import { refundQuota, spendQuota, type Spent } from "@/lib/server/quotas/spend";
import { botText, type BotTextKey } from "../bot-text";
import { tariffsKeyboard } from "../replies";
import { fallbackLine, modelPrice } from "../fallback-turn";
import { quotaLeft, type ActiveSession } from "../session";
import { FileTooLargeError, TELEGRAM_DOWNLOAD_LIMIT } from "../telegram-files";
import { retryKeyboard } from "../turn-preview";
import { openJobStatus, type JobKind, type JobStatus } from "../job-status";
import { endTurn, typicalTurnSeconds, type TurnEnd } from "../turns";
import { endPaidTurn, startPaidTurn } from "../turn-reservations";
import { abortedForShutdown, isResumedUpdate, TurnHandedOver, turnFinishing, withHandOver } from "../hand-over";
import type { IncomingFile } from "./incoming";
import { log } from "@/lib/server/log";

// Every non-text action is paid the same way: its catalogue price (docs/product/billing.md "Prices
// per job") is reserved with the atomic conditional update before anything is downloaded or any
// model called (an empty balance gets the tariffs button and no call), the user is told what it
// costs and what will be left, and the units are given back when the turn fails, so a failed call
// never costs anything and no answer is ever given past zero. The reservation is held by the turn's
// row, so it goes back once even when the instance dies mid-turn (turn-reservations.ts).

type ChatAction = Parameters<Context["replyWithChatAction"]>[0];

// Telegram shows a chat action for at most 5 s, and an image or a dubbing takes longer.
const CHAT_ACTION_REPEAT_MS = 4_500;
const STATUS_KINDS: Partial<Record<string, JobKind>> = {
  text_to_image: "image",
  generate_image: "image",
  dubbing: "audio",
};

/**
 * After BOT_STATUS_AFTER_SECONDS, a status message for a long image or dubbing job, with the time its model's
 * recent jobs took; answers a function that closes it (if it was posted) with the outcome.
 */
function statusWhenSlow({
  ctx,
  db,
  active,
  lang,
}: {
  ctx: Context;
  db: Db;
  active: ActiveSession;
  lang: string;
}): (ok: boolean) => Promise<void> {
  const kind = STATUS_KINDS[active.session.action];
  if (!kind) return async () => {};
  const after = env.BOT_STATUS_AFTER_SECONDS;
  let opening: Promise<JobStatus> | undefined;
  const timer = setTimeout(() => {
    opening = typicalTurnSeconds({ db, action: active.session.action, modelId: active.session.modelId })
      .catch(() => null)
      .then((typical) =>
        openJobStatus({
          api: ctx.api,
          chatId: ctx.chat!.id,
          lang,
          kind,
          model: active.modelDisplayName,
          progress: { stage: "running", etaSeconds: typical === null ? null : typical - after },
        }),
      );
  }, after * 1000);
  return async (ok) => {
    clearTimeout(timer);
    const status = await opening;
    status?.finish({ ok });
    await status?.settled();
  };
}

/** A turn that ends with a message of its own (a file the bot cannot read, no speech heard); the units go back. */
export class TurnRefused extends Error {
  constructor(readonly messageKey: BotTextKey) {
    super(messageKey);
    this.name = "TurnRefused";
  }
}

const DOCUMENT_MESSAGES = {
  unsupported: "documentUnsupported",
  unreadable: "documentUnreadable",
  empty: "documentEmpty",
  too_large: "fileTooLarge",
} as const;

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** The message for a failed turn: a refusal's own, otherwise the apology that says nothing was charged. */
export function failureText(lang: string, error: unknown): string {
  if (error instanceof TurnRefused) return botText(lang)(error.messageKey);
  if (error instanceof FileTooLargeError)
    return botText(lang)("fileTooLarge", { size: error.size === undefined ? "> 20" : megabytes(error.size) });
  // A document past the parser's limit (the same 20 MB) only comes from the demo chat, which has no size check of its own.
  if (error instanceof DocumentError) return botText(lang)(DOCUMENT_MESSAGES[error.reason], { size: "> 20" });
  return botText(lang)("actionFailed");
}

/** Tells the user a file is over Telegram's download limit, before any getFile; answers true when it was refused. */
export async function refusedAsTooLarge({
  ctx,
  lang,
  size,
}: {
  ctx: Context;
  lang: string;
  size?: number;
}): Promise<boolean> {
  if (size === undefined || size <= TELEGRAM_DOWNLOAD_LIMIT) return false;
  await ctx.reply(botText(lang)("fileTooLarge", { size: megabytes(size) }));
  return true;
}

// The bot's lines for a job's price: before it runs, and under its result.
const PRICE_NOTICE: Partial<Record<QuotaKey, BotTextKey>> = {
  image_tokens: "priceImages",
  audio_tokens: "priceAudio",
  file_tokens: "priceFiles",
};
const COST_LINE: Partial<Record<QuotaKey, BotTextKey>> = {
  image_tokens: "costImages",
  audio_tokens: "costAudio",
  file_tokens: "costFiles",
};

/** The line under a job's result: the units it took and what is left of its kind. */
export const costLine = ({ lang, kind, spent, left }: { lang: string; kind: QuotaKey; spent: number; left: number }) =>
  botText(lang)(COST_LINE[kind] ?? "costFiles", { spent: String(spent), left: String(left) });

/** What a turn was given, kept on its row so Retry runs it again: the text (or caption) and the Telegram file. */
export type TurnInput = { text: string; file?: IncomingFile };

/**
 * Reserves the price of `quantity` jobs at `cost` (pictures, documents, started minutes), says what
 * it costs and what will be left, shows `chatAction` while it works, and runs the turn with a signal
 * that ends after AI_TIMEOUT_SECONDS. `run` gets the units taken and the balance left (for the cost line).
 * Any failure refunds the reservation and tells the user; it is not thrown on, so the update
 * worker does not retry (and charge) a turn that already apologised. A failure of the model (not a
 * refused file) ends with Retry and Other model buttons; its row keeps `input` for them. `action` is
 * the job's own when it is not the session's (a document read in a text dialogue).
 */
export async function paidTurn({
  ctx,
  db,
  user,
  active,
  input,
  cost,
  quantity,
  chatAction,
  action = active.session.action as ModelAction,
  run,
}: {
  ctx: Context;
  db: Db;
  user: User;
  active: ActiveSession;
  input: TurnInput;
  cost: ActionCost;
  quantity: number;
  chatAction: ChatAction;
  action?: ModelAction;
  run: (o: { signal: AbortSignal; spent: number; left: number }) => Promise<void>;
}): Promise<void> {
  const lang = user.language;
  const { kind } = cost;
  const amount = jobUnits(cost, quantity);
  const refs = { modelName: active.modelName, action };
  let started: Awaited<ReturnType<typeof startPaidTurn>>;
  try {
    started = await startPaidTurn({
      db,
      turn: {
        userId: user.id,
        chatId: ctx.chat!.id,
        sessionId: active.session.id,
        modelId: active.session.modelId,
        userText: input.text,
        action: active.session.action,
        input: input.file,
      },
      kind,
      amount,
      modelName: active.modelName,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "payment_required") throw error;
    await ctx.reply(botText(lang)("noQuota"), { reply_markup: tariffsKeyboard(lang) });
    return;
  }
  const { turn, spent } = started;
  const { left } = spent;
  // A turn taken over from an instance that shut down or died: the user was told the price then.
  if (!isResumedUpdate()) {
    const notice = botText(lang)(PRICE_NOTICE[kind] ?? "priceFiles", {
      spent: amount,
      balance: String(left + amount),
      left: String(left),
    });
    await ctx.reply(notice).catch(() => {});
  }
  const showAction = () => ctx.replyWithChatAction(chatAction).catch(() => {});
  await showAction();
  const repeat = setInterval(showAction, CHAT_ACTION_REPEAT_MS);
  const closeStatus = statusWhenSlow({ ctx, db, active, lang });
  let failure: { error: unknown } | undefined;
  let fallback: FallbackAnswer | undefined;
  const signal = withHandOver(AbortSignal.timeout(env.AI_TIMEOUT_SECONDS * 1000));
  try {
    ({ fallback } = await watchFallback(() => run({ signal, spent: amount, left }), {
      userId: user.id,
      sessionId: active.session.id,
      action,
    }));
    // Delivered: handed over now, it would be delivered twice.
    turnFinishing();
  } catch (error) {
    failure = { error };
  } finally {
    clearInterval(repeat);
  }
  await closeStatus(!failure);
  if (!failure) {
    await endTurn({ db, turnId: turn.id, status: "done" });
    if (fallback) await chargeAtFallbackPrice({ ctx, db, user, reserved: amount, spent, quantity, fallback, refs });
    await recordModelUsage({
      db,
      userId: user.id,
      modelName: fallback?.to ?? active.modelName,
      action,
      quantity,
    });
    return;
  }
  // A job that failed, or that shutdown cut short, costs nothing: ending its row gives its units back.
  await endFailedTurn({
    ctx,
    db,
    user,
    active,
    turnId: turn.id,
    error: failure.error,
    signal,
    what: `${kind} turn`,
    end: (status) => endPaidTurn({ db, turnId: turn.id, status }),
  });
}

/**
 * The one ending of a turn that gave no answer. Cut short by shutdown: its row is handed over and
 * TurnHandedOver thrown, so another instance runs it anew. Refused (a file the bot cannot read, no
 * speech): the refusal's own message. Failed: the apology with Retry, and Other model when the
 * tariff opens another model for the action. `end` closes the row (endPaidTurn also gives back
 * what the turn reserved). The apology is best-effort: the update is settled either way, so it is
 * never retried (and charged) after the user was told.
 */
export async function endFailedTurn({
  ctx,
  db,
  user,
  active,
  turnId,
  error,
  signal,
  what,
  end,
}: {
  ctx: Context;
  db: Db;
  user: User;
  active: ActiveSession;
  turnId: number;
  error: unknown;
  signal: AbortSignal;
  what: string;
  end: (status: Exclude<TurnEnd, "done">) => Promise<void>;
}): Promise<void> {
  if (abortedForShutdown(signal)) {
    await end("handed_over");
    throw new TurnHandedOver();
  }
  const refused = error instanceof TurnRefused || error instanceof FileTooLargeError || error instanceof DocumentError;
  if (refused) log().info(`[bot] ${what} ${turnId} refused for user ${user.id}: ${(error as Error).message}`);
  else log().error({ err: error }, `[bot] ${what} ${turnId} failed for user ${user.id}`);
  await end(refused ? "refused" : "failed");
  const { action, modelId } = active.session;
  const options = refused
    ? {}
    : {
        reply_markup: retryKeyboard(
          user.language,
          turnId,
          await hasOtherModel({ db, userId: user.id, action, modelId }),
        ),
      };
  await ctx.reply(failureText(user.language, error), options).catch(() => {});
}

/**
 * A turn the fallback model answered costs that model's price for the same job: the difference to
 * what was reserved is given back or taken (down to zero: the answer was given), and the user is
 * told which model answered and what it took.
 */
async function chargeAtFallbackPrice({
  ctx,
  db,
  user,
  reserved,
  spent,
  quantity,
  fallback,
  refs,
}: {
  ctx: Context;
  db: Db;
  user: User;
  reserved: number;
  spent: Spent;
  quantity: number;
  fallback: FallbackAnswer;
  refs: { modelName?: string; action?: string };
}): Promise<void> {
  const action = refs.action as ModelAction;
  const cost = await modelPrice({ db, modelName: fallback.to, action });
  const amount = jobUnits(cost, quantity);
  const fallbackRefs = { ...refs, modelName: fallback.to };
  if (amount < reserved)
    await refundQuota({
      db,
      userId: user.id,
      kind: cost.kind,
      amount: reserved - amount,
      fromPackage: spent.fromPackage,
      refs: fallbackRefs,
    });
  if (amount > reserved)
    await spendQuota({
      db,
      userId: user.id,
      kind: cost.kind,
      amount: amount - reserved,
      clampAtZero: true,
      refs: fallbackRefs,
    });
  const left = await quotaLeft({ db, userId: user.id, kind: cost.kind });
  const line = await fallbackLine({ db, lang: user.language, fallback });
  await ctx
    .reply(`${line}\n${costLine({ lang: user.language, kind: cost.kind, spent: amount, left })}`)
    .catch(() => {});
}

/**
 * Takes more units after a turn that turned out larger than reserved (an audio file whose length
 * only the transcriber reported); past the balance it stops at zero, since the answer was given.
 * Answers the balance left.
 */
export async function spendAfterTurn({
  db,
  userId,
  kind,
  amount,
}: {
  db: Db;
  userId: number;
  kind: QuotaKey;
  amount: number;
}): Promise<number> {
  return (await spendQuota({ db, userId, kind, amount, clampAtZero: true })).left;
}

/** Audio is priced per started minute; a recording of unknown length counts as one. */
export const startedMinutes = (seconds: number | undefined) => Math.max(1, Math.ceil((seconds ?? 0) / 60));
