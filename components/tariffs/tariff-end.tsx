"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useUserTariff } from "@/lib/queries/user";

/**
 * When the caller's paid tariff ends, or renews itself with auto-pay on and a card saved; nothing on
 * Free. Shown on the account, Limits and the active tariff card (docs/product/screens.md).
 */
export function TariffEnd({ className = "hint" }: { className?: string }) {
  const t = useTranslations("TariffEnd");
  const format = useFormatter();
  const { data } = useUserTariff();
  if (!data?.expires_at) return null;
  const date = format.dateTime(new Date(data.expires_at), { day: "numeric", month: "long", year: "numeric" });
  return (
    <span className={className} data-testid="tariff-end" data-renews={data.renews}>
      {data.renews ? t("renews", { date }) : t("ends", { date })}
    </span>
  );
}
