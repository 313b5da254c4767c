"use client";
import { useTranslations } from "next-intl";
import { useUserTariff } from "@/lib/queries/user";
import { TariffPill } from "./tariff-pill";

/** The header's tariff badge with the user's tariff; loaded after the first paint (header.tsx). */
export default function HeaderTariff() {
  const t = useTranslations("Shell");
  const { data, isError } = useUserTariff();
  return <TariffPill name={isError ? t("error") : (data?.user_tariff ?? t("freeTariff"))} />;
}
