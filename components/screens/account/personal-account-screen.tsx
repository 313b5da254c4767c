"use client";
import { useFormatter, useTranslations } from "next-intl";
import { Link } from "wouter";
import { AutoPayToggle, LanguageToggle } from "@/components/account/account-settings";
import { ConsoleLink } from "@/components/account/console-link";
import { PaymentList } from "@/components/account/payment-list";
import { PromoCodeEntry } from "@/components/account/promo-code-entry";
import { ReferralCodeEntry } from "@/components/account/referral-code-entry";
import { ReferralShare } from "@/components/account/referral-share";
import { SpendingList } from "@/components/account/spending-list";
import { TariffEnd } from "@/components/tariffs/tariff-end";
import { NoticeLine, useNotice } from "@/components/account/use-notice";
import "@/components/account/account.css";
import { FREE_TARIFF } from "@/lib/shared/tariff-names";
import { routes } from "@/lib/routes";
import { useCanApplyReferral, useReferralBalance } from "@/lib/queries/referral";
import { useUserStatistic, useUserTariff } from "@/lib/queries/user";
import { generationsFor } from "@/lib/shared/pricing/job-price";
import { useActionCosts } from "@/lib/queries/models";
import { usagePercentage } from "@/lib/shared/usage";

function TariffSummary() {
  const t = useTranslations("Account");
  const costs = useActionCosts();
  const tariff = useUserTariff();
  const statistic = useUserStatistic();
  const name = tariff.data?.user_tariff ?? FREE_TARIFF;
  const price = tariff.data?.price ?? 0;
  const usage = statistic.data
    ? usagePercentage({ remaining: statistic.data.remaining_quotas, limits: statistic.data.tariff_limits })
    : null;
  return (
    <Link href={routes.tariff()} className="pay-block account-tariff" data-testid="account-tariff">
      <span className="account-label">{t("tariff")}</span>
      <strong className="account-tariff__name">{name}</strong>
      <span className="account-tariff__price">{price > 0 ? t("perMonth", { price }) : t("free")}</span>
      <TariffEnd className="account-hint" />
      {usage && (
        <span className="account-hint">{usage === "free" ? t("usageFree") : t("usage", { percent: usage })}</span>
      )}
      {statistic.data && (
        <span className="account-hint" data-testid="account-messages-left">
          {t("messagesLeft", {
            count: generationsFor(costs, "text_tokens", statistic.data.remaining_quotas.text_tokens),
          })}
        </span>
      )}
    </Link>
  );
}

/** The personal account (docs/product/screens.md). */
export default function PersonalAccountScreen() {
  const t = useTranslations("Account");
  const format = useFormatter();
  const { notice, show } = useNotice();
  const canApply = useCanApplyReferral();
  const balance = useReferralBalance();
  return (
    <div className="page account" data-testid="personal-account">
      <h1>{t("title")}</h1>
      <NoticeLine notice={notice} />
      <TariffSummary />
      <section className="pay-block account-section">
        <h2 className="pay-block__title">{t("referralTitle")}</h2>
        <p className="account-hint">{t("referralInfo")}</p>
        <ReferralShare />
        {canApply.data?.can_apply && <ReferralCodeEntry onNotice={show} />}
        {balance.isError ? (
          <p className="account-hint account-hint--invalid" role="alert" data-testid="account-ref-balance-error">
            {t("balanceLoadError")}
          </p>
        ) : (
          <p className="account-balance">
            {t("balance")}:{" "}
            <strong data-testid="account-ref-balance">
              {balance.data ? format.number(balance.data.ref_balance, "money") : "…"}
            </strong>
          </p>
        )}
      </section>
      <PromoCodeEntry onNotice={show} />
      <Link href={routes.limits()} className="pay-block account-link" data-testid="account-limits-link">
        {t("limits")} →
      </Link>
      <section className="pay-block account-section" data-testid="account-spending">
        <h2 className="pay-block__title">{t("spending")}</h2>
        <SpendingList />
      </section>
      <section className="pay-block account-section">
        <h2 className="pay-block__title">{t("payments")}</h2>
        <PaymentList />
      </section>
      <section className="pay-block account-section">
        <AutoPayToggle onNotice={show} />
        <LanguageToggle />
      </section>
      <ConsoleLink />
    </div>
  );
}
