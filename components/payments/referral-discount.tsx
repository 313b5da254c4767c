"use client";
import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Switch } from "@/components/ui/switch";
import { appliedDiscount, formatRoubles } from "./payment-form";
import {
  REFERRAL_MIN_AMOUNT,
  maxReferralDiscount,
  validateReferralAmount,
  type ReferralAmountError,
} from "@/lib/shared/pricing/referral-discount";
import { decimalSeparator } from "@/lib/shared/format";
import { useReferralBalance } from "@/lib/queries/referral";
import "./payments.css";

export type ReferralState = {
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
  input: string;
  setInput: (input: string) => void;
  balance: number;
  /** The balance could not be loaded: the screen says so instead of showing 0 ₽. */
  failed: boolean;
  max: number;
  error: ReferralAmountError | null;
  /** Roubles taken off the price (0 when off or invalid). */
  discount: number;
};

const AMOUNT_CHARS = /^\d*(\.\d{0,2})?$/;

/** The referral discount for a payment of `price` (before the discount). */
export function useReferralState(price: number): ReferralState {
  const { data, isError } = useReferralBalance();
  const balance = data?.ref_balance ?? 0;
  const [enabled, setEnabledState] = useState(false);
  const [input, setInputState] = useState("0");
  const error = validateReferralAmount({ input, balance, price });
  const setEnabled = (next: boolean) => {
    setEnabledState(next);
    // Turning the discount off resets the amount (docs/product/billing.md).
    if (!next) setInputState("0");
  };
  // Only digits with an optional decimal point can be typed.
  const setInput = (next: string) => AMOUNT_CHARS.test(next) && setInputState(next);
  return {
    enabled: enabled && balance > 0,
    setEnabled,
    input,
    setInput,
    balance,
    failed: isError,
    max: maxReferralDiscount({ balance, price }),
    error,
    discount: appliedDiscount({ enabled: enabled && balance > 0, input, error }),
  };
}

export function ReferralDiscount({ state }: { state: ReferralState }) {
  const t = useTranslations("Payment");
  const locale = useLocale();
  const { enabled, balance, failed, max, error } = state;
  const message =
    error && error !== "invalidFormat"
      ? t(error, { min: REFERRAL_MIN_AMOUNT, max: formatRoubles(max) })
      : error
        ? t("invalidFormat")
        : null;
  return (
    <section className="pay-block" data-testid="referral-block">
      <Switch
        checked={enabled}
        onChange={state.setEnabled}
        label={t("referralTitle")}
        disabled={balance <= 0}
        testId="referral-toggle"
      />
      {failed ? (
        <p className="pay-error" role="alert" data-testid="referral-balance-error">
          {t("referralBalanceError")}
        </p>
      ) : (
        <p className="hint pay-block__hint">
          {balance > 0 ? t("referralBalance", { amount: formatRoubles(balance) }) : t("noBalance")}
        </p>
      )}
      {enabled && (
        <div className="pay-field">
          <div className="pay-row">
            <input
              className={`pay-input${error ? " pay-input--error" : ""}`}
              inputMode="decimal"
              aria-label={t("referralAmount")}
              data-testid="referral-input"
              // Kept with a point, shown with the locale's separator; either separator can be typed.
              value={state.input.replace(".", decimalSeparator(locale))}
              onChange={(e) => state.setInput(e.target.value.replace(",", "."))}
            />
            <button
              type="button"
              className="button button--secondary"
              data-testid="referral-all"
              onClick={() => state.setInput(formatRoubles(max))}
            >
              {t("referralAll")}
            </button>
          </div>
          <p className="hint" data-testid="referral-limits">
            {t("referralLimits", { min: REFERRAL_MIN_AMOUNT, max: formatRoubles(max) })}
          </p>
          {message && (
            <p className="pay-error" data-testid="referral-error">
              {message}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
