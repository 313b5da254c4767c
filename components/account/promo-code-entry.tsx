"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useRedeemPromoCode } from "@/lib/queries/promo";
import type { Notice } from "./use-notice";

/** The account's promo code box: the server's message (in the user's language) says how it went. */
export function PromoCodeEntry({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const t = useTranslations("Promo");
  const [code, setCode] = useState("");
  const redeem = useRedeemPromoCode();
  const submit = () =>
    redeem.mutate(code.trim(), {
      onSuccess: (answer) => {
        if (answer.success) setCode("");
        onNotice({ kind: answer.success ? "success" : "error", text: answer.message });
      },
      onError: () => onNotice({ kind: "error", key: "Account.activationFailed" }),
    });
  return (
    <section className="pay-block account-section" data-testid="promo-entry">
      <h2 className="pay-block__title">{t("title")}</h2>
      <div className="account-row">
        <input
          className="account-input"
          value={code}
          maxLength={40}
          placeholder={t("placeholder")}
          autoComplete="off"
          aria-label={t("title")}
          data-testid="promo-code-input"
          onChange={(e) => setCode(e.target.value)}
        />
        <button
          type="button"
          className="button"
          disabled={!code.trim() || redeem.isPending}
          data-testid="promo-redeem"
          onClick={submit}
        >
          {t("redeem")}
        </button>
      </div>
    </section>
  );
}
