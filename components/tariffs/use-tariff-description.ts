"use client";
import { useMessages, useTranslations } from "next-intl";
import { isMessageKey } from "@/lib/i18n/message-keys";

/** The server's description is Russian; a translation keyed by the tariff's name wins when there is one. */
export function useTariffDescription(name: string, serverText: string): string {
  const t = useTranslations("TariffList.description");
  const key = name.replace(/\s+/g, "");
  return isMessageKey(useMessages().TariffList.description, key) ? t(key) : serverText;
}
