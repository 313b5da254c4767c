import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import type { AdminStats } from "@/lib/contracts/admin-catalogue";
import { QUOTA_KEYS, type QuotaKey } from "@/lib/shared/quota-kinds";
import { toRoubles } from "@/lib/shared/money";
import { now } from "@/lib/server/clock";
import { rowsOf, timestamp } from "@/lib/server/quotas/ledger";
import { realSpend, SPEND_REASONS } from "@/lib/server/quotas/spent";

// The Dashboard's figures, computed in SQL over the last `days` UTC days, today included
// (docs/product/console.md "Dashboard"): revenue is completed payments (a refunded one no longer
// counts), active users are those who spent units, units spent are spends less the give-backs
// of failed jobs, and the provider cost is what model_usage recorded at each call's moment; cost_rub
// sums the request log (each call priced at its channel's prices) and the margin is revenue less it;
// per model the revenue is a share of the period's (decision 0504), per channel only the cost.

const spendOnly = sql`reason in (${sql.join(
  SPEND_REASONS.map((r) => sql`${r}`),
  sql`, `,
)})`;
const num = (v: unknown) => Number(v ?? 0);

export async function getAdminStats({ db, days }: { db: Db; days: number }): Promise<AdminStats> {
  const today = new Date(now());
  today.setUTCHours(0, 0, 0, 0);
  const from = timestamp(new Date(today.getTime() - (days - 1) * 86_400_000));
  const paid = sql`status = 'completed' and coalesce(applied_at, created_at) >= ${from}`;
  const day = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date`);

  const [totals, units, byDay, byModel, byChannel] = await Promise.all([
    db.execute(sql`select
        (select coalesce(sum(amount_kopecks), 0) from payments where ${paid}) as revenue,
        (select count(*) from payments where ${paid}) as payments,
        (select count(distinct user_id) from payments where ${paid}) as paying_users,
        (select count(*) from users where created_at >= ${from}) as new_users,
        (select count(distinct user_id) from balance_ledger where ${spendOnly} and created_at >= ${from}) as active_users,
        (select coalesce(sum(cost_rub), 0) from provider_requests where created_at >= ${from}) as cost`),
    db.execute(
      sql`select kind, -sum(units) as spent from balance_ledger where ${realSpend} and created_at >= ${from} group by kind`,
    ),
    db.execute(sql`
      with d as (select generate_series(${from}::date, ${timestamp(today)}::date, interval '1 day')::date as date),
      p as (select ${day("coalesce(applied_at, created_at)")} as date, sum(amount_kopecks) as revenue, count(*) as payments from payments where ${paid} group by 1),
      u as (select ${day("created_at")} as date, count(*) as new_users from users where created_at >= ${from} group by 1),
      a as (select ${day("created_at")} as date, count(distinct user_id) as active_users from balance_ledger where ${spendOnly} and created_at >= ${from} group by 1),
      c as (select ${day("created_at")} as date, sum(cost_rub) as cost from provider_requests where created_at >= ${from} group by 1)
      select to_char(d.date, 'YYYY-MM-DD') as date, coalesce(p.revenue, 0) as revenue, coalesce(p.payments, 0) as payments,
        coalesce(u.new_users, 0) as new_users, coalesce(a.active_users, 0) as active_users, coalesce(c.cost, 0) as cost
      from d left join p using (date) left join u using (date) left join a using (date) left join c using (date) order by d.date`),
    db.execute(sql`
      with price as (select package_purpose as kind, sum(price_kopecks)::float8 / sum(quota_amount) as kopecks
          from packages where package_purpose <> 'reset' and quota_amount > 0 group by 1),
      l as (select model_name, -sum(units) as units, -sum(units * coalesce(price.kopecks, 0)) as value
          from balance_ledger left join price using (kind) where ${realSpend} and model_name is not null and created_at >= ${from} group by 1),
      m as (select model_name, count(*) as turns, sum(cost_usd) as cost from model_usage where created_at >= ${from} group by 1),
      r as (select model_name, sum(cost_rub) as cost_rub from provider_requests where created_at >= ${from} group by 1),
      lm as (select coalesce(l.model_name, m.model_name) as model_name, coalesce(m.turns, 0) as turns, coalesce(l.units, 0) as units,
          coalesce(l.value, 0) as value, coalesce(m.cost, 0) as cost
        from l full join m on m.model_name = l.model_name)
      select coalesce(lm.model_name, r.model_name) as model_name, coalesce(lm.turns, 0) as turns, coalesce(lm.units, 0) as units,
        coalesce(lm.value, 0) as value, coalesce(lm.cost, 0) as cost, coalesce(r.cost_rub, 0) as cost_rub,
        (select display_name from models where models.model_name = coalesce(lm.model_name, r.model_name)) as display_name
      from lm full join r on r.model_name = lm.model_name order by cost_rub desc, cost desc, units desc, model_name`),
    db.execute(sql`
      select r.channel_id, c.name, count(*) as requests, sum(r.cost_rub) as cost_rub
      from provider_requests r left join channels c on c.id = r.channel_id
      where r.created_at >= ${from} group by 1, 2 order by cost_rub desc, r.channel_id nulls last`),
  ]);
  const [t] = rowsOf(totals);
  const spent = new Map(rowsOf(units).map((r) => [r.kind as QuotaKey, num(r.spent)]));
  const rub = (v: unknown) => Math.round(num(v) * 100) / 100;
  const revenue = toRoubles(num(t.revenue));
  // The period's revenue shared among models by the list value of the units spent on them
  // (docs/decisions/0504-revenue-per-model.md).
  const modelRows = rowsOf(byModel);
  const totalValue = modelRows.reduce((sum, r) => sum + num(r.value), 0);
  return {
    revenue_rub: revenue,
    cost_rub: rub(t.cost),
    margin_rub: rub(revenue - num(t.cost)),
    payments: num(t.payments),
    paying_users: num(t.paying_users),
    new_users: num(t.new_users),
    active_users: num(t.active_users),
    units_spent: Object.fromEntries(QUOTA_KEYS.map((k) => [k, spent.get(k) ?? 0])) as Record<QuotaKey, number>,
    by_day: rowsOf(byDay).map((r) => ({
      date: String(r.date),
      revenue_rub: toRoubles(num(r.revenue)),
      cost_rub: rub(r.cost),
      margin_rub: rub(toRoubles(num(r.revenue)) - num(r.cost)),
      payments: num(r.payments),
      new_users: num(r.new_users),
      active_users: num(r.active_users),
    })),
    by_model: modelRows.map((r) => {
      const share = totalValue > 0 ? (revenue * num(r.value)) / totalValue : 0;
      return {
        model_name: String(r.model_name),
        display_name: String(r.display_name ?? r.model_name),
        turns: num(r.turns),
        units: num(r.units),
        provider_cost_usd: Math.round(num(r.cost) * 1e6) / 1e6,
        revenue_rub: rub(share),
        cost_rub: rub(r.cost_rub),
        margin_rub: rub(share - num(r.cost_rub)),
      };
    }),
    by_channel: rowsOf(byChannel).map((r) => ({
      channel_id: r.channel_id === null ? null : num(r.channel_id),
      name: r.name === null ? null : String(r.name),
      requests: num(r.requests),
      cost_rub: rub(r.cost_rub),
    })),
  };
}
