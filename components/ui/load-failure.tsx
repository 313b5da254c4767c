"use client";
import { useTranslations } from "next-intl";

/** A screen whose data could not be loaded: a message and a back button (docs/product/errors.md). */
export function LoadFailure({
  title,
  text,
  testId = "load-failure",
}: {
  title?: string;
  text?: string;
  testId?: string;
}) {
  const t = useTranslations("Shell");
  return (
    <div className="page error-page" data-testid={testId}>
      <div className="load-failure__icon" aria-hidden>
        😕
      </div>
      <h1>{title ?? t("oops")}</h1>
      <p className="hint">{text ?? t("loadError")}</p>
      <button
        type="button"
        className="button button--secondary"
        data-testid="load-failure-back"
        onClick={() => window.history.back()}
      >
        {t("back")}
      </button>
    </div>
  );
}
