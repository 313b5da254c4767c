"use client";
import { Link } from "wouter";
import { useTranslations } from "next-intl";
import { Switch } from "@/components/ui/switch";
import { routes } from "@/lib/routes";
import "./payments.css";

export function AutoPayToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useTranslations("Payment");
  return (
    <section className="pay-block">
      <Switch checked={checked} onChange={onChange} label={t("autoPay")} testId="autopay-toggle" />
      <p className="hint pay-block__hint">
        {t(checked ? "autoPayHintOn" : "autoPayHintOff")}{" "}
        <Link href={routes.autoPay()} data-testid="autopay-more">
          {t("autoPayMore")}
        </Link>
      </p>
    </section>
  );
}
