"use client";
import { useState } from "react";
import { useParams } from "wouter";
import { useTranslations } from "next-intl";
import { AutoPayToggle } from "@/components/payments/auto-pay-toggle";
import { Calculations, Total } from "@/components/payments/calculations";
import { EmailField, useEmailState } from "@/components/payments/email-field";
import { PayActions } from "@/components/payments/pay-actions";
import { usePendingPaymentGuard } from "@/components/payments/pending-payment-modal";
import { PeriodPicker } from "@/components/payments/period-picker";
import { ReferralDiscount, useReferralState } from "@/components/payments/referral-discount";
import { useTariffDescription } from "@/components/tariffs/use-tariff-description";
import { LoadFailure } from "@/components/ui/load-failure";
import { PageSpinner } from "@/components/ui/page-spinner";
import { formatRoubles, payBlocker } from "@/lib/payment-form";
import { DEFAULT_MONTHS, perDayCost, periodPrice, type Months } from "@/lib/pricing/periods";
import { useCreateTariffPayment } from "@/lib/queries/payments";
import { useStandardTariffs } from "@/lib/queries/tariffs";
import "@/components/payments/payments.css";

export default function TariffPayScreen() {
  const t = useTranslations("TariffPay");
  const tp = useTranslations("Payment");
  const { title = "" } = useParams<{ title: string }>();
  const tariffName = decodeURIComponent(title);
  const { data, isPending, isError } = useStandardTariffs();
  const tariff = data?.[tariffName];
  const description = useTariffDescription(tariffName, tariff?.description ?? "");

  const [months, setMonths] = useState<Months>(DEFAULT_MONTHS);
  const [recurent, setRecurent] = useState(false);
  const email = useEmailState();
  const amount = tariff?.amount ?? 0;
  const subtotal = periodPrice({ amountPer30Days: amount, months });
  const referral = useReferralState(subtotal);
  const total = periodPrice({ amountPer30Days: amount, months, referralDiscount: referral.discount });

  const create = useCreateTariffPayment();
  const { guard, checking, ui } = usePendingPaymentGuard();
  const blocker = payBlocker({
    hasTariff: Boolean(tariff),
    price: amount,
    months,
    emailError: email.error,
    referralEnabled: referral.enabled,
    referralError: referral.error,
  });

  if (isPending) return <PageSpinner />;
  if (isError) return <LoadFailure title={t("errorLoadingTariff")} />;
  if (!tariff) return <LoadFailure title={t("tariffUnavailable")} text={t("tariffUnavailableText", { name: tariffName })} />;

  const pay = () =>
    guard(() =>
      create.mutate({
        tariff_name: tariffName,
        months,
        calculated_price: total,
        email: email.bodyValue,
        recurent,
        ref_amount_used: referral.discount,
      }),
    );

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
      <PeriodPicker months={months} onChange={setMonths} />
      <AutoPayToggle checked={recurent} onChange={setRecurent} />
      <EmailField state={email} />
      <ReferralDiscount state={referral} />
      <Calculations
        lines={[
          { label: tp("pricePer30"), value: tp("rub", { amount: formatRoubles(amount) }) },
          { label: tp("perDay"), value: tp("rub", { amount: perDayCost(amount) }) },
          { label: tp("monthsLine", { count: months }), value: tp("rub", { amount: formatRoubles(subtotal) }) },
          { label: tp("discountLine"), value: `− ${tp("rub", { amount: formatRoubles(referral.discount) })}`, testId: "calc-discount" },
          { label: tp("total"), value: tp("rub", { amount: formatRoubles(total) }) },
        ]}
      />
      <Total amount={total} />
      {ui}
      <PayActions blocker={blocker} pending={checking || create.isPending} onPay={pay} openDeferred={create.openDeferred} error={create.error} />
    </div>
  );
}
