"use client";
import { useTranslations } from "next-intl";
import { PERIODS, type Months } from "@/lib/shared/pricing/periods";
import "./payments.css";

/** 30, 60 or 90 days, each in days (one unit throughout the payment screens). */
export function PeriodPicker({ months, onChange }: { months: Months; onChange: (months: Months) => void }) {
  const t = useTranslations("Payment");
  return (
    <section className="pay-block">
      <h2 className="pay-block__title">{t("period")}</h2>
      <div className="segmented" role="radiogroup" aria-label={t("period")}>
        {PERIODS.map((p) => (
          <button
            key={p.days}
            type="button"
            role="radio"
            aria-checked={months === p.months}
            className={`segmented__item${months === p.months ? " segmented__item--active" : ""}`}
            data-testid={`period-${p.days}`}
            onClick={() => onChange(p.months)}
          >
            {t("days", { count: p.days })}
          </button>
        ))}
      </div>
    </section>
  );
}
