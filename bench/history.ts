// npm run bench:history - latency of the history calls on big tables (docs/performance.md).
// Creates a throwaway PostgreSQL database next to DATABASE_URL's (bench/throwaway-database.ts),
// seeds it with generate_series, times the service functions the routes call, and drops it.
import os from "node:os";
import postgres from "postgres";
import { createThrowawayDatabase } from "./throwaway-database";

const SESSIONS = 100_000;
const MESSAGES = 1_000_000;
const THREAD = 10_000; // messages of the one long session, part of MESSAGES
const PAGE_SIZE = 20;
const RUNS = 15;

async function timeIt(label: string, fn: () => Promise<unknown>) {
  await fn(); // warm the cache and the plan
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `${label.padEnd(34)} median ${ms(times[Math.floor(RUNS / 2)]).padStart(9)}   p90 ${ms(times[Math.floor(RUNS * 0.9)]).padStart(9)}`,
  );
}

async function main() {
  const database = await createThrowawayDatabase("bench_history");
  process.env.DATABASE_URL = database.url;
  // Imported after DATABASE_URL points at the throwaway database (lib/env reads it once).
  const { getDb, closeDb } = await import("@/db");
  const { listSessions } = await import("@/lib/server/history/list-sessions");
  const { listSessionMessages } = await import("@/lib/server/history/thread");
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    const db = await getDb(); // migrates and seeds the catalogue
    const seedStart = performance.now();
    const [{ id: userId }] = await sql`insert into users (telegram_id, referral_code) values (1, 'BENCH') returning id`;
    await sql`insert into users (telegram_id, referral_code) select 1 + g, 'BENCH' || g from generate_series(1, 99) g`;
    const [{ id: modelId }] = await sql`select id from models order by id limit 1`;
    // All sessions belong to one user: the worst case for that user's list. Each was used a minute apart.
    await sql`
      insert into dialog_sessions (user_id, name, model_id, action, created_at, updated_at)
      select ${userId}, 'Session ' || g, ${modelId}, 'text', now() - g * interval '1 minute', now() - g * interval '1 minute'
      from generate_series(1, ${SESSIONS}::int) g`;
    const [{ first, last }] = await sql`select min(id) as first, max(id) as last from dialog_sessions`;
    const threadId = first; // the newest session holds the long thread
    await sql`
      insert into dialog_messages (session_id, user_text, ai_text, ai_file_url, created_at)
      select ${threadId}, 'Вопрос номер ' || g || ' 🙂 with some **markdown**', 'Ответ ' || g || E'\n\n\`\`\`js\nconsole.log(' || g || E')\n\`\`\`',
             case when g % 50 = 0 then 'ai/2026/01/' || g || '.png' end, now() - (${THREAD}::int - g) * interval '1 second'
      from generate_series(1, ${THREAD}::int) g`;
    const rest = MESSAGES - THREAD;
    await sql`
      insert into dialog_messages (session_id, user_text, ai_text, created_at)
      select ${first}::int + 1 + (g % (${last}::int - ${first}::int)), 'Сообщение ' || g || ' — достаточно длинный текст, чтобы его пришлось обрезать до пятидесяти символов',
             'Ответ ' || g, now() - g * interval '1 second'
      from generate_series(1, ${rest}::int) g`;
    await sql`vacuum analyze dialog_sessions`;
    await sql`vacuum analyze dialog_messages`;
    const [{ sessions }] = await sql`select count(*)::int as sessions from dialog_sessions`;
    const [{ messages }] = await sql`select count(*)::int as messages from dialog_messages`;
    console.log(
      `seeded ${sessions} sessions and ${messages} messages in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    console.log(
      `machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${(await sql`select version()`)[0].version.split(",")[0]}`,
    );

    const lastPage = Math.ceil(sessions / PAGE_SIZE);
    for (const page of [1, 100, lastPage]) {
      await timeIt(`list page ${page} of ${lastPage} (size ${PAGE_SIZE})`, async () => {
        const res = await listSessions({ db, userId, page, pageSize: PAGE_SIZE });
        if (res.data.length !== PAGE_SIZE) throw new Error(`page ${page} has ${res.data.length} rows`);
      });
    }
    // For comparison: the same page with a plain OFFSET over the joined rows (what listSessions avoids).
    await timeIt(
      `  plain OFFSET, page ${lastPage}`,
      () => sql`
      select s.id, s.name, s.updated_at, m.display_name, m.image,
        (select left(d.user_text, 400) from dialog_messages d where d.session_id = s.id and d.user_text is not null
         order by d.created_at desc, d.id desc limit 1)
      from dialog_sessions s join models m on m.id = s.model_id
      where s.user_id = ${userId}
      order by s.updated_at desc, s.id desc limit ${PAGE_SIZE} offset ${(lastPage - 1) * PAGE_SIZE}`,
    );
    await timeIt(`thread of ${THREAD} messages`, async () => {
      const res = await listSessionMessages({ db, userId, sessionId: threadId });
      if (res.length !== THREAD) throw new Error(`thread has ${res.length} messages`);
    });
  } finally {
    await sql.end();
    await closeDb();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
