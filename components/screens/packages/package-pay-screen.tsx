"use client";
import { useParams } from "wouter";
import { useLocale, useTranslations } from "next-intl";
import { formatCount } from "@/lib/shared/format";
import { QUOTA_KIND_TABLE } from "@/lib/shared/quota-kinds";
import { PackageArt, usePackageTexts } from "@/components/packages/package-card";
import { Calculations, Total } from "@/components/payments/calculations";
import { EmailField } from "@/components/payments/email-field";
import { PayActions } from "@/components/payments/pay-actions";
import { ReferralDiscount } from "@/components/payments/referral-discount";
import { usePaymentForm } from "@/components/payments/use-payment-form";
import { LoadFailure } from "@/components/ui/load-failure";
import { PageSpinner } from "@/components/ui/page-spinner";
import type { PackageItem } from "@/lib/contracts/package";
import { formatRoubles } from "@/components/payments/payment-form";
import { useCreatePackagePayment } from "@/lib/queries/payments";
import { usePackages } from "@/lib/queries/packages";
import "@/components/packages/packages.css";
import "@/components/payments/payments.css";

export default function PackagePayScreen() {
  const t = useTranslations("PackagePay");
  const { packageId = "" } = useParams<{ packageId: string }>();
  const { data, isPending, isError } = usePackages();
  const pkg = data?.find((p) => String(p.package_id) === packageId);

  if (isPending) return <PageSpinner />;
  if (isError) return <LoadFailure />;
  if (!pkg) return <LoadFailure title={t("notFound")} />;
  return <PackagePayForm pkg={pkg} />;
}

function PackagePayForm({ pkg }: { pkg: PackageItem }) {
  const t = useTranslations("PackagePay");
  const tp = useTranslations("Payment");
  const tl = useTranslations("Limits");
  const locale = useLocale();
  const texts = usePackageTexts(pkg);
  const create = useCreatePackagePayment();
  // A package is one purchase: the same rule as one month of a tariff.
  const form = usePaymentForm({ price: pkg.price, create });
  const { email, referral, total } = form;
  // The refill package says what it restores, and is not sold when that is nothing (the server refuses it too).
  const restores = pkg.restores ? QUOTA_KIND_TABLE.filter((r) => pkg.restores![r.apiKey] > 0) : null;
  const blocker = restores?.length === 0 ? "nothingToRestore" : form.blocker;

  const pay = () =>
    form.pay({ package_id: pkg.package_id, email: email.bodyValue, ref_amount_used: referral.discount });

  return (
    <div className="page pay-page" data-testid="package-pay">
      <h1>{t("title")}</h1>
      <section className="pay-block package-summary">
        <PackageArt pkg={pkg} />
        <div className="package-summary__text">
          <div className="pay-summary__name" data-testid="package-name">
            {texts.name}
          </div>
          {texts.small && <div className="hint">{texts.small}</div>}
          {texts.models && <div className="hint">{texts.models}</div>}
        </div>
        <div className="pay-summary__price">{tp("rub", { amount: formatRoubles(pkg.price) })}</div>
      </section>
      {restores && (
        <section className="pay-block" data-testid="refill-restores">
          {restores.length === 0 ? (
            <p className="hint">{t("restoresNothing")}</p>
          ) : (
            <>
              <p className="hint">{t("restores")}</p>
              <ul className="refill-restores">
                {restores.map((r) => (
                  <li key={r.kind}>
                    {tl(`kind.${r.kind}`)}: +{formatCount(pkg.restores![r.apiKey], locale)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
      <EmailField state={email} />
      <ReferralDiscount state={referral} />
      <Calculations
        lines={[
          { label: t("price"), value: tp("rub", { amount: formatRoubles(pkg.price) }) },
          { label: tp("discountLine"), deduct: referral.discount, testId: "calc-discount" },
          { label: tp("total"), value: tp("rub", { amount: formatRoubles(total) }) },
        ]}
      />
      <Total amount={total} />
      {form.pendingUi}
      <PayActions
        blocker={blocker}
        pending={form.pending}
        onPay={pay}
        openDeferred={create.openDeferred}
        error={create.error}
      />
    </div>
  );
}
