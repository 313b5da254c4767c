"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { PaymentListItem } from "@/lib/contracts/settings";
import { usePaymentList } from "@/lib/queries/settings";

// waiting_confirmation is grey, completed green, any other status red (docs/product/payments.md).
export const paymentColour = (status: string) =>
  status === "waiting_confirmation" ? "grey" : status === "completed" ? "green" : "red";

function PaymentRow({ payment }: { payment: PaymentListItem }) {
  const t = useTranslations("Account");
  const format = useFormatter();
  const what = payment.package_info
    ? t("packagePayment", { name: payment.package_info.name })
    : payment.subscription_info
      ? t("tariffPayment", { name: payment.subscription_info.tariff_name })
      : t("otherPayment");
  return (
    <li
      className={`account-payment account-payment--${paymentColour(payment.status)}`}
      data-testid="payment-row"
      data-status={payment.status}
    >
      <span className="account-payment__what">{what}</span>
      <span className="account-payment__amount">{format.number(payment.amount, "money")}</span>
      <span className="account-payment__meta">
        {format.dateTime(new Date(payment.created_at), { dateStyle: "medium" })} ·{" "}
        {t("status", { status: payment.status })}
      </span>
    </li>
  );
}

export function PaymentList() {
  const t = useTranslations("Account");
  const { data, isError } = usePaymentList();
  if (isError) return <p className="account-hint account-hint--invalid">{t("paymentsLoadError")}</p>;
  if (!data) return null;
  if (data.length === 0) return <p className="account-hint">{t("noPayments")}</p>;
  return (
    <ul className="account-payments" data-testid="payment-list">
      {data.map((payment) => (
        <PaymentRow key={payment.id} payment={payment} />
      ))}
    </ul>
  );
}
