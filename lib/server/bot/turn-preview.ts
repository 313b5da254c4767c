import "server-only";
import { GrammyError, InlineKeyboard, type Context } from "grammy";
import type { Message } from "grammy/types";
import { botText, steerText } from "./bot-text";
import { sendFormatted } from "./replies";
import { log } from "@/lib/server/log";

// How a text turn shows its answer while the model writes it. In private chats: a message draft
// (Bot API sendMessageDraft: an empty text shows "Thinking…", can_stop gives Telegram's own Stop
// button, which arrives as a stopped_message_generation update); a draft is ephemeral, so the final
// answer is always sent with sendMessage. Where drafts are refused (other chats, a Bot API without
// the method), one "…" message with a Stop button is edited instead and becomes the answer.

const UPDATE_INTERVAL_MS = 1_000;
// Telegram shows a draft for 30 s without an update; a slow model's draft is renewed before that.
const DRAFT_RENEW_MS = 20_000;
const PREVIEW_LIMIT = 4096;
// Telegram's Stop on a draft: it is kept (keep_on_stop) until the partial answer is sent as a message.
const DRAFT_OPTIONS = { can_stop: true, keep_on_stop: true };

export const STOP_PREFIX = "stop:";
export const RETRY_PREFIX = "retry:";
/** Callback data `other:<turnId>`: list the models that could answer the failed turn instead. */
export const OTHER_MODEL_PREFIX = "other:";
/** Callback data `rerun:<turnId>:<modelId>`: run the failed turn again with that model. */
export const RERUN_PREFIX = "rerun:";

export const stopKeyboard = (lang: string, turnId: number) =>
  new InlineKeyboard().text(botText(lang)("stopButton"), `${STOP_PREFIX}${turnId}`);
/**
 * Under every failed turn: Retry the same input, and "Other model" when the user's tariff opens
 * another model for the dialogue's action (model-choice.ts hasOtherModel).
 */
export function retryKeyboard(lang: string, turnId: number, otherModel: boolean): InlineKeyboard {
  const keyboard = new InlineKeyboard().text(botText(lang)("retryButton"), `${RETRY_PREFIX}${turnId}`);
  return otherModel ? keyboard.text(steerText(lang)("otherModelButton"), `${OTHER_MODEL_PREFIX}${turnId}`) : keyboard;
}

export type TurnPreview = {
  /** The answer so far; shown at most about once a second. */
  show: (text: string) => void;
  /** The final answer (formatted, split, cost line last, the keyboard under it) replaces the preview. */
  finish: (o: { text: string; footer: string; keyboard?: InlineKeyboard }) => Promise<void>;
  /** A plain message ends the turn instead (a failure or an empty stop), with an optional keyboard. */
  fail: (o: { text: string; keyboard?: InlineKeyboard }) => Promise<void>;
  /** No more frames and nothing sent: the turn was handed to another instance (a draft fades by itself). */
  abandon: () => Promise<void>;
};

const clip = (text: string) => (text.length <= PREVIEW_LIMIT ? text : `${text.slice(0, PREVIEW_LIMIT - 1)}…`);

export async function openPreview({
  ctx,
  turnId,
  lang,
}: {
  ctx: Context;
  turnId: number;
  lang: string;
}): Promise<TurnPreview> {
  const chatId = ctx.chat!.id;
  if (ctx.chat?.type === "private") {
    try {
      // draft_id is the turn id: non-zero, and what stopped_message_generation names.
      await ctx.api.sendMessageDraft(chatId, turnId, "", DRAFT_OPTIONS);
      return draftPreview({ ctx, chatId, turnId });
    } catch (error) {
      if (!(error instanceof GrammyError)) throw error;
      log().info(`[bot] message drafts refused in chat ${chatId} (${error.description}); editing a message instead`);
    }
  }
  const message = await ctx.reply("…", { reply_markup: stopKeyboard(lang, turnId) });
  return editPreview({ ctx, message, lang, turnId });
}

/** Calls run one after another (a late update never overwrites a newer one); failures only lose a frame. */
function queue() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    push: (call: () => Promise<unknown>) => {
      tail = tail.then(call).catch(() => {});
    },
    drained: () => tail,
  };
}

/** At most one frame a second; text that arrives in between is shown when the second is over (a stream may pause after it). */
function throttled(send: (text: string) => Promise<unknown>) {
  const calls = queue();
  let latest = "";
  let shown = "";
  let shownAt = Date.now();
  let pending: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    pending = undefined;
    if (!latest || latest === shown) return;
    const text = latest;
    shown = text;
    shownAt = Date.now();
    calls.push(() => send(clip(text)));
  };
  return {
    show(text: string) {
      latest = text;
      if (pending) return;
      const wait = UPDATE_INTERVAL_MS - (Date.now() - shownAt);
      if (wait <= 0) flush();
      else pending = setTimeout(flush, wait);
    },
    /** Re-sends what is shown (draft renewal). */
    repeat: () => calls.push(() => send(clip(shown))),
    /** No more frames; answers when the ones sent are done. */
    close: () => {
      clearTimeout(pending);
      pending = undefined;
      return calls.drained();
    },
  };
}

function draftPreview({ ctx, chatId, turnId }: { ctx: Context; chatId: number; turnId: number }): TurnPreview {
  const frames = throttled((text) => ctx.api.sendMessageDraft(chatId, turnId, text, DRAFT_OPTIONS));
  const renew = setInterval(frames.repeat, DRAFT_RENEW_MS);
  const close = async () => {
    clearInterval(renew);
    await frames.close();
  };
  return {
    show: frames.show,
    finish: async ({ text, footer, keyboard }) => {
      // No frame after this one, and the answer waits for the one on its way (at most one: frames go out
      // one after another): a draft Telegram received after the answer would show again under it for up
      // to 30 s (decision 0507).
      await close();
      await sendFormatted({ ctx, text, footer, keyboard });
    },
    fail: async ({ text, keyboard }) => {
      await close();
      await ctx.reply(text, keyboard ? { reply_markup: keyboard } : {});
    },
    abandon: close,
  };
}

function editPreview({
  ctx,
  message,
  lang,
  turnId,
}: {
  ctx: Context;
  message: Message;
  lang: string;
  turnId: number;
}): TurnPreview {
  const frames = throttled((text) =>
    ctx.api.editMessageText(message.chat.id, message.message_id, text, { reply_markup: stopKeyboard(lang, turnId) }),
  );
  return {
    show: frames.show,
    finish: async ({ text, footer, keyboard }) => {
      await frames.close();
      // The edit carries no Stop keyboard, so the Stop button goes with the "…".
      await sendFormatted({ ctx, draft: message, text, footer, keyboard });
    },
    fail: async ({ text, keyboard }) => {
      await frames.close();
      const options = keyboard ? { reply_markup: keyboard } : {};
      await ctx.api
        .editMessageText(message.chat.id, message.message_id, text, options)
        .catch(() => ctx.reply(text, options));
    },
    abandon: async () => {
      await frames.close();
    },
  };
}
