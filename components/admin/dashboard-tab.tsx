"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { AdminStats } from "@/lib/contracts/admin-catalogue";
import { useAdminStats } from "@/lib/queries/admin/stats";
import { QUOTA_KEYS } from "@/lib/shared/quota-kinds";
import { QueryState } from "./query-state";
import type { ConsoleScreenProps } from "./console-route";
import { DashboardCharts, useDashboardMoney } from "./dashboard-charts";
import { Exports } from "./exports";
import { DataTable } from "./ui/data-table";
import { Facts } from "./ui/facts";

const PERIODS = [7, 30, 90] as const;

/** The business at a glance ("#dashboard/<days>"): totals, revenue and active users per day, spend per model. */
export default function DashboardTab({ route }: ConsoleScreenProps) {
  const t = useTranslations("admin.dashboard");
  const days = PERIODS.find((p) => String(p) === route.rest) ?? 30;
  const query = useAdminStats(days);
  return (
    <section data-testid="admin-dashboard">
      <h1>{t("title")}</h1>
      <nav className="admin-subnav" aria-label={t("period")}>
        {PERIODS.map((p) => (
          <a key={p} href={`#dashboard/${p}`} aria-current={p === days ? "page" : undefined}>
            {t("days", { count: p })}
          </a>
        ))}
      </nav>
      <QueryState query={query}>
        {(stats) => (
          <>
            <Totals stats={stats} />
            <DashboardCharts stats={stats} />
            <ModelsTable stats={stats} />
            <ChannelsTable stats={stats} />
          </>
        )}
      </QueryState>
      <Exports />
    </section>
  );
}

function Totals({ stats }: { stats: AdminStats }) {
  const t = useTranslations("admin.dashboard");
  const format = useFormatter();
  const { rub, usd } = useDashboardMoney();
  return (
    <>
      <Facts
        tiles
        facts={[
          { label: t("revenue"), value: rub(stats.revenue_rub) },
          { label: t("costRub"), value: rub(stats.cost_rub) },
          { label: t("margin"), value: rub(stats.margin_rub) },
          { label: t("payments"), value: format.number(stats.payments) },
          { label: t("payingUsers"), value: format.number(stats.paying_users) },
          { label: t("newUsers"), value: format.number(stats.new_users) },
          { label: t("activeUsers"), value: format.number(stats.active_users) },
          { label: t("providerCost"), value: usd(stats.by_model.reduce((sum, m) => sum + m.provider_cost_usd, 0)) },
        ]}
      />
      <h2>{t("unitsSpent")}</h2>
      <p className="admin-hint">
        {QUOTA_KEYS.map((k) => `${t(`kinds.${k}`)}: ${format.number(stats.units_spent[k])}`).join(" · ")}
      </p>
    </>
  );
}

function ModelsTable({ stats }: { stats: AdminStats }) {
  const t = useTranslations("admin.dashboard");
  const format = useFormatter();
  const { rub, usd } = useDashboardMoney();
  return (
    <DataTable
      rows={stats.by_model}
      rowKey={(m) => m.model_name}
      testId="dashboard-models"
      columns={[
        {
          header: t("model"),
          cell: (m) => (
            <>
              {m.display_name} <span className="admin-hint">{m.model_name}</span>
            </>
          ),
        },
        { header: t("turns"), cell: (m) => format.number(m.turns) },
        { header: t("units"), cell: (m) => format.number(m.units) },
        { header: t("providerCost"), cell: (m) => usd(m.provider_cost_usd) },
        { header: t("revenueShare"), cell: (m) => rub(m.revenue_rub) },
        { header: t("costRub"), cell: (m) => rub(m.cost_rub) },
        { header: t("margin"), cell: (m) => rub(m.margin_rub) },
      ]}
    />
  );
}

function ChannelsTable({ stats }: { stats: AdminStats }) {
  const t = useTranslations("admin.dashboard");
  const format = useFormatter();
  const { rub } = useDashboardMoney();
  return (
    <>
      <h2>{t("perChannel")}</h2>
      <DataTable
        rows={stats.by_channel}
        rowKey={(c) => c.channel_id ?? "default"}
        testId="dashboard-channels"
        empty={t("noRequests")}
        columns={[
          {
            header: t("channel"),
            cell: (c) => c.name ?? (c.channel_id === null ? t("defaultChannel") : `#${c.channel_id}`),
          },
          { header: t("requests"), cell: (c) => format.number(c.requests) },
          { header: t("costRub"), cell: (c) => rub(c.cost_rub) },
        ]}
      />
    </>
  );
}
