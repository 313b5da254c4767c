"use client";
import { useParams, useSearch } from "wouter";
import { useTranslations } from "next-intl";
import { AutoPayToggle } from "@/components/payments/auto-pay-toggle";
import { Calculations, Total } from "@/components/payments/calculations";
import { EmailField } from "@/components/payments/email-field";
import { PayActions } from "@/components/payments/pay-actions";
import { PeriodPicker } from "@/components/payments/period-picker";
import { TariffChangeNotice, useChangeCredit } from "@/components/payments/tariff-change-notice";
import { ReferralDiscount } from "@/components/payments/referral-discount";
import { usePaymentForm } from "@/components/payments/use-payment-form";
import { LoadFailure } from "@/components/ui/load-failure";
import { PageSpinner } from "@/components/ui/page-spinner";
import { formatRoubles } from "@/components/payments/payment-form";
import { perDayCost } from "@/lib/shared/pricing/periods";
import { useCreateTariffPayment } from "@/lib/queries/payments";
import { useStandardTariffs } from "@/lib/queries/tariffs";
import type { StandardTariffName } from "@/lib/shared/tariff-names";
import "@/components/payments/payments.css";

export default function TariffPayScreen() {
  const t = useTranslations("TariffPay");
  const tp = useTranslations("Payment");
  const { title = "" } = useParams<{ title: string }>();
  const search = useSearch();
  const tariffName = decodeURIComponent(title);
  const { data, isPending, isError } = useStandardTariffs();
  const tariff = data?.[tariffName];
  const description = tariff?.description ?? "";

  const amount = tariff?.amount ?? 0;
  const create = useCreateTariffPayment();
  const credit = useChangeCredit(tariffName);
  const form = usePaymentForm({
    price: amount,
    credit: credit.amount,
    available: Boolean(tariff),
    autoPay: new URLSearchParams(search).get("autopay") === "on",
    create,
  });
  const { months, recurent, email, referral, subtotal, total } = form;

  if (isPending) return <PageSpinner />;
  if (isError) return <LoadFailure title={t("errorLoadingTariff")} />;
  if (!tariff)
    return <LoadFailure title={t("tariffUnavailable")} text={t("tariffUnavailableText", { name: tariffName })} />;

  const pay = () =>
    form.pay({
      // Only a tariff GET /api/tariff/standard lists gets here; the server refuses any other name (400).
      tariff_name: tariffName as StandardTariffName,
      months,
      calculated_price: total,
      email: email.bodyValue,
      recurent,
      ref_amount_used: referral.discount,
    });

  return (
    <div className="page pay-page" data-testid="tariff-pay">
      <h1>{t("title", { name: tariffName })}</h1>
      <section className="pay-block pay-summary">
        <div>
          <div className="pay-summary__name">{tariffName}</div>
          <div className="hint">{description}</div>
        </div>
        <div className="pay-summary__price">{tp("perMonth", { amount: formatRoubles(amount) })}</div>
      </section>
      <TariffChangeNotice tariffName={tariffName} />
      <PeriodPicker months={months} onChange={form.setMonths} />
      <AutoPayToggle checked={recurent} onChange={form.setRecurent} />
      <EmailField state={email} />
      <ReferralDiscount state={referral} />
      <Calculations
        lines={[
          { label: tp("pricePer30"), value: tp("rub", { amount: formatRoubles(amount) }) },
          { label: tp("perDay"), value: tp("rub", { amount: perDayCost(amount) }) },
          { label: tp("daysLine", { count: months * 30 }), value: tp("rub", { amount: formatRoubles(subtotal) }) },
          {
            label: tp("creditLine", { name: credit.from ?? "", days: credit.days }),
            deduct: form.creditUsed,
            testId: "calc-credit",
          },
          { label: tp("discountLine"), deduct: referral.discount, testId: "calc-discount" },
          { label: tp("total"), value: tp("rub", { amount: formatRoubles(total) }) },
        ]}
      />
      <Total amount={total} />
      {form.pendingUi}
      <PayActions
        blocker={form.blocker}
        pending={form.pending}
        onPay={pay}
        openDeferred={create.openDeferred}
        error={create.error}
      />
    </div>
  );
}
