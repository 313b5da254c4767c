"use client";
import { Link } from "wouter";
import { useTranslations } from "next-intl";
import { routes } from "@/lib/routes";
import type { ModelItem } from "@/lib/contracts/models";
import "./upgrade.css";

/**
 * The way up from something locked or used up (docs/product/screens.md): why, then the tariffs and, where more
 * of a quota is what is missing, the package store.
 */
export function UpgradeOffer({
  message,
  packages = false,
  tariff,
  testId,
}: {
  message: string;
  packages?: boolean;
  /** The tariff that opens what is locked: the link leads to its payment screen. */
  tariff?: string;
  testId: string;
}) {
  const t = useTranslations("Upgrade");
  return (
    <div className="upgrade-offer" role="status" data-testid={testId}>
      <p className="upgrade-offer__message">{message}</p>
      <div className="upgrade-offer__links">
        {tariff ? (
          <Link href={routes.tariffPay(tariff)} className="button upgrade-offer__link" data-testid={`${testId}-tariff`}>
            {t("openTariff", { tariff })}
          </Link>
        ) : null}
        <Link
          href={routes.tariff()}
          className={`button upgrade-offer__link${tariff ? " button--secondary" : ""}`}
          data-testid={`${testId}-tariffs`}
        >
          {t("tariffs")}
        </Link>
        {packages && (
          <Link
            href={routes.packStore()}
            className="button button--secondary upgrade-offer__link"
            data-testid={`${testId}-packages`}
          >
            {t("packages")}
          </Link>
        )}
      </div>
    </div>
  );
}

/** A model the caller's tariff does not open: which tariff does ("from Neuro Basic"), with a link to it. */
export function LockedOffer({ model, testId }: { model: ModelItem; testId: string }) {
  const t = useTranslations("ModelPicker");
  const tariff = model.opened_by ?? undefined;
  const message = tariff
    ? t("upgradeFrom", { model: model.display_name, tariff })
    : t("upgrade", { model: model.display_name });
  return <UpgradeOffer message={message} tariff={tariff} testId={testId} />;
}
