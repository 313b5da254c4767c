"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { formatRoubles } from "./payment-form";
import "./payments.css";

// A deduction (a credit, a referral discount) is a line only when it takes something off.
type Line = { label: string; testId?: string } & ({ value: string } | { deduct: number });

/** The openable accordion of how the total was reached. */
export function Calculations({ lines }: { lines: Line[] }) {
  const t = useTranslations("Payment");
  const [open, setOpen] = useState(false);
  return (
    <section className="pay-block accordion">
      <button
        type="button"
        className="accordion__head"
        aria-expanded={open}
        data-testid="calculations-toggle"
        onClick={() => setOpen((v) => !v)}
      >
        <span>{t("calculations")}</span>
        <svg
          className={`accordion__chevron${open ? " accordion__chevron--open" : ""}`}
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      {open && (
        <dl className="accordion__body" data-testid="calculations">
          {lines
            .filter((line) => !("deduct" in line) || line.deduct > 0)
            .map((line) => (
              <div key={line.label} className="calc-line" data-testid={line.testId}>
                <dt>{line.label}</dt>
                <dd>{"deduct" in line ? `− ${t("rub", { amount: formatRoubles(line.deduct) })}` : line.value}</dd>
              </div>
            ))}
        </dl>
      )}
    </section>
  );
}

export function Total({ amount }: { amount: number }) {
  const t = useTranslations("Payment");
  return (
    <div className="pay-total">
      <span>{t("total")}</span>
      <strong data-testid="pay-total">{t("rub", { amount: formatRoubles(amount) })}</strong>
    </div>
  );
}
