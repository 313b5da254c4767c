"use client";
import { useTranslations } from "next-intl";
import { useLocation } from "wouter";
import { useLocale } from "@/components/shell/intl-provider";
import { Switch } from "@/components/ui/switch";
import { LOCALES, type Locale } from "@/lib/i18n/locale";
import { routes } from "@/lib/routes";
import { useRecurrentStatus, useSetRecurrent, useSetServerLanguage } from "@/lib/queries/settings";
import type { Notice } from "./use-notice";

/** Auto-payment toggle: off calls the server, on leads to the auto-payment page (docs/product/screens.md). */
export function AutoPayToggle({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const t = useTranslations("Account");
  const [, navigate] = useLocation();
  const { data } = useRecurrentStatus();
  const setRecurrent = useSetRecurrent();
  const change = (on: boolean) => {
    if (on) return navigate(routes.autoPay());
    setRecurrent.mutate(false, {
      onSuccess: () => onNotice({ kind: "success", key: "Account.autoPayOff" }),
      onError: () => onNotice({ kind: "error", key: "Account.autoPayError" }),
    });
  };
  return (
    <Switch
      label={t("autoPay")}
      checked={data?.is_recurrent ?? false}
      disabled={!data || setRecurrent.isPending}
      onChange={change}
      testId="autopay-toggle"
    />
  );
}

/** ru / en: switches every visible string at once, keeps it locally and on the server. */
export function LanguageToggle() {
  const t = useTranslations("Account");
  const { locale, setLocale } = useLocale();
  const saveOnServer = useSetServerLanguage();
  const choose = (next: Locale) => {
    if (next === locale) return;
    setLocale(next);
    saveOnServer.mutate(next);
  };
  return (
    <div className="account-language" role="group" aria-label={t("language")}>
      <span className="account-label">{t("language")}</span>
      <div className="account-row">
        {LOCALES.map((l) => (
          <button
            key={l}
            type="button"
            className={`button ${l === locale ? "" : "button--secondary"} account-language__option`}
            aria-pressed={l === locale}
            data-testid={`language-${l}`}
            onClick={() => choose(l)}
          >
            {l.toUpperCase()}
          </button>
        ))}
      </div>
    </div>
  );
}
