import "server-only";
import { GrammyError, InlineKeyboard, type Context } from "grammy";
import type { Message } from "grammy/types";
import { routes } from "@/lib/routes";
import { botText } from "./bot-text";
import { publicUrl } from "@/lib/server/http/public-url";
import { toMarkdownV2 } from "./markdown-v2";

const TELEGRAM_TEXT_LIMIT = 4096;

/** Splits a long answer at line breaks (or hard at the limit) into messages Telegram accepts. */
export function splitForTelegram(text: string, limit = TELEGRAM_TEXT_LIMIT): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    const cut = rest.lastIndexOf("\n", limit);
    const at = cut > limit / 2 ? cut : limit;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at).replace(/^\n/, "");
  }
  if (rest) parts.push(rest);
  return parts;
}

/** The mini-app's button (web_app), opening the given hash route. */
export const webAppKeyboard = (lang: string, route = "") =>
  new InlineKeyboard().webApp(botText(lang)("openApp"), `${publicUrl()}/${route ? `#/${route}` : ""}`);

export const tariffsKeyboard = (lang: string) =>
  new InlineKeyboard().webApp(botText(lang)("openTariffs"), `${publicUrl()}/#${routes.tariff()}`);

/**
 * The final answer: the streamed message (when there is one) replaced by the first part, the rest
 * sent after it, the cost line last (with the keyboard, if any). Each part is the model's Markdown converted to Telegram MarkdownV2 (split before
 * converting, so no escape is cut in half); a part Telegram refuses to parse goes out as plain text.
 */
export async function sendFormatted({
  ctx,
  draft,
  text,
  footer,
  keyboard,
}: {
  ctx: Context;
  draft?: Message;
  text: string;
  footer: string;
  keyboard?: InlineKeyboard;
}) {
  // Conversion grows text by escapes; parts stay under the limit with room for them.
  const parts = splitForTelegram(`${text}\n\n${footer}`, TELEGRAM_TEXT_LIMIT - 600);
  for (const [i, part] of parts.entries()) {
    const send = async (body: string, formatted: boolean): Promise<void> => {
      // The keyboard (if any) goes under the last part, beside the cost line.
      const options = {
        ...(formatted ? { parse_mode: "MarkdownV2" as const } : {}),
        ...(keyboard && i === parts.length - 1 ? { reply_markup: keyboard } : {}),
      };
      if (i === 0 && draft) await ctx.api.editMessageText(draft.chat.id, draft.message_id, body, options);
      else await ctx.reply(body, options);
    };
    const formatted = toMarkdownV2(part).trimEnd();
    // Plain text only when Telegram refused the formatting (400); a flood wait or a lost request is the caller's to handle.
    await send(
      formatted.length <= TELEGRAM_TEXT_LIMIT ? formatted : part,
      formatted.length <= TELEGRAM_TEXT_LIMIT,
    ).catch((error) => {
      if (!(error instanceof GrammyError && error.error_code === 400)) throw error;
      return send(part, false);
    });
  }
}
