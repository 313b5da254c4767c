"use client";
import { useTranslations } from "next-intl";

export function StartupFailure({ reason }: { reason: string }) {
  const t = useTranslations("Startup");
  return (
    <div className="page startup-failure" role="alert" data-testid="startup-failure">
      <img src="/logo.svg" alt="" width={64} height={64} />
      <h1>{t("title")}</h1>
      <p>{t("tooOld")}</p>
      <p className="hint">{reason}</p>
    </div>
  );
}
