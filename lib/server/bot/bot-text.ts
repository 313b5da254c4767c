import "server-only";
import en from "@/messages/en.json";
import ru from "@/messages/ru.json";

type BotMessages = Record<string, string>;
const catalogs: Record<"ru" | "en", BotMessages> = {
  ru: (ru as { Bot?: BotMessages }).Bot ?? {},
  en: (en as { Bot?: BotMessages }).Bot ?? {},
};

/** A bot message in the user's language (namespace `Bot` of messages/*.json, Russian fallback). */
export function botText(language: string, key: string, values: Record<string, string> = {}): string {
  const lang = language === "en" ? "en" : "ru";
  const template = catalogs[lang][key] ?? catalogs.ru[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
