import { useLocale } from "next-intl";

/** Picks a catalogue text in the console's language: the English one in the English console when it is set, else the Russian one. */
export function useConsoleText() {
  const locale = useLocale();
  return (ru: string, en: string | null | undefined) => (locale === "en" && en ? en : ru);
}
