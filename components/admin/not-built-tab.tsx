"use client";
import { useTranslations } from "next-intl";

/** The place of a console screen another change will build. */
export default function NotBuiltTab() {
  const t = useTranslations("admin");
  return <p className="admin-hint">{t("notBuilt")}</p>;
}
