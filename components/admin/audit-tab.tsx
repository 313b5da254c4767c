"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { z } from "zod";
import type { adminAuditResponseSchema } from "@/lib/contracts/admin";
import { useAdminAudit } from "@/lib/queries/admin/audit";
import type { ConsoleScreenProps } from "./console-route";
import type { Column } from "./ui/data-table";
import { Pager } from "./ui/pager";
import { QueryTable } from "./ui/query-table";

type AuditRow = z.infer<typeof adminAuditResponseSchema>["items"][number];

const json = (value: unknown) => (value === null ? "—" : JSON.stringify(value));

function useAuditColumns(): Column<AuditRow>[] {
  const t = useTranslations("admin.audit");
  const format = useFormatter();
  return [
    { header: t("at"), cell: (row) => format.dateTime(new Date(row.at), { dateStyle: "short", timeStyle: "medium" }) },
    // Operator 0 is the app's own change (a channel it disabled or enabled: docs/decisions/0502-channels-disabled-and-probed.md).
    { header: t("operator"), cell: (row) => (row.operator_telegram_id === 0 ? t("theApp") : row.operator_telegram_id) },
    { header: t("action"), cell: (row) => row.action },
    { header: t("target"), cell: (row) => row.target },
    { header: t("change"), cell: (row) => `${json(row.before)} → ${json(row.after)}`, className: "admin-json" },
  ];
}

/** The audit log (GET /api/admin/audit), newest first, a page at a time ("#audit/<page>"). */
export default function AuditTab({ route }: ConsoleScreenProps) {
  const t = useTranslations("admin.audit");
  const page = Math.max(1, Number(route.rest) || 1);
  return (
    <section data-testid="admin-audit">
      <h1>{t("title")}</h1>
      <QueryTable
        query={useAdminAudit(page)}
        columns={useAuditColumns()}
        empty={t("empty")}
        rowKey={(row) => row.id}
        rowTestId="admin-audit-row"
        footer={(data) => <Pager href={(p) => `#audit/${p}`} page={page} hasMore={data.has_more} />}
      />
    </section>
  );
}
