"use client";
import { useEffect } from "react";
import { useTranslations } from "next-intl";

export function StartupFailure({ reason }: { reason: string }) {
  const t = useTranslations("Startup");
  // The SDK's English developer message is for the console, not under the person's own language.
  useEffect(() => console.error("Start-up failed:", reason), [reason]);
  return (
    <div className="page startup-failure" role="alert" data-testid="startup-failure">
      <img src="/logo.svg" alt="" width={64} height={64} />
      <h1>{t("title")}</h1>
      <p>{t("tooOld")}</p>
    </div>
  );
}
