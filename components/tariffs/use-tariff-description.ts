"use client";
import { useTranslations } from "next-intl";

/** The server's description is Russian; a translation keyed by the tariff's name wins when there is one. */
export function useTariffDescription(name: string, serverText: string): string {
  const t = useTranslations("TariffList");
  const key = `description.${name.replace(/\s+/g, "")}`;
  return t.has(key) ? t(key) : serverText;
}
