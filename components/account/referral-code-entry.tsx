"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { ApiRequestError } from "@/lib/client/api-client";
import { useActivateReferralCode, useCheckReferralCode } from "@/lib/queries/referral";
import { canActivate, isCheckableCode, referralEntryState } from "./referral-entry";
import type { Notice } from "./use-notice";

const CHECK_DELAY_MS = 400;

/** The code box shown while the caller may still apply someone's code (can_apply). */
export function ReferralCodeEntry({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const t = useTranslations("Account");
  const [code, setCode] = useState("");
  const [debounced, setDebounced] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(code.trim()), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [code]);
  const settled = debounced === code.trim();
  const check = useCheckReferralCode(debounced, isCheckableCode(debounced));
  const activate = useActivateReferralCode();
  const state = referralEntryState({
    code,
    checking: !settled || check.isFetching,
    failed: check.isError,
    canUse: check.data?.can_use,
  });

  const submit = () =>
    activate.mutate(code.trim(), {
      onSuccess: () => {
        setCode("");
        onNotice({ kind: "success", key: "ReferralCode.activated" });
      },
      onError: (error) =>
        onNotice(
          error instanceof ApiRequestError && error.message
            ? { kind: "error", text: error.message }
            : { kind: "error", key: "Account.activationFailed" },
        ),
    });

  const hint: Record<typeof state, string | null> = {
    empty: null,
    tooShort: t("referralCodeTooShort"),
    tooLong: t("referralCodeTooLong"),
    checking: t("referralCodeChecking"),
    checkError: t("referralCodeCheckError"),
    valid: check.data?.message ?? null,
    invalid: check.data?.message ?? null,
  };

  return (
    <div className="account-code-entry" data-testid="referral-entry">
      <label className="account-label" htmlFor="referral-code">
        {t("enterCode")}
      </label>
      <div className="account-row">
        <input
          id="referral-code"
          className="account-input"
          value={code}
          maxLength={60}
          placeholder={t("codePlaceholder")}
          autoComplete="off"
          data-testid="referral-code-input"
          onChange={(e) => setCode(e.target.value)}
        />
        <button
          type="button"
          className="button"
          disabled={!canActivate(state, activate.isPending)}
          data-testid="referral-activate"
          onClick={submit}
        >
          {t("activate")}
        </button>
      </div>
      {hint[state] && (
        <p className={`account-hint account-hint--${state}`} data-testid={`referral-state-${state}`}>
          {hint[state]}
        </p>
      )}
    </div>
  );
}
