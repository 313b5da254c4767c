"use client";
import { useTranslations } from "next-intl";
import { useUserTariff } from "@/lib/queries/user";

/**
 * What paying for `tariffName` does to the current subscription (docs/decisions/0200-tariff-change-and-package-units.md):
 * the same tariff is extended, another one is replaced from now on; and how the allowance is granted.
 */
export function TariffChangeNotice({ tariffName }: { tariffName: string }) {
  const t = useTranslations("TariffChange");
  const current = useUserTariff().data?.user_tariff ?? null;
  return (
    <section className="pay-block tariff-change" data-testid="tariff-change-notice">
      {current === tariffName && <p className="hint" data-testid="tariff-change-extend">{t("extend", { name: current })}</p>}
      {current !== null && current !== tariffName && <p className="hint" data-testid="tariff-change-replace">{t("replace", { current })}</p>}
      <p className="hint">{t("allowance")}</p>
    </section>
  );
}
