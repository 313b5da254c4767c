// The chaos run's payments (docs/operations.md "Chaos run"): Telegram Stars purchases through the
// bot webhook while instances die and PostgreSQL restarts, each successful_payment delivered three
// times (two at once), then SQL checks that each was applied exactly once.
import type { Sql } from "postgres";
import { retried } from "./checks";

export type PostUpdate = (update: Record<string, unknown>) => Promise<void>;

export type StarsPurchase = { paymentId: string; kind: "tariff" | "package" };

// What Telegram takes for the invoice: the payment row's provider_amount, checked on every update.
const STARS = 294;

/**
 * The invoice the app creates on POST /api/tariff/create with PAYMENT_PROVIDER=stars, written
 * directly: a pending Stars payment of the chat's user (a month of Starter, or a package of text
 * units) — the run is about what the webhook does with it.
 */
async function openStarsPayment(sql: Sql, telegramId: number, kind: StarsPurchase["kind"]): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into payments (user_id, kind, tariff_id, package_id, amount_kopecks, provider_amount, provider, expires_at)
    select u.id, ${kind},
      case when ${kind} = 'tariff' then (select id from tariffs where name = 'Starter' order by id limit 1) end,
      case when ${kind} = 'package' then
        (select id from packages where package_purpose = 'text_tokens' order by id limit 1) end,
      49000, ${STARS}, 'stars', now() + interval '1 hour'
    from users u where u.telegram_id = ${telegramId}
    returning id`;
  if (!row) throw new Error(`chat ${telegramId} has no user to pay`);
  return row.id;
}

/** One purchase: the pre-checkout query, then successful_payment delivered three times (two at once). */
export async function payWithStars({
  sql,
  post,
  nextUpdateId,
  telegramId,
  kind,
}: {
  sql: Sql;
  post: PostUpdate;
  nextUpdateId: () => number;
  telegramId: number;
  kind: StarsPurchase["kind"];
}): Promise<StarsPurchase> {
  const paymentId = await retried(() => openStarsPayment(sql, telegramId, kind));
  const from = { id: telegramId, is_bot: false, first_name: "Chaos", language_code: "en" };
  const price = { currency: "XTR", total_amount: STARS, invoice_payload: paymentId };
  await post({ update_id: nextUpdateId(), pre_checkout_query: { id: `q-${paymentId}`, from, ...price } });
  const updateId = nextUpdateId();
  const paid = {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: telegramId, type: "private" },
      from,
      successful_payment: {
        ...price,
        telegram_payment_charge_id: `charge-${paymentId}`,
        provider_payment_charge_id: `provider-${paymentId}`,
      },
    },
  };
  // Telegram delivers an update again when it saw no 200 in time, and may do so while the first
  // delivery is still being handled.
  await Promise.all([post(paid), post(paid)]);
  await post(paid);
  return { paymentId, kind };
}

/**
 * Every purchase applied exactly once: completed, each kind of units granted by one ledger row of
 * the payment, and a month of Starter one 30-day period (a second application would extend it).
 */
export async function checkPayments(sql: Sql, purchases: StarsPurchase[]) {
  const ids = purchases.map((p) => p.paymentId);
  const [counts] = await sql<{ notApplied: number; grantedTwice: number; notGranted: number; periodsWrong: number }[]>`
    with ours as (select * from payments where id = any(${ids}::uuid[])),
    grants as (
      select o.id, l.kind, count(l.id)::int as n
      from ours o left join balance_ledger l on l.payment_id = o.id
      group by o.id, l.kind)
    select
      (select count(*) from ours where status <> 'completed' or applied_at is null)::int as "notApplied",
      (select count(distinct id) from grants where n > 1)::int as "grantedTwice",
      (select count(*) from ours o where not exists (select 1 from balance_ledger l where l.payment_id = o.id))::int
        as "notGranted",
      (select count(*) from ours o join subscriptions s on s.user_id = o.user_id
        where o.kind = 'tariff' and (o.period_ends_at - o.period_starts_at <> interval '30 days'
          or s.expires_at - s.starts_at <> interval '30 days'))::int as "periodsWrong"`;
  return { payments: ids.length, ...counts };
}
