import "server-only";
import { InlineKeyboard, type Context } from "grammy";
import type { Message } from "grammy/types";
import { env } from "@/lib/env";
import { botText } from "./bot-text";

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
  new InlineKeyboard().webApp(botText(lang, "openApp"), `${env.PUBLIC_URL.replace(/\/+$/, "")}/${route ? `#/${route}` : ""}`);

export const tariffsKeyboard = (lang: string) =>
  new InlineKeyboard().webApp(botText(lang, "openTariffs"), `${env.PUBLIC_URL.replace(/\/+$/, "")}/#/tariffs`);

/** The final answer: the draft message replaced by the first part, the rest sent after it, the cost line last. */
export async function sendFormatted({ ctx, draft, text, footer }: { ctx: Context; draft: Message; text: string; footer: string }) {
  const parts = splitForTelegram(`${text}\n\n${footer}`);
  await ctx.api.editMessageText(draft.chat.id, draft.message_id, parts[0]).catch(() => {});
  for (const part of parts.slice(1)) await ctx.reply(part);
}
