"use client";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { REQUEST_STATUSES, type adminRequestSchema } from "@/lib/contracts/admin-exports";
import { useAdminRequests } from "@/lib/queries/admin/requests";
import type { ConsoleScreenProps } from "./console-route";
import { Choice } from "./ui/choice";
import type { Column } from "./ui/data-table";
import { Pager } from "./ui/pager";
import { QueryTable } from "./ui/query-table";
import { TextField } from "./ui/text-field";
import { useConsoleFormat } from "./ui/use-console-format";

// The request log (docs/product/console.md "Request log"): one row per provider call, filtered by
// user, model, channel, status and dates; the filters and page live in the hash
// ("#requests/user_id=5&status=failed&page=2"), so a user's page links straight to their calls.

type RequestRow = z.infer<typeof adminRequestSchema>;

const FILTERS = ["user_id", "model_name", "channel_id", "status", "from", "to"] as const;

function useRequestColumns(): Column<RequestRow>[] {
  const t = useTranslations("admin.requests");
  const { when } = useConsoleFormat();
  return [
    { header: t("at"), cell: (r) => when(r.created_at) },
    { header: t("user"), cell: (r) => (r.user_id ? <a href={`#users/${r.user_id}`}>{r.user_id}</a> : "—") },
    { header: t("session"), cell: (r) => r.session_id ?? "—" },
    {
      header: t("model"),
      cell: (r) => (
        <>
          {r.display_name} <span className="admin-hint">{r.model_name}</span>
        </>
      ),
    },
    { header: t("channel"), cell: (r) => r.channel_id ?? "—" },
    { header: t("action"), cell: (r) => r.action },
    { header: t("tokens"), cell: (r) => `${r.tokens_in} / ${r.tokens_out}` },
    { header: t("units"), cell: (r) => r.units },
    { header: t("latency"), cell: (r) => r.latency_ms },
    { header: t("status"), cell: (r) => (r.error ? `${r.status} · ${r.error}` : r.status) },
    { header: t("cost"), cell: (r) => r.cost_rub },
  ];
}

function FilterForm({
  filters,
  onApply,
}: {
  filters: Record<string, string>;
  onApply: (f: Record<string, string>) => void;
}) {
  const t = useTranslations("admin.requests");
  const [draft, setDraft] = useState(filters);
  const set = (name: string) => (value: string) => setDraft((d) => ({ ...d, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const statuses = [{ value: "", label: t("anyStatus") }, ...REQUEST_STATUSES.map((s) => ({ value: s, label: s }))];
  return (
    <form className="admin-form" role="search" onSubmit={submit} data-testid="admin-requests-filters">
      <TextField
        label={t("user")}
        value={draft.user_id ?? ""}
        onChange={set("user_id")}
        inputMode="numeric"
        testId="admin-requests-user"
      />
      <TextField
        label={t("model")}
        value={draft.model_name ?? ""}
        onChange={set("model_name")}
        testId="admin-requests-model"
      />
      <TextField
        label={t("channel")}
        value={draft.channel_id ?? ""}
        onChange={set("channel_id")}
        inputMode="numeric"
        testId="admin-requests-channel"
      />
      <Choice
        label={t("status")}
        value={draft.status ?? ""}
        options={statuses}
        onChange={set("status")}
        className="admin-field"
        testId="admin-requests-status"
      />
      <TextField
        label={t("from")}
        type="date"
        value={draft.from ?? ""}
        onChange={set("from")}
        testId="admin-requests-from"
      />
      <TextField label={t("to")} type="date" value={draft.to ?? ""} onChange={set("to")} testId="admin-requests-to" />
      <button type="submit" className="admin-button">
        {t("apply")}
      </button>
    </form>
  );
}

export default function RequestsTab({ route }: ConsoleScreenProps) {
  const t = useTranslations("admin.requests");
  const params = new URLSearchParams(route.rest);
  const filters = Object.fromEntries(FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
  const page = Math.max(1, Number(params.get("page")) || 1);
  const hrefOf = (f: Record<string, string>, p = 1) =>
    `#requests/${new URLSearchParams({ ...Object.fromEntries(Object.entries(f).filter(([, v]) => v)), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <section data-testid="admin-requests">
      <h1>{t("title")}</h1>
      <p className="admin-hint">{t("lead")}</p>
      <FilterForm key={route.rest} filters={filters} onApply={(f) => (window.location.hash = hrefOf(f))} />
      <QueryTable
        query={useAdminRequests({ ...filters, page: String(page) })}
        columns={useRequestColumns()}
        empty={t("empty")}
        rowKey={(r) => r.id}
        rowTestId="admin-request-row"
        footer={(data) => <Pager href={(p) => hrefOf(filters, p)} page={page} hasMore={data.has_more} />}
      />
    </section>
  );
}
