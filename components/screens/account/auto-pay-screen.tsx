"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useLocation } from "wouter";
import { NoticeLine, useNotice } from "@/components/account/use-notice";
import { LoadFailure } from "@/components/ui/load-failure";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useRecurrentStatus, useSetRecurrent } from "@/lib/queries/settings";
import { useUserTariff } from "@/lib/queries/user";
import { routes } from "@/lib/routes";
import { CUSTOM_TARIFF } from "@/lib/shared/tariff-names";
import "@/components/account/account.css";
import "@/components/payments/payments.css";

const SECTIONS = ["how", "verification", "turnOff"] as const;

/**
 * What auto-payment does, and which way it comes back on for this user (docs/product/payments.md
 * "Auto-payment"): already on; at the next renewal with the saved method (one tap); or with the next
 * tariff payment when no method is saved (the tariff's payment opens with auto-payment on).
 */
export default function AutoPayScreen() {
  const t = useTranslations("AutoPay");
  const format = useFormatter();
  const [, navigate] = useLocation();
  const status = useRecurrentStatus();
  const tariff = useUserTariff();
  const setRecurrent = useSetRecurrent();
  const { notice, show } = useNotice();

  if (status.isPending) return <PageSpinner />;
  if (status.isError) return <LoadFailure title={t("loadError")} testId="autopay-load-error" />;
  const { is_recurrent: on, has_saved_method: saved, renews_at: renewsAt } = status.data;
  const date = renewsAt ? format.dateTime(new Date(renewsAt), { dateStyle: "long" }) : "";
  const mode = on ? "on" : saved && renewsAt ? "renewal" : "nextPayment";
  const paidTariff = tariff.data?.user_tariff ?? null;
  const change = (next: boolean) =>
    setRecurrent.mutate(next, {
      onSuccess: () => show({ kind: "success", text: next ? t("turnedOn", { date }) : t("turnedOff") }),
      onError: () => show({ kind: "error", text: t("changeError") }),
    });
  // No saved method: the current tariff's payment (auto-payment preset), the builder for Custom, the tariffs on Free.
  const payNext = () => {
    if (!paidTariff) return navigate(routes.tariff());
    navigate(paidTariff === CUSTOM_TARIFF ? routes.createTariff() : routes.tariffPay(paidTariff, { autoPay: true }));
  };

  return (
    <div className="page pay-page" data-testid="auto-pay">
      <h1>{t("title")}</h1>
      <NoticeLine notice={notice} />
      <section className="pay-block" data-testid="autopay-status" data-mode={mode}>
        <p className="autopay__text">
          {mode === "on"
            ? t("statusOn", { date })
            : mode === "renewal"
              ? t("statusRenewal", { date })
              : t("statusNextPayment")}
        </p>
      </section>
      {SECTIONS.map((id) => (
        <section key={id} className="pay-block" data-testid={`autopay-${id}`}>
          <h2 className="pay-block__title">
            <span aria-hidden>{t(`${id}.icon`)}</span> {t(`${id}.title`)}
          </h2>
          <p className="autopay__text">{t(`${id}.text`)}</p>
        </section>
      ))}
      <div className="pay-actions">
        {mode === "nextPayment" ? (
          <button type="button" className="button button--block" data-testid="autopay-pay" onClick={payNext}>
            {paidTariff ? t("payWithAutoPay") : t("chooseTariff")}
          </button>
        ) : (
          <button
            type="button"
            className="button button--block"
            data-testid="autopay-pay"
            disabled={setRecurrent.isPending}
            onClick={() => change(!on)}
          >
            {on ? t("switchOff") : t("switchOn")}
          </button>
        )}
        <button
          type="button"
          className="button button--secondary button--block"
          data-testid="autopay-cancel"
          onClick={() => navigate(routes.personalAccount())}
        >
          {t("back")}
        </button>
      </div>
    </div>
  );
}
