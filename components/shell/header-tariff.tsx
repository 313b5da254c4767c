"use client";
import { useTranslations } from "next-intl";
import { useUserTariff } from "@/lib/queries/user";
import { TariffPill } from "./tariff-pill";
import { snapshotTariffName } from "./snapshot-tariff";

/** The header's tariff badge with the user's tariff; loaded after the first paint (header.tsx). */
export default function HeaderTariff() {
  const t = useTranslations("Shell");
  const { data, isError } = useUserTariff();
  // While the call runs, the tariff last seen on this device, as the placeholder showed it.
  const name = data ? (data.user_tariff ?? t("freeTariff")) : snapshotTariffName(t("freeTariff"));
  return <TariffPill name={isError ? t("error") : name} />;
}
