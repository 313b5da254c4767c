"use client";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { useTranslations } from "next-intl";
import { DialSlider } from "@/components/tariffs/dial-slider";
import { LoadFailure } from "@/components/ui/load-failure";
import { PageSpinner } from "@/components/ui/page-spinner";
import { STORAGE_KEYS } from "@/lib/client/storage-keys";
import type { CreateDataResponse } from "@/lib/contracts/tariff";
import { restoreCustomSettings, serializeCustomSettings, type CustomSettings } from "./custom-tariff-settings";
import {
  BUILDER_KINDS,
  CUSTOM_STEPS,
  TIMEFRAMES,
  customMonthlyPrice,
  quotasToCustom,
  timeframePrice,
  type CustomKind,
  type CustomValues,
} from "@/lib/shared/pricing/custom-tariff";
import { useCreateData } from "@/lib/queries/tariffs";
import { useUserStatistic, useUserTariff } from "@/lib/queries/user";
import { CUSTOM_TARIFF } from "@/lib/shared/tariff-names";
import { routes } from "@/lib/routes";
import "@/components/tariffs/dials.css";
import "@/components/payments/payments.css";

export default function CreateTariffScreen() {
  const { data, isPending, isError } = useCreateData();
  const tariff = useUserTariff();
  const statistic = useUserStatistic();
  // An active Custom tariff opens with its own limits, so it can be rebuilt (docs/decisions/0380-custom-tariff-rebuild.md).
  const rebuilding = tariff.data?.user_tariff === CUSTOM_TARIFF;
  if (isPending || tariff.isPending || (rebuilding && statistic.isPending)) return <PageSpinner />;
  if (isError || !data) return <LoadFailure testId="create-tariff-error" />;
  const current = rebuilding && statistic.data ? quotasToCustom(statistic.data.tariff_limits) : null;
  return <Builder data={data} current={current} />;
}

function Builder({ data, current }: { data: CreateDataResponse; current: CustomValues | null }) {
  const t = useTranslations("CreateTariff");
  const [, navigate] = useLocation();
  const [settings, setSettings] = useState<CustomSettings>(() => {
    const stored = restoreCustomSettings(localStorage.getItem(STORAGE_KEYS.customTariff), data.limits);
    return current
      ? restoreCustomSettings(serializeCustomSettings({ values: current, timeframe: stored.timeframe }), data.limits)
      : stored;
  });
  useEffect(() => localStorage.setItem(STORAGE_KEYS.customTariff, serializeCustomSettings(settings)), [settings]);

  const { values, timeframe } = settings;
  const monthly = customMonthlyPrice(values, data.rates);
  const setValue = (kind: CustomKind) => (value: number) =>
    setSettings((s) => ({ ...s, values: { ...s.values, [kind]: value } }));
  const offer = () => navigate(routes.customTariffPay({ ...values, allprice: monthly }));

  return (
    <div className="page create-tariff" data-testid="create-tariff">
      <h1>{t("title")}</h1>
      <p className="hint create-tariff__intro" data-testid={current ? "create-tariff-rebuild" : undefined}>
        {current ? t("rebuildIntro") : t("intro")}
      </p>
      <div className="dial-grid">
        {BUILDER_KINDS.map((kind) => (
          <DialSlider
            key={kind}
            kind={kind}
            value={values[kind]}
            bounds={data.limits[kind]}
            step={CUSTOM_STEPS[kind]}
            onChange={setValue(kind)}
          />
        ))}
      </div>

      <section className="pay-block create-tariff__price">
        <div className="segmented segmented--4" role="radiogroup" aria-label={t("timeframe")}>
          {TIMEFRAMES.map((tf) => (
            <button
              key={tf}
              type="button"
              role="radio"
              aria-checked={timeframe === tf}
              className={`segmented__item${timeframe === tf ? " segmented__item--active" : ""}`}
              data-testid={`timeframe-${tf}`}
              onClick={() => setSettings((s) => ({ ...s, timeframe: tf }))}
            >
              {t(`timeframes.${tf}`)}
            </button>
          ))}
        </div>
        <div className="create-tariff__total">
          <strong data-testid="timeframe-price">{t("price", { amount: timeframePrice(monthly, timeframe) })}</strong>
          <span className="hint">{t(`per.${timeframe}`)}</span>
        </div>
        <p className="hint create-tariff__monthly" data-testid="monthly-price">
          {t("monthly", { amount: monthly })}
        </p>
      </section>

      <button
        type="button"
        className="button button--block"
        data-testid="custom-offer"
        disabled={monthly <= 0}
        onClick={offer}
      >
        {t("offer")}
      </button>
    </div>
  );
}
