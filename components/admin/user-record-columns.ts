"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { AdminUser } from "@/lib/contracts/admin-users";
import type { QuotaKey } from "@/lib/shared/quota-kinds";
import type { Column } from "./ui/data-table";
import { useConsoleFormat } from "./ui/use-console-format";

/** The columns of a user's balances, payments and ledger. */
export function useRecordColumns(record: AdminUser) {
  const t = useTranslations("admin.users");
  const tk = useTranslations("admin.kinds");
  // Every stored value a row shows goes through a message (tests/unit/raw-values.test.ts).
  const tv = useTranslations("admin.values") as (key: string) => string;
  const { when, rub, number } = useConsoleFormat();
  const format = useFormatter();
  const balances: Column<QuotaKey>[] = [
    { header: t("kind"), cell: (kind) => tk(kind) },
    { header: t("allowance"), cell: (kind) => number(record.balances[kind].allowance) },
    {
      header: t("packageUnits"),
      cell: (kind) => number(record.balances[kind].package_units),
      testId: (kind) => `admin-package-${kind}`,
    },
  ];
  const payments: Column<AdminUser["payments"][number]>[] = [
    { header: t("when"), cell: (p) => when(p.created_at) },
    { header: t("kind"), cell: (p) => tv(`paymentKinds.${p.kind}`) },
    { header: t("status"), cell: (p) => tv(`paymentStatuses.${p.status}`) },
    { header: t("provider"), cell: (p) => tv(`providers.${p.provider}`) },
    { header: t("amount"), cell: (p) => rub(p.amount_rub) },
  ];
  const ledger: Column<AdminUser["ledger"][number]>[] = [
    { header: t("when"), cell: (l) => when(l.created_at) },
    { header: t("kind"), cell: (l) => tk(l.kind) },
    { header: t("units"), cell: (l) => format.number(l.units, { signDisplay: "always" }) },
    { header: t("balanceAfter"), cell: (l) => number(l.balance_after) },
    {
      header: t("reason"),
      cell: (l) =>
        l.model_name ? `${tv(`ledgerReasons.${l.reason}`)} · ${l.model_name}` : tv(`ledgerReasons.${l.reason}`),
    },
  ];
  return { balances, payments, ledger };
}
