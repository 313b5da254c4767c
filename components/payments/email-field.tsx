"use client";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { Switch } from "@/components/ui/switch";
import { validateEmail, type EmailError } from "@/lib/shared/email";
import "./payments.css";

export const EMAIL_TOOLTIP_MS = 3000;

export type EmailState = {
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
  value: string;
  setValue: (value: string) => void;
  touched: boolean;
  setTouched: (touched: boolean) => void;
  error: EmailError | null;
  /** What the payment sends: the address when the option is on, otherwise nothing. */
  bodyValue: string | undefined;
};

export function useEmailState(initiallyEnabled = false): EmailState {
  const [enabled, setEnabled] = useState(initiallyEnabled);
  const [value, setValue] = useState("");
  const [touched, setTouched] = useState(false);
  const error = validateEmail({ enabled, value });
  return {
    enabled,
    setEnabled,
    value,
    setValue,
    touched,
    setTouched,
    error,
    bodyValue: enabled && !error ? value.trim() : undefined,
  };
}

/** Email for the receipt: a toggle, then the field; its error shows once the field was touched. */
export function EmailField({ state }: { state: EmailState }) {
  const t = useTranslations("Payment");
  const { enabled, value, error, touched } = state;
  // 'enter email' tooltip for 3 s whenever the option is on and the address is empty or invalid.
  const needsEmail = enabled && error !== null;
  const [tooltipExpired, setTooltipExpired] = useState(false);
  // Each time the address becomes needed the tooltip starts over (state adjusted while rendering).
  const [neededBefore, setNeededBefore] = useState(needsEmail);
  if (needsEmail !== neededBefore) {
    setNeededBefore(needsEmail);
    setTooltipExpired(false);
  }
  useEffect(() => {
    if (!needsEmail) return;
    const timer = setTimeout(() => setTooltipExpired(true), EMAIL_TOOLTIP_MS);
    return () => clearTimeout(timer);
  }, [needsEmail]);
  const tooltip = needsEmail && !tooltipExpired;

  return (
    <section className="pay-block" data-testid="email-block">
      <Switch checked={enabled} onChange={state.setEnabled} label={t("emailToggle")} testId="email-toggle" />
      {enabled && (
        <div className="pay-field">
          <input
            className={`pay-input${touched && error ? " pay-input--error" : ""}`}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={t("emailPlaceholder")}
            aria-label={t("email")}
            aria-invalid={touched && error ? true : undefined}
            data-testid="email-input"
            value={value}
            onChange={(e) => state.setValue(e.target.value)}
            onBlur={() => state.setTouched(true)}
          />
          {/* Once the error text shows, it says the same, so the tooltip steps aside. */}
          {tooltip && !(touched && error) && (
            <span className="pay-tooltip" role="status" data-testid="email-tooltip">
              {t("enterEmail")}
            </span>
          )}
          {touched && error && (
            <p className="pay-error" data-testid="email-error">
              {t(error)}
            </p>
          )}
        </div>
      )}
      {!enabled && <p className="hint pay-block__hint">{t("emailOffHint")}</p>}
    </section>
  );
}
