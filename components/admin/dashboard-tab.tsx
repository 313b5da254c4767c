"use client";
import { useQuery } from "@tanstack/react-query";
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
import { QUOTA_KEYS } from "@/lib/shared/quota-kinds";
import { adminApi } from "./admin-session";
import { QueryState } from "./query-state";
import type { ConsoleScreenProps } from "./console-route";

const PERIODS = [7, 30, 90] as const;
const CHART_HEIGHT = 240;
// The theme's accent and two fixed hues that read on both backgrounds.
const COLORS = { revenue: "var(--accent)", active: "#2e9d5b", cost: "#d9822b", units: "var(--accent)" };

/** The business at a glance ("#dashboard/<days>"): totals, revenue and active users per day, spend per model. */
export default function DashboardTab({ route }: ConsoleScreenProps) {
  const t = useTranslations("admin.dashboard");
  const format = useFormatter();
  const days = PERIODS.find((p) => String(p) === route.rest) ?? 30;
  const query = useQuery({
    queryKey: ["admin", "stats", days],
    queryFn: () => adminApi("GET /api/admin/stats", { query: { days } }),
  });
  const rub = (value: number) => format.number(value, { style: "currency", currency: "RUB", maximumFractionDigits: 0 });
  const usd = (value: number) => format.number(value, { style: "currency", currency: "USD", maximumFractionDigits: 2 });
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
            <dl className="admin-totals">
              {[
                [t("revenue"), rub(stats.revenue_rub)],
                [t("payments"), format.number(stats.payments)],
                [t("payingUsers"), format.number(stats.paying_users)],
                [t("newUsers"), format.number(stats.new_users)],
                [t("activeUsers"), format.number(stats.active_users)],
                [t("providerCost"), usd(stats.by_model.reduce((sum, m) => sum + m.provider_cost_usd, 0))],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <h2>{t("unitsSpent")}</h2>
            <p className="admin-hint">
              {QUOTA_KEYS.map((k) => `${t(`kinds.${k}`)}: ${format.number(stats.units_spent[k])}`).join(" · ")}
            </p>
            <div className="admin-charts">
              <figure className="admin-chart" data-testid="chart-revenue">
                <figcaption>{t("revenuePerDay")}</figcaption>
                <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
                  <BarChart data={stats.by_day}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} />
                    <YAxis />
                    <Tooltip formatter={(v) => rub(Number(v))} />
                    <Bar dataKey="revenue_rub" name={t("revenue")} fill={COLORS.revenue} />
                  </BarChart>
                </ResponsiveContainer>
              </figure>
              <figure className="admin-chart" data-testid="chart-active">
                <figcaption>{t("activePerDay")}</figcaption>
                <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
                  <LineChart data={stats.by_day}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} />
                    <YAxis allowDecimals={false} />
                    <Tooltip />
                    <Legend />
                    <Line
                      type="monotone"
                      dataKey="active_users"
                      name={t("activeUsers")}
                      stroke={COLORS.active}
                      dot={false}
                    />
                    <Line type="monotone" dataKey="new_users" name={t("newUsers")} stroke={COLORS.cost} dot={false} />
                  </LineChart>
                </ResponsiveContainer>
              </figure>
              <figure className="admin-chart admin-chart--wide" data-testid="chart-models">
                <figcaption>{t("spendPerModel")}</figcaption>
                {stats.by_model.length === 0 ? (
                  <p className="admin-hint">{t("noUsage")}</p>
                ) : (
                  <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
                    <BarChart data={stats.by_model}>
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis dataKey="model_name" />
                      <YAxis yAxisId="cost" />
                      <YAxis yAxisId="units" orientation="right" />
                      <Tooltip />
                      <Legend />
                      <Bar yAxisId="cost" dataKey="provider_cost_usd" name={t("providerCostUsd")} fill={COLORS.cost} />
                      <Bar yAxisId="units" dataKey="units" name={t("units")} fill={COLORS.units} />
                    </BarChart>
                  </ResponsiveContainer>
                )}
              </figure>
            </div>
            <div className="admin-table-wrap">
              <table className="admin-table" data-testid="dashboard-models">
                <thead>
                  <tr>
                    <th>{t("model")}</th>
                    <th>{t("turns")}</th>
                    <th>{t("units")}</th>
                    <th>{t("providerCost")}</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.by_model.map((m) => (
                    <tr key={m.model_name}>
                      <td>{m.model_name}</td>
                      <td>{format.number(m.turns)}</td>
                      <td>{format.number(m.units)}</td>
                      <td>{usd(m.provider_cost_usd)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}
