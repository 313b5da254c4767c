import "server-only";
import type { Context } from "grammy";
import type { Db } from "@/db";
import type { User } from "@/db/schema";
import { env } from "@/lib/env";
import { jobUnits, type ActionCost } from "@/lib/shared/pricing/job-price";
import type { QuotaKey } from "@/lib/shared/quota-kinds";
import { DocumentError } from "@/lib/server/ai/documents";
import { ApiError } from "@/lib/server/http/api-error";
import { refundQuota, spendQuota, type Spent } from "@/lib/server/quotas/spend";
import { botText, type BotTextKey } from "../bot-text";
import { tariffsKeyboard } from "../replies";
import { activeSession } from "../session";
import { FileTooLargeError, TELEGRAM_DOWNLOAD_LIMIT } from "../telegram-files";
import { log } from "@/lib/server/log";

// Every non-text action is paid the same way: its catalogue price (docs/product/billing.md "Prices
// per job") is reserved with the atomic conditional update before anything is downloaded or any
// model called (an empty balance gets the tariffs button and no call), the user is told what it
// costs and what will be left, and the units are given back when the turn fails, so a failed call
// never costs anything and no answer is ever given past zero.

type ChatAction = Parameters<Context["replyWithChatAction"]>[0];

// Telegram shows a chat action for at most 5 s, and an image or a dubbing takes longer.
const CHAT_ACTION_REPEAT_MS = 4_500;

/** A turn that ends with a message of its own (a file the bot cannot read, no speech heard); the units go back. */
export class TurnRefused extends Error {
  constructor(readonly messageKey: BotTextKey) {
    super(messageKey);
    this.name = "TurnRefused";
  }
}

const DOCUMENT_MESSAGES = { unsupported: "documentUnsupported", unreadable: "documentUnreadable", empty: "documentEmpty", too_large: "fileTooLarge" } as const;

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** The message for a failed turn: a refusal's own, otherwise the apology that says nothing was charged. */
function failureText(lang: string, error: unknown): string {
  if (error instanceof TurnRefused) return botText(lang)(error.messageKey);
  if (error instanceof FileTooLargeError) return botText(lang)("fileTooLarge", { size: error.size === undefined ? "> 20" : megabytes(error.size) });
  // A document past the parser's limit (the same 20 MB) only comes from the demo chat, which has no size check of its own.
  if (error instanceof DocumentError) return botText(lang)(DOCUMENT_MESSAGES[error.reason], { size: "> 20" });
  return botText(lang)("actionFailed");
}

/** Tells the user a file is over Telegram's download limit, before any getFile; answers true when it was refused. */
export async function refusedAsTooLarge({ ctx, lang, size }: { ctx: Context; lang: string; size?: number }): Promise<boolean> {
  if (size === undefined || size <= TELEGRAM_DOWNLOAD_LIMIT) return false;
  await ctx.reply(botText(lang)("fileTooLarge", { size: megabytes(size) }));
  return true;
}

// The bot's lines for a job's price: before it runs, and under its result.
const PRICE_NOTICE: Partial<Record<QuotaKey, BotTextKey>> = { image_tokens: "priceImages", audio_tokens: "priceAudio", file_tokens: "priceFiles" };
const COST_LINE: Partial<Record<QuotaKey, BotTextKey>> = { image_tokens: "costImages", audio_tokens: "costAudio", file_tokens: "costFiles" };

/** The line under a job's result: the units it took and what is left of its kind. */
export const costLine = ({ lang, kind, spent, left }: { lang: string; kind: QuotaKey; spent: number; left: number }) =>
  botText(lang)(COST_LINE[kind] ?? "costFiles", { spent: String(spent), left: String(left) });

/**
 * Reserves the price of `quantity` jobs at `cost` (pictures, documents, started minutes), says what
 * it costs and what will be left, shows `chatAction` while it works, and runs the turn with a signal
 * that ends after AI_TIMEOUT_SECONDS. `run` gets the units taken and the balance left (for the cost line).
 * Any failure refunds the reservation and tells the user; it is not thrown on, so the update
 * worker does not retry (and charge) a turn that already apologised.
 */
export async function paidTurn({ ctx, db, user, cost, quantity, chatAction, run }: {
  ctx: Context;
  db: Db;
  user: User;
  cost: ActionCost;
  quantity: number;
  chatAction: ChatAction;
  run: (o: { signal: AbortSignal; spent: number; left: number }) => Promise<void>;
}): Promise<void> {
  const lang = user.language;
  const { kind } = cost;
  const amount = jobUnits(cost, quantity);
  const active = await activeSession({ db, user });
  const refs = { modelName: active?.modelName, action: active?.session.action };
  let spent: Spent;
  try {
    spent = await spendQuota({ db, userId: user.id, kind, amount, refs });
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "payment_required") throw error;
    await ctx.reply(botText(lang)("noQuota"), { reply_markup: tariffsKeyboard(lang) });
    return;
  }
  const { left } = spent;
  const notice = botText(lang)(PRICE_NOTICE[kind] ?? "priceFiles", { spent: amount, balance: String(left + amount), left: String(left) });
  await ctx.reply(notice).catch(() => {});
  const showAction = () => ctx.replyWithChatAction(chatAction).catch(() => {});
  await showAction();
  const repeat = setInterval(showAction, CHAT_ACTION_REPEAT_MS);
  let failure: { error: unknown } | undefined;
  try {
    await run({ signal: AbortSignal.timeout(env.AI_TIMEOUT_SECONDS * 1000), spent: amount, left });
  } catch (error) {
    failure = { error };
  } finally {
    clearInterval(repeat);
  }
  if (!failure) return;
  const { error } = failure;
  const refused = error instanceof TurnRefused || error instanceof FileTooLargeError || error instanceof DocumentError;
  if (refused) log().info(`[bot] ${kind} turn refused for user ${user.id}: ${(error as Error).message}`);
  else log().error({ err: error }, `[bot] ${kind} turn failed for user ${user.id}`);
  await refundQuota({ db, userId: user.id, kind, amount, fromPackage: spent.fromPackage, refs });
  await ctx.reply(failureText(lang, error)).catch(() => {});
}

/**
 * Takes more units after a turn that turned out larger than reserved (an audio file whose length
 * only the transcriber reported); past the balance it stops at zero, since the answer was given.
 * Answers the balance left.
 */
export async function spendAfterTurn({ db, userId, kind, amount }: { db: Db; userId: number; kind: QuotaKey; amount: number }): Promise<number> {
  return (await spendQuota({ db, userId, kind, amount, clampAtZero: true })).left;
}

/** Audio is priced per started minute; a recording of unknown length counts as one. */
export const startedMinutes = (seconds: number | undefined) => Math.max(1, Math.ceil((seconds ?? 0) / 60));
