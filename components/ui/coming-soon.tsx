"use client";
import { Link } from "wouter";
import { useTranslations } from "next-intl";
import { routes } from "@/lib/routes";

export function ComingSoon() {
  const t = useTranslations("Shell");
  return (
    <div className="page coming-soon" data-testid="coming-soon">
      <h1>{t("comingSoonTitle")}</h1>
      <p>{t("comingSoonText")}</p>
      <Link href={routes.home()} className="button">
        {t("toMainPage")}
      </Link>
    </div>
  );
}
