"use client";
import { useTranslations } from "next-intl";
import { shareLink } from "@/lib/client/telegram";
import { useMyReferralCode } from "@/lib/queries/referral";
import { CopyButton } from "./copy-button";

/** The caller's own code and link, with copy buttons and the host's share sheet. */
export function ReferralShare() {
  const t = useTranslations("Account");
  const { data, isError } = useMyReferralCode();
  if (isError) return <p className="account-hint account-hint--invalid">{t("codeLoadError")}</p>;
  if (!data) return null;
  return (
    <div className="account-share" data-testid="referral-share">
      <div className="account-field">
        <span className="account-label">{t("yourCode")}</span>
        <div className="account-row">
          <code className="account-value" data-testid="referral-own-code">
            {data.referral_code}
          </code>
          <CopyButton text={data.referral_code} testId="copy-code" />
        </div>
      </div>
      <div className="account-field">
        <span className="account-label">{t("yourLink")}</span>
        <div className="account-row">
          <code className="account-value account-value--link" data-testid="referral-link">
            {data.telegram_link}
          </code>
          <CopyButton text={data.telegram_link} testId="copy-link" />
        </div>
      </div>
      <button type="button" className="button button--secondary button--block" data-testid="share-link" onClick={() => shareLink(data.telegram_link, t("shareText"))}>
        {t("share")}
      </button>
    </div>
  );
}
