import type { Language } from "@/lib/contracts/common";

/** A catalogue text in the reader's language: the English one when they read English and it is set, else the Russian. */
export const textIn = (language: Language, ru: string, en: string | null): string =>
  language === "en" ? en || ru : ru;
