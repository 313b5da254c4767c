"use client";
import { useTranslations } from "next-intl";
import { useAdminAlerts, usePutAlert, type AlertSettingRow } from "@/lib/queries/admin/alerts";
import type { Column } from "./ui/data-table";
import { EditableTable } from "./ui/editable-table";
import type { Field } from "./ui/fields";

// The Operators screen's alerts section (docs/product/console.md "Alerts"), owners only: which of the
// bot's alerts the owners get, and the threshold of those that count.

export function AlertSettings() {
  const t = useTranslations("admin.alerts");
  const put = usePutAlert();
  const columns: Column<AlertSettingRow>[] = [
    { header: t("kind"), cell: (a) => t(`kinds.${a.kind}`) },
    { header: t("enabled"), cell: (a) => (a.enabled ? t("on") : t("off")) },
    { header: t("threshold"), cell: (a) => (a.threshold === null ? "—" : a.threshold) },
  ];
  const fields = (a: AlertSettingRow): Field[] => [
    { name: "enabled", label: t("enabled"), kind: "checkbox" },
    ...(a.threshold === null
      ? []
      : [
          {
            name: "threshold",
            label: t("threshold"),
            kind: "number",
            input: { type: "number", min: 1, required: true },
          } satisfies Field,
        ]),
  ];
  return (
    <>
      <EditableTable
        title={t("title")}
        query={useAdminAlerts()}
        columns={columns}
        testId="admin-alerts"
        nameOf={(a) => t(`kinds.${a.kind}`)}
        fields={fields}
        editTestId={(a) => `admin-alert-edit-${a.kind}`}
        onSave={(a, changed) => put.mutateAsync({ ...a, ...changed })}
      />
      <p className="admin-hint">{t("lead")}</p>
    </>
  );
}
