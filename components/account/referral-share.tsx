"use client";
import { useTranslations } from "next-intl";
import { shareLink } from "@/lib/client/host";
import { useMyReferralCode } from "@/lib/queries/referral";
import { CopyButton } from "./copy-button";

function CopyField({
  label,
  value,
  valueTestId,
  copyTestId,
}: {
  label: string;
  value: string;
  valueTestId: string;
  copyTestId: string;
}) {
  return (
    <div className="account-field">
      <span className="account-label">{label}</span>
      <div className="account-row">
        <code className="account-value" data-testid={valueTestId}>
          {value}
        </code>
        <CopyButton text={value} testId={copyTestId} />
      </div>
    </div>
  );
}

/** The caller's own code and link, with copy buttons and the host's share sheet. */
export function ReferralShare() {
  const t = useTranslations("Account");
  const { data, isError } = useMyReferralCode();
  if (isError) return <p className="account-hint account-hint--invalid">{t("codeLoadError")}</p>;
  if (!data) return null;
  return (
    <div className="account-share" data-testid="referral-share">
      <CopyField
        label={t("yourCode")}
        value={data.referral_code}
        valueTestId="referral-own-code"
        copyTestId="copy-code"
      />
      <CopyField label={t("yourLink")} value={data.telegram_link} valueTestId="referral-link" copyTestId="copy-link" />
      <button
        type="button"
        className="button button--secondary button--block"
        data-testid="share-link"
        onClick={() => shareLink(data.telegram_link, t("shareText"))}
      >
        {t("share")}
      </button>
    </div>
  );
}
