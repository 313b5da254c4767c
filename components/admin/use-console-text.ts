import { useLocale } from "next-intl";
import { textIn } from "@/lib/shared/catalogue-text";

/** Picks a catalogue text in the console's language, by the rule every screen uses (lib/shared/catalogue-text.ts). */
export function useConsoleText() {
  const locale = useLocale();
  return (ru: string, en: string | null | undefined) => textIn(locale === "en" ? "en" : "ru", ru, en ?? null);
}
