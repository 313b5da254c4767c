"use client";
import { useParams } from "wouter";
import { useTranslations } from "next-intl";
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
  const texts = usePackageTexts(pkg);
  const create = useCreatePackagePayment();
  // A package is one purchase: the same rule as one month of a tariff.
  const form = usePaymentForm({ price: pkg.price, create });
  const { email, referral, total } = form;

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
      <EmailField state={email} />
      <ReferralDiscount state={referral} />
      <Calculations
        lines={[
          { label: t("price"), value: tp("rub", { amount: formatRoubles(pkg.price) }) },
          { label: tp("discountLine"), value: `− ${tp("rub", { amount: formatRoubles(referral.discount) })}` },
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
