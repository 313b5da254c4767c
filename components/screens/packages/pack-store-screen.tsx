"use client";
import { useState } from "react";
import { useLocation } from "wouter";
import { useTranslations } from "next-intl";
import { TabBar } from "@/components/ui/tab-bar";
import { PackageCard } from "@/components/packages/package-card";
import { usePendingPaymentGuard } from "@/components/payments/pending-payment-modal";
import { LoadFailure } from "@/components/ui/load-failure";
import { PageSpinner } from "@/components/ui/page-spinner";
import {
  DEFAULT_PACKAGE_TAB,
  PACKAGE_TABS,
  filterPackagesByTab,
  type PackageTab,
} from "@/components/packages/package-tabs";
import { usePackages } from "@/lib/queries/packages";
import { routes } from "@/lib/routes";
import "@/components/packages/packages.css";

export default function PackStoreScreen() {
  const t = useTranslations("PackStore");
  const [, navigate] = useLocation();
  const { data, isPending, isError } = usePackages();
  const [tab, setTab] = useState<PackageTab>(DEFAULT_PACKAGE_TAB);
  const { guard, checking, ui } = usePendingPaymentGuard();

  if (isPending) return <PageSpinner />;
  if (isError) return <LoadFailure />;
  const shown = filterPackagesByTab(data, tab);

  return (
    <div className="page pack-store" data-testid="pack-store">
      <h1>{t("title")}</h1>
      <p className="hint pack-store__intro">{t("intro")}</p>
      <TabBar
        tabs={PACKAGE_TABS}
        active={tab}
        label={(id) => t(`tab.${id}`)}
        onChange={setTab}
        testIdPrefix="pack-tab"
        ariaLabel={t("title")}
        sticky
      />
      {shown.length === 0 ? (
        <p className="hint pack-store__empty" data-testid="pack-empty">
          {t("empty")}
        </p>
      ) : (
        <div className="pack-store__list">
          {shown.map((pkg) => (
            <PackageCard
              key={pkg.package_id}
              pkg={pkg}
              busy={checking}
              onBuy={() => guard(() => navigate(routes.packagePay(pkg.package_id)))}
            />
          ))}
        </div>
      )}
      {ui}
    </div>
  );
}
