// The chaos run's checks of the bot's work, in SQL (docs/operations.md "Chaos run").
import type { Sql } from "postgres";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The script's own queries ride out the PostgreSQL restart: a failed one is tried again for up to 30 s. */
export async function retried<T>(query: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await query();
    } catch (error) {
      if (attempt >= 60) throw error;
      await sleep(500);
    }
  }
}

/** Waits (up to a minute) until no update is pending or being processed and the outbox has sent what it holds. */
export async function waitForQuiet(sql: Sql): Promise<void> {
  const quietBy = Date.now() + 60_000;
  while (Date.now() < quietBy) {
    const [{ n }] = await sql`
      select (select count(*) from bot_updates where status in ('pending', 'processing'))
        + (select count(*) from bot_outbox where status in ('pending', 'sending')) as n`;
    if (Number(n) === 0) return;
    await sleep(500);
  }
}

/** Every update settled, every question answered by exactly one `done` turn, charged at most once, nothing running. */
export async function checkUpdates(sql: Sql) {
  const [updates] = await sql`
    select count(*)::int as total,
      count(*) filter (where status <> 'done')::int as unsettled,
      coalesce(max(extract(epoch from processed_at - created_at)), 0)::float as longest
    from bot_updates`;
  const turnsPerText = await sql`
    select u.update_id, count(t.id) filter (where t.status = 'done')::int as done
    from bot_updates u left join bot_turns t on t.update_id = u.update_id
    where u.payload->'message'->>'text' like 'question %'
    group by u.update_id having count(t.id) filter (where t.status = 'done') <> 1`;
  const charges = await sql`
    select t.update_id, count(*)::int as n from balance_ledger l join bot_turns t on t.id = l.turn_id
    where l.reason = 'answer' group by t.update_id having count(*) > 1`;
  const [{ running }] = await sql`select count(*)::int as running from bot_turns where status = 'running'`;
  const [{ takenOver }] =
    await sql`select count(*)::int as "takenOver" from bot_turns where status in ('abandoned', 'handed_over')`;
  return {
    updates: updates.total as number,
    unsettled: updates.unsettled as number,
    textsNotAnsweredByExactlyOneTurn: turnsPerText.length,
    updatesChargedTwice: charges.length,
    turnsRunning: running as number,
    turnsTakenOverFromStoppedInstances: takenOver as number,
    longestUpdateSeconds: Number(Number(updates.longest).toFixed(1)),
  };
}
