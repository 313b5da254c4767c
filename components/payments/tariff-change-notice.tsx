"use client";
import { useTranslations } from "next-intl";
import { useTariffCredit } from "@/lib/queries/tariffs";
import { useUserTariff } from "@/lib/queries/user";
import { CUSTOM_TARIFF } from "@/lib/shared/tariff-names";

/**
 * What paying for `tariffName` does to the current subscription (docs/decisions/0200-tariff-change-and-package-units.md):
 * the same tariff is extended (a rebuilt Custom with its new limits from the next 30-day period,
 * docs/decisions/0380-custom-tariff-rebuild.md), another one is replaced from now on; and how the allowance is granted.
 */
export function TariffChangeNotice({ tariffName }: { tariffName: string }) {
  const t = useTranslations("TariffChange");
  const current = useUserTariff().data?.user_tariff ?? null;
  const credit = useChangeCredit(tariffName);
  return (
    <section className="pay-block tariff-change" data-testid="tariff-change-notice">
      {current === tariffName && current === CUSTOM_TARIFF && (
        <p className="hint" data-testid="tariff-change-rebuild">
          {t("rebuild", { name: current })}
        </p>
      )}
      {current === tariffName && current !== CUSTOM_TARIFF && (
        <p className="hint" data-testid="tariff-change-extend">
          {t("extend", { name: current })}
        </p>
      )}
      {current !== null && current !== tariffName && (
        <p className="hint" data-testid="tariff-change-replace">
          {t("replace", { current, amount: credit.amount, days: credit.days })}
        </p>
      )}
      <p className="hint">{t("allowance")}</p>
    </section>
  );
}

/**
 * The credit of a change to `tariffName` (GET /api/tariff/credit): the running tariff's unused paid
 * part, in roubles, or 0 when `tariffName` is the running tariff (paying for it extends it).
 */
export function useChangeCredit(tariffName: string): { amount: number; days: number; from: string | null } {
  const { data } = useTariffCredit();
  if (!data?.tariff_name || data.tariff_name === tariffName) return { amount: 0, days: 0, from: null };
  return { amount: data.credit_rub, days: data.days_left ?? 0, from: data.tariff_name };
}
