"use client";
import { Link } from "wouter";
import { useTranslations } from "next-intl";
import { routes } from "@/lib/routes";
import "./upgrade.css";

/**
 * The way up from something locked or used up (docs/product/screens.md): why, then the tariffs and, where more
 * of a quota is what is missing, the package store.
 */
export function UpgradeOffer({
  message,
  packages = false,
  testId,
}: {
  message: string;
  packages?: boolean;
  testId: string;
}) {
  const t = useTranslations("Upgrade");
  return (
    <div className="upgrade-offer" role="status" data-testid={testId}>
      <p className="upgrade-offer__message">{message}</p>
      <div className="upgrade-offer__links">
        <Link href={routes.tariff()} className="button upgrade-offer__link" data-testid={`${testId}-tariffs`}>
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
