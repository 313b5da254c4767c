"use client";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { useTranslations } from "next-intl";
import { PackStoreCard, TariffCard } from "@/components/tariffs/tariff-card";
import { LoadFailure } from "@/components/ui/load-failure";
import { PageSpinner } from "@/components/ui/page-spinner";
import { launchUserSnapshot } from "@/lib/client/account-snapshot";
import { useStandardTariffs } from "@/lib/queries/tariffs";
import { useUserTariff } from "@/lib/queries/user";
import { routes } from "@/lib/routes";
import { isActiveTariff } from "@/components/tariffs/tariff-cards";
import { CUSTOM_TARIFF, FREE_TARIFF } from "@/lib/shared/tariff-names";
import "@/components/tariffs/tariffs.css";

export default function TariffListScreen() {
  const t = useTranslations("TariffList");
  const [, navigate] = useLocation();
  const tariffs = useStandardTariffs();
  const userTariff = useUserTariff();
  const [freeNote, setFreeNote] = useState(false);

  if (tariffs.isPending) return <PageSpinner />;
  if (tariffs.isError) return <LoadFailure title={t("errorLoadingTariff")} testId="tariff-error" />;
  const entries = Object.entries(tariffs.data);
  if (entries.length === 0) return <LoadFailure title={t("tariffUnavailable")} testId="tariff-error" />;

  // Until the call answers, the tariff this account had when last seen on this device tells the active
  // card (lib/client/account-snapshot.ts: another account's is never shown). "" is Free, as null is in
  // the answer; null here means not known yet.
  const seen = userTariff.isSuccess ? userTariff.data.user_tariff : launchUserSnapshot().tariff;
  const known = seen === undefined ? null : (seen ?? "");
  const current = known || FREE_TARIFF;
  const choose = (name: string) => {
    // Free cannot be bought over a paid tariff: it comes back by itself when the paid period ends.
    if (name === FREE_TARIFF && current !== FREE_TARIFF) return setFreeNote(true);
    navigate(name === CUSTOM_TARIFF ? routes.createTariff() : routes.tariffPay(name));
  };

  return (
    <div className="page tariff-list" data-testid="tariff-list">
      <h1>{t("title")}</h1>
      <p className="tariff-list__current" data-testid="current-tariff">
        {t.rich("yourTariff", { current, b: (chunks) => <strong>{chunks}</strong> })}
      </p>
      {freeNote && (
        <p className="tariff-list__free-note" role="status" data-testid="free-note">
          {t("freeAfterPaid", { current })} <Link href={routes.autoPay()}>{t("autoPayLink")}</Link>
        </p>
      )}
      <div className="tariff-list__cards">
        {entries.map(([name, tariff], index) => (
          <TariffCard
            key={name}
            name={name}
            tariff={tariff}
            index={index}
            active={known !== null && isActiveTariff(name, known, FREE_TARIFF)}
            onChoose={() => choose(name)}
          />
        ))}
        <PackStoreCard index={entries.length} onChoose={() => navigate(routes.packStore())} />
      </div>
    </div>
  );
}
