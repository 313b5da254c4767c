"use client";
import { Link } from "wouter";
import { useLocale, useTranslations } from "next-intl";
import { DialArc } from "@/components/ui/dial-arc";
import { LoadFailure } from "@/components/ui/load-failure";
import { PageSpinner } from "@/components/ui/page-spinner";
import { DIAL_COLORS, limitDials } from "./limit-dials";
import { formatCount } from "@/lib/shared/format";
import { valueToFraction } from "@/components/ui/dial";
import { useUserStatistic } from "@/lib/queries/user";
import { routes } from "@/lib/routes";
import { TariffEnd } from "@/components/tariffs/tariff-end";
import "@/components/tariffs/dials.css";

export default function LimitsScreen() {
  const t = useTranslations("Limits");
  const locale = useLocale();
  const { data, isPending, isError } = useUserStatistic();
  if (isPending) return <PageSpinner />;
  if (isError) return <LoadFailure />;

  return (
    <div className="page limits" data-testid="limits">
      <h1>{t("title")}</h1>
      <p className="hint limits__intro">{t("intro")}</p>
      <p className="limits__end">
        <TariffEnd />
      </p>
      <div className="limits__grid">
        {limitDials(data).map(({ kind, allowance, packageUnits, max, limit }) => (
          <div key={kind} className="limit-dial" data-testid={`limit-${kind}`}>
            <div className="dial">
              <DialArc fraction={valueToFraction(allowance, { min: 0, max })} color={DIAL_COLORS[kind]} />
              <div className="dial__center">
                <strong className="dial__value">{formatCount(allowance, locale)}</strong>
                <span className="dial__of">{t("of", { max: formatCount(limit, locale) })}</span>
              </div>
            </div>
            <span className="limit-dial__label">{t(`kind.${kind}`)}</span>
            {packageUnits > 0 && (
              <span className="hint" data-testid={`limit-${kind}-packages`}>
                {t("packageUnits", { count: packageUnits })}
              </span>
            )}
          </div>
        ))}
      </div>
      <div className="limits__actions">
        <Link href={routes.packStore()} className="button button--block" data-testid="limits-buy">
          {t("buyMore")}
        </Link>
        <Link href={routes.tariff()} className="button button--secondary button--block">
          {t("changeTariff")}
        </Link>
      </div>
    </div>
  );
}
