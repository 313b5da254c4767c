"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useDownloadExport, type ExportName } from "@/lib/queries/admin/exports";
import { Alert } from "./ui/alert";
import { TextField } from "./ui/text-field";

const EXPORTS: readonly ExportName[] = ["payments", "ledger", "requests"];

/** The dashboard's CSV exports (owners and analysts): a date range, then one button per export. */
export function Exports() {
  const t = useTranslations("admin.exports");
  const download = useDownloadExport();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  return (
    <section data-testid="admin-exports" aria-labelledby="admin-exports-title">
      <h2 id="admin-exports-title">{t("title")}</h2>
      <p className="admin-hint">{t("lead")}</p>
      <div className="admin-form">
        <TextField label={t("from")} type="date" value={from} onChange={setFrom} testId="admin-export-from" />
        <TextField label={t("to")} type="date" value={to} onChange={setTo} testId="admin-export-to" />
        {EXPORTS.map((name) => (
          <button
            key={name}
            type="button"
            className="admin-button"
            disabled={download.isPending}
            onClick={() => download.mutate({ name, from, to })}
            data-testid={`admin-export-${name}`}
          >
            {t(name)}
          </button>
        ))}
      </div>
      <Alert message={download.error && t("failed", { message: download.error.message })} />
    </section>
  );
}
