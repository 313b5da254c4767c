"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import {
  useAdminPromoCodes,
  useCreatePromoCode,
  type AdminPromo,
  type PromoCreateBody,
} from "@/lib/queries/admin/promo-codes";
import { QUOTA_KEYS, type QuotaKey } from "@/lib/shared/quota-kinds";
import type { Column } from "./ui/data-table";
import { EditSection, type FormValues } from "./ui/edit-section";
import type { Field } from "./ui/fields";
import { QueryTable } from "./ui/query-table";
import { useConsoleFormat } from "./ui/use-console-format";
import "./money-screens.css";

const GRANTS = ["units", "days", "roubles"] as const;

function usePromoFields(): Field[] {
  const t = useTranslations("admin.promo");
  const kinds = useTranslations("admin.kinds");
  return [
    { name: "code", label: t("code"), kind: "text", input: { required: true, maxLength: 40 } },
    {
      name: "grant",
      label: t("grant"),
      kind: "select",
      options: GRANTS.map((g) => ({ value: g, label: t(`grants.${g}`) })),
    },
    {
      name: "quota_key",
      label: t("quotaKey"),
      kind: "select",
      options: [{ value: "", label: "" }, ...QUOTA_KEYS.map((key) => ({ value: key, label: kinds(key) }))],
    },
    { name: "tariff_name", label: t("tariffName"), kind: "select", options: ["", "Starter", "Neuro Basic"] },
    { name: "amount", label: t("amount"), kind: "number", input: { step: "any", required: true } },
    { name: "max_redemptions", label: t("maxRedemptions"), kind: "number", input: { required: true } },
    { name: "valid_until", label: t("validUntil"), kind: "text", input: { type: "date", required: true } },
  ];
}

function usePromoColumns(): Column<AdminPromo>[] {
  const t = useTranslations("admin.promo");
  const kinds = useTranslations("admin.kinds");
  const { when, rub } = useConsoleFormat();
  return [
    { header: t("code"), cell: (c) => <strong>{c.code}</strong> },
    {
      header: t("grant"),
      cell: (c) =>
        c.grant === "roubles"
          ? rub(c.amount)
          : c.grant === "days"
            ? t("daysOf", { days: c.amount, tariff: c.tariff_name ?? "" })
            : t("unitsOf", { units: c.amount, kind: c.quota_key ? kinds(c.quota_key as QuotaKey) : "" }),
    },
    { header: t("redemptions"), cell: (c) => `${c.redemptions} / ${c.max_redemptions}` },
    { header: t("validUntil"), cell: (c) => when(c.valid_until) },
    {
      header: t("redeemedBy"),
      cell: (c) =>
        c.redeemed_by.length === 0 ? "—" : c.redeemed_by.map((r) => `${r.user_name || r.telegram_id}`).join(", "),
    },
  ];
}

/** The form's values as the call's body: empty choices left out, the date as the end of that day (UTC). */
function toBody(values: FormValues): PromoCreateBody {
  const { quota_key, tariff_name, valid_until, ...rest } = values;
  return {
    ...(rest as Omit<PromoCreateBody, "valid_until">),
    ...(quota_key ? { quota_key: quota_key as PromoCreateBody["quota_key"] } : {}),
    ...(tariff_name ? { tariff_name: String(tariff_name) } : {}),
    valid_until: `${String(valid_until)}T23:59:59Z`,
  };
}

/** Promo codes (docs/product/console.md "Promo codes"): create one, and every code with its redemptions. */
export default function PromoCodesTab() {
  const t = useTranslations("admin.promo");
  const [round, setRound] = useState(0);
  const create = useCreatePromoCode();
  return (
    <section data-testid="admin-promo">
      <h1>{t("title")}</h1>
      <EditSection
        key={round}
        title={t("new")}
        creating
        fields={usePromoFields()}
        initial={{ grant: "units", quota_key: "text_tokens", max_redemptions: 100 }}
        submitLabel={t("create")}
        onSubmit={(values) => create.mutateAsync(toBody(values))}
        onDone={() => setRound(round + 1)}
        testId="admin-promo"
      />
      <QueryTable
        query={useAdminPromoCodes()}
        columns={usePromoColumns()}
        empty={t("empty")}
        rowKey={(c) => String(c.id)}
        rowTestId="promo-row"
      />
    </section>
  );
}
