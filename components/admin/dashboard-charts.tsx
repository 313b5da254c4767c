"use client";
import type { ReactNode } from "react";
import { useFormatter, useTranslations } from "next-intl";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { AdminStats } from "@/lib/contracts/admin-catalogue";

// The dashboard's charts: recharts is imported here only, so it is in the dashboard screen's chunk.

const CHART_HEIGHT = 240;
// The theme's accent and two fixed hues that read on both backgrounds.
const COLORS = { revenue: "var(--accent)", active: "#2e9d5b", cost: "#d9822b", units: "var(--accent)" };
const dayOf = (date: string) => date.slice(5);

/** The dashboard's money: whole roubles, and provider cost in dollars to the cent. */
export function useDashboardMoney() {
  const format = useFormatter();
  return {
    rub: (value: number) => format.number(value, { style: "currency", currency: "RUB", maximumFractionDigits: 0 }),
    usd: (value: number) => format.number(value, { style: "currency", currency: "USD", maximumFractionDigits: 2 }),
  };
}

/** A captioned chart that fills its column. */
function Chart({
  caption,
  testId,
  wide,
  children,
}: {
  caption: string;
  testId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <figure className={wide ? "admin-chart admin-chart--wide" : "admin-chart"} data-testid={testId}>
      <figcaption>{caption}</figcaption>
      {children}
    </figure>
  );
}

export function DashboardCharts({ stats }: { stats: AdminStats }) {
  const t = useTranslations("admin.dashboard");
  const { rub } = useDashboardMoney();
  return (
    <div className="admin-charts">
      <Chart caption={t("revenuePerDay")} testId="chart-revenue">
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <BarChart data={stats.by_day}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={dayOf} />
            <YAxis />
            <Tooltip formatter={(v) => rub(Number(v))} />
            <Bar dataKey="revenue_rub" name={t("revenue")} fill={COLORS.revenue} />
            <Bar dataKey="cost_rub" name={t("costRub")} fill={COLORS.cost} />
            <Bar dataKey="margin_rub" name={t("margin")} fill={COLORS.active} />
          </BarChart>
        </ResponsiveContainer>
      </Chart>
      <Chart caption={t("activePerDay")} testId="chart-active">
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <LineChart data={stats.by_day}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={dayOf} />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            <Line type="monotone" dataKey="active_users" name={t("activeUsers")} stroke={COLORS.active} dot={false} />
            <Line type="monotone" dataKey="new_users" name={t("newUsers")} stroke={COLORS.cost} dot={false} />
          </LineChart>
        </ResponsiveContainer>
      </Chart>
      <Chart caption={t("spendPerModel")} testId="chart-models" wide>
        {stats.by_model.length === 0 ? (
          <p className="admin-hint">{t("noUsage")}</p>
        ) : (
          <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
            <BarChart data={stats.by_model}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="display_name" />
              <YAxis yAxisId="cost" />
              <YAxis yAxisId="units" orientation="right" />
              <Tooltip />
              <Legend />
              <Bar yAxisId="cost" dataKey="provider_cost_usd" name={t("providerCostUsd")} fill={COLORS.cost} />
              <Bar yAxisId="units" dataKey="units" name={t("units")} fill={COLORS.units} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </Chart>
    </div>
  );
}
