"use client";
import { useTranslations } from "next-intl";
import { EmailField, useEmailState } from "@/components/payments/email-field";
import "@/components/payments/payments.css";

const SECTIONS = ["how", "verification", "turnOff"] as const;

/** Static information about auto-payment (docs/product/screens.md). */
export default function AutoPayScreen() {
  const t = useTranslations("AutoPay");
  const tp = useTranslations("Payment");
  const email = useEmailState();
  return (
    <div className="page pay-page" data-testid="auto-pay">
      <h1>{t("title")}</h1>
      {SECTIONS.map((id) => (
        <section key={id} className="pay-block" data-testid={`autopay-${id}`}>
          <h3 className="pay-block__title">
            <span aria-hidden>{t(`${id}.icon`)}</span> {t(`${id}.title`)}
          </h3>
          <p className="autopay__text">{t(`${id}.text`)}</p>
        </section>
      ))}
      <EmailField state={email} />
      {/* This page's buttons do nothing: auto-payment is switched on when paying (docs/product/screens.md). */}
      <div className="pay-actions">
        <button type="button" className="button button--block" data-testid="autopay-pay">
          {tp("pay")}
        </button>
        <button type="button" className="button button--secondary button--block" data-testid="autopay-cancel">
          {tp("cancel")}
        </button>
      </div>
    </div>
  );
}
