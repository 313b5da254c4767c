"use client";
import { useParams } from "wouter";
import { useLocale, useTranslations } from "next-intl";
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
import type { CreateDataResponse } from "@/lib/contracts/tariff";
import { formatCount } from "@/lib/shared/format";
import { formatRoubles } from "@/components/payments/payment-form";
import { BUILDER_KINDS, customMonthlyPrice, customPerDay, type CustomValues } from "@/lib/shared/pricing/custom-tariff";
import { useCreateCustomTariffPayment } from "@/lib/queries/payments";
import { useCreateData } from "@/lib/queries/tariffs";
import { perKind, type QuotaKindEntry } from "@/lib/shared/quota-kinds";
import { CUSTOM_TARIFF } from "@/lib/shared/tariff-names";
import "@/components/payments/payments.css";
import "@/components/tariffs/tariffs.css";

type Params = Record<QuotaKindEntry["routeParam"] | "allprice", string>;

const whole = (raw: string | undefined): number | null => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

export default function CustomTariffPayScreen() {
  const p = useParams<Params>();
  const { data, isPending, isError } = useCreateData();
  const parsed = perKind("custom", (r) => whole(p[r.routeParam]));
  if (isPending) return <PageSpinner />;
  if (isError || !data || Object.values(parsed).some((v) => v === null))
    return <LoadFailure testId="custom-pay-error" />;
  return <CustomPayForm values={parsed as CustomValues} data={data} />;
}

function CustomPayForm({ values, data }: { values: CustomValues; data: CreateDataResponse }) {
  const t = useTranslations("CustomTariffPay");
  const locale = useLocale();
  const tp = useTranslations("Payment");
  const tk = useTranslations("CreateTariff");
  // The price of the composed limits, from the server's rates (the route's allprice is only the builder's view of it).
  const allprice = customMonthlyPrice(values, data.rates);
  const create = useCreateCustomTariffPayment();
  const credit = useChangeCredit(CUSTOM_TARIFF);
  const form = usePaymentForm({ price: allprice, autoPay: true, credit: credit.amount, create });
  const { months, recurent, email, referral, subtotal, total } = form;

  const pay = () =>
    form.pay({
      ...perKind("customField", (r) => values[r.custom]),
      selected_model_ids: data.models.map((m) => m.id),
      calculated_price: total,
      email: email.bodyValue,
      months,
      recurent,
      ref_amount_used: referral.discount,
    });

  return (
    <div className="page pay-page" data-testid="custom-tariff-pay">
      <h1>{t("title")}</h1>
      <div className="tariff-card tariff-card--style-3 custom-summary" data-testid="custom-summary">
        <div className="tariff-card__head">
          <h2 className="tariff-card__title">{CUSTOM_TARIFF}</h2>
          <div className="tariff-card__price">
            <strong data-testid="custom-per-day">{t("perDay", { amount: customPerDay(allprice) })}</strong>
            <span>{tp("perMonth", { amount: formatRoubles(allprice) })}</span>
          </div>
        </div>
        <ul className="tariff-card__kinds">
          {BUILDER_KINDS.map((kind) => (
            <li key={kind} className="kind-row">
              <span className="kind-row__text">
                <span className="kind-row__model">{tk(`kind.${kind}`)}</span>
              </span>
              <span className="tariff-card__balance" data-testid={`custom-value-${kind}`}>
                {formatCount(values[kind], locale)} <small className="kind-row__kind">{tk(`unit.${kind}`)}</small>
              </span>
            </li>
          ))}
        </ul>
        <p className="tariff-card__description custom-summary__models">{t("models", { count: data.models.length })}</p>
      </div>
      <EmailField state={email} />
      <ReferralDiscount state={referral} />
      <AutoPayToggle checked={recurent} onChange={form.setRecurent} />
      <TariffChangeNotice tariffName={CUSTOM_TARIFF} />
      <PeriodPicker months={months} onChange={form.setMonths} />
      <Calculations
        lines={[
          { label: tp("pricePer30"), value: tp("rub", { amount: formatRoubles(allprice) }) },
          { label: tp("perDay"), value: tp("rub", { amount: customPerDay(allprice) }) },
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
