// npm run bench:bot - how fast the chat answers (docs/performance.md). Builds nothing: run `npm run build` first.
// Starts the loopback fakes of the Bot API and of the model (six pieces over BENCH_MODEL_MS, 1200: the first after
// 200 ms) and the built app in production mode against them (`npm start`, or BENCH_APP_CMD), on a throwaway
// PostgreSQL database next to DATABASE_URL's (default postgres://postgres@127.0.0.1:5432/test), or with
// BENCH_DB=pglite on the embedded database in a temporary folder. Users with an active text session are seeded
// through the app's own code first. For each load in BENCH_CHATS (PostgreSQL 1,10,40,100,100,100; PGlite 1,10) that
// many users write one message each at once through the webhook (a load run again is labelled "2nd", "3rd"); from
// each POST it times the first thing the chat gets (typing, a draft or a message) and the final answer (the message
// with the cost line), and counts the connections the app opened to the fakes meanwhile: a burst wider than any
// before opens one per call at once, which a busy instance would find open. The first 100-chat burst opens the
// model connections the 40-chat one did not, but fewer to the Bot API (its calls come spread out); the second makes
// 100 Bot API calls at once and opens the rest; the third finds everything open. Then, on PostgreSQL, a throughput
// sweep: new chats write at BENCH_RATES turns a second (10,20,40,80,120,160) for BENCH_SWEEP_SECONDS (4) each, until
// the first reaction's p95 passes 400 ms, with the app's CPU use. Every chat must be answered once and charged once.
// On PostgreSQL the same bursts then go to the bot floor (bench/next-floor/lib/bot-floor.ts, built for the run; off
// with BENCH_FLOOR=0): the least a turn can do behind a Next route handler on this machine, against which the
// app's distance and the goals themselves are read. The machine's load average is printed before and after:
// figures from a busy machine are upper bounds.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeBotApi } from "../tests/fakes/telegram-bot-api";
import { startFakeOpenAi } from "../tests/fakes/openai";
import { APP_BASE, APP_PORT, groupCpuSeconds, sleep, startApp, stopApp, waitForHealth } from "./built-app";
import { startNextFloor } from "./next-floor";
import { createThrowawayDatabase } from "./throwaway-database";

const PGLITE = process.env.BENCH_DB === "pglite";
const WITH_FLOOR = !PGLITE && process.env.BENCH_FLOOR !== "0";
const CHATS = (process.env.BENCH_CHATS ?? (PGLITE ? "1,10" : "1,10,40,100,100,100")).split(",").map(Number);
const RATES = PGLITE ? [] : (process.env.BENCH_RATES ?? "10,20,40,80,120,160").split(",").filter(Boolean).map(Number);
const SWEEP_SECONDS = Number(process.env.BENCH_SWEEP_SECONDS ?? 4);
const MODEL_MS = Number(process.env.BENCH_MODEL_MS ?? 1200);
const ANSWER_TIMEOUT_MS = 120_000;
const JWT_SECRET = crypto.randomBytes(32).toString("base64url");
const BOT_TOKEN = `1000000001:${crypto.randomBytes(24).toString("base64url")}`;
const WEBHOOK_SECRET = crypto.randomBytes(24).toString("base64url");
const START_TOKENS = 1_000_000;
// What one answer of the fake model costs (its reported tokens at the seeded model's multiplier).
const ANSWER_COST = 17;
// The goals, in ms: first reaction p50/p95 (PGlite: p50 only), and the final answer's p50/p95 over the model's own time.
const GOAL = {
  firstP50: PGLITE ? 300 : 150,
  firstP95: PGLITE ? Infinity : 400,
  finalP50: MODEL_MS + 250,
  finalP95: MODEL_MS + 1000,
};

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const chatOf = (body: Record<string, unknown>) => Number(body.chat_id);
const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(" / ");

/** Users with an active text session on gpt-4o-mini and START_TOKENS text tokens, through the app's own code. */
async function seedChats(telegramIds: number[]) {
  const { getDb } = await import("@/db");
  const { upsertTelegramUser } = await import("@/lib/server/users");
  const { dialogSessions, models, quotas, users } = await import("@/db/schema");
  const { eq } = await import("drizzle-orm");
  const db = await getDb(); // migrates and seeds the catalogue
  const [model] = await db.select({ id: models.id }).from(models).where(eq(models.modelName, "gpt-4o-mini"));
  const seedOne = async (id: number) => {
    const user = await upsertTelegramUser({ db, tg: { id, firstName: "Bench", languageCode: "en" } });
    const [session] = await db
      .insert(dialogSessions)
      .values({ userId: user.id, name: "Bench", modelId: model.id, action: "text" })
      .returning({ id: dialogSessions.id });
    await db.update(users).set({ activeSessionId: session.id }).where(eq(users.id, user.id));
    await db.update(quotas).set({ textTokens: START_TOKENS }).where(eq(quotas.userId, user.id));
  };
  for (let i = 0; i < telegramIds.length; i += 20) await Promise.all(telegramIds.slice(i, i + 20).map(seedOne));
}

/** How many of these users were charged exactly one answer. */
async function chargedOnce(telegramIds: number[]): Promise<number> {
  const { getDb } = await import("@/db");
  const { quotas, users } = await import("@/db/schema");
  const { and, eq, inArray } = await import("drizzle-orm");
  const db = await getDb();
  const rows = await db
    .select({ id: quotas.userId })
    .from(quotas)
    .innerJoin(users, eq(users.id, quotas.userId))
    .where(and(inArray(users.telegramId, telegramIds), eq(quotas.textTokens, START_TOKENS - ANSWER_COST)));
  return rows.length;
}

/**
 * `asked`: from the POST until the model got the request; `model`: the model's stream, request to
 * its last piece; `after`: from that to the final answer. Together, where a final answer's time went.
 */
type Round = {
  label: string;
  chats: number[];
  first: number[];
  final: number[];
  asked: number[];
  model: number[];
  after: number[];
  answeredOnce: boolean;
  cores: number;
  cpuMsPerTurn: number;
  /** TCP connections the server opened to the fakes during the round: a burst wider than any before opens one per call at once. */
  opened: { botApi: number; model: number };
};

async function main() {
  // Per chat: the time of every Bot API call for it.
  const seen = new Map<number, { method: string; text: string; at: number }[]>();
  const bot = await startFakeBotApi({
    token: BOT_TOKEN,
    onCall: ({ method, body }) => {
      const list = seen.get(chatOf(body)) ?? [];
      list.push({ method, text: String(body.text ?? ""), at: performance.now() });
      seen.set(chatOf(body), list);
    },
  });
  const ai = await startFakeOpenAi();
  // Six pieces, one every MODEL_MS / 6: the first after 200 ms, the stream over at 1.2 s by default.
  ai.answer = "One two three four five six";
  ai.streamDelayMs = MODEL_MS / 6;

  const loadBefore = load();
  const database = PGLITE ? null : await createThrowawayDatabase("bench_bot");
  const pgliteDir = PGLITE ? fs.mkdtempSync(path.join(os.tmpdir(), "bench-bot-")) : null;
  const dbEnv = database
    ? { DATABASE_URL: database.url }
    : { DATABASE_URL: undefined, PGLITE_DIR: path.join(pgliteDir!, "pglite"), DATA_DIR: pgliteDir! };
  Object.assign(process.env, { JWT_SECRET, BOT_TOKEN }, dbEnv);
  if (!database) delete process.env.DATABASE_URL;

  // Every chat of every round and sweep step (the floor's bursts too), seeded before the app starts (PGlite allows one process at a time).
  let nextChat = 880_000_000;
  const take = (count: number) => Array.from({ length: count }, () => nextChat++);
  const rounds = [1, ...CHATS].map((count) => take(count));
  const steps = RATES.map((rate) => ({ rate, chats: take(Math.round(rate * SWEEP_SECONDS)) }));
  const floorRounds = WITH_FLOOR ? [1, ...CHATS].map((count) => take(count)) : [];
  const allChats = [...rounds.flat(), ...steps.flatMap((s) => s.chats), ...floorRounds.flat()];
  const { closeDb } = await import("@/db");
  await seedChats(allChats);
  await closeDb();

  let nextUpdate = 1;
  const post = (chatId: number, text: string) =>
    fetch(`${APP_BASE}/api/telegram/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": WEBHOOK_SECRET },
      body: JSON.stringify({
        update_id: nextUpdate++,
        message: {
          message_id: nextUpdate,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: "private" },
          from: { id: chatId, is_bot: false, first_name: "Bench", language_code: "en" },
          text,
        },
      }),
    }).then((res) => res.text());
  // The final answer is the message with the cost line (messages/en.json bot.costLine, "text units: …" since 41842d3).
  const isAnswer = (c: { method: string; text: string }) =>
    c.method === "sendMessage" && c.text.includes("text units:");
  const until = async (check: () => boolean, what: string) => {
    const end = performance.now() + ANSWER_TIMEOUT_MS;
    while (!check()) {
      if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
      await sleep(5);
    }
  };
  /** Posts one message per chat, at `intervalMs` apart (0: all at once), and times each chat's first reaction and answer. */
  /** `pid`: the process group of the server under test (the app or the bot floor), for its CPU time. */
  const run = async (pid: number, label: string, chats: number[], intervalMs: number): Promise<Round> => {
    for (const chatId of chats) seen.set(chatId, []);
    const postedAt = new Map<number, number>();
    const cpuBefore = groupCpuSeconds(pid);
    const connectionsBefore = { botApi: bot.connections, model: ai.connections };
    const started = performance.now();
    const posts: Promise<string>[] = [];
    for (const [i, chatId] of chats.entries()) {
      if (intervalMs) await sleep(Math.max(0, started + i * intervalMs - performance.now()));
      postedAt.set(chatId, performance.now());
      posts.push(post(chatId, `Hello, how are you? #${chatId}`));
    }
    await Promise.all(posts);
    await until(() => chats.every((chatId) => seen.get(chatId)!.some(isAnswer)), `${chats.length} answers`);
    const cpuSeconds = groupCpuSeconds(pid) - cpuBefore;
    await sleep(300); // a second answer would show by now
    const finalAt = (chatId: number) => seen.get(chatId)!.find(isAnswer)!.at;
    // Each chat's model request, told apart by the chat id in its text.
    const modelCall = new Map(
      ai.requests
        .filter((r) => r.path === "/v1/chat/completions" && r.endedAt !== undefined)
        .map((r) => [Number(/#(\d+)$/.exec(String(r.body.messages.at(-1)?.content))?.[1]), r]),
    );
    const timed = chats.filter((chatId) => modelCall.has(chatId));
    return {
      label,
      chats,
      first: chats.map((chatId) => seen.get(chatId)![0].at - postedAt.get(chatId)!),
      final: chats.map((chatId) => finalAt(chatId) - postedAt.get(chatId)!),
      asked: timed.map((chatId) => modelCall.get(chatId)!.receivedAt - postedAt.get(chatId)!),
      model: timed.map((chatId) => modelCall.get(chatId)!.endedAt! - modelCall.get(chatId)!.receivedAt),
      after: timed.map((chatId) => finalAt(chatId) - modelCall.get(chatId)!.endedAt!),
      answeredOnce: chats.every((chatId) => seen.get(chatId)!.filter(isAnswer).length === 1),
      cores: cpuSeconds / ((performance.now() - started) / 1000),
      cpuMsPerTurn: (cpuSeconds * 1000) / chats.length,
      opened: { botApi: bot.connections - connectionsBefore.botApi, model: ai.connections - connectionsBefore.model },
    };
  };
  /** The bursts, each load run once per entry of BENCH_CHATS; round 0 (one chat) only warms the server up: JIT, pools, modules. */
  const bursts = async (pid: number, chatsOfRounds: number[][]): Promise<Round[]> => {
    const measured: Round[] = [];
    for (const [round, chats] of chatsOfRounds.entries()) {
      const before = chatsOfRounds.slice(1, round).filter((earlier) => earlier.length === chats.length).length;
      const result = await run(
        pid,
        `${chats.length}${before ? `, ${["", "2nd", "3rd"][before] ?? `${before + 1}th`}` : ""}`,
        chats,
        0,
      );
      if (round > 0) measured.push(result);
    }
    return measured;
  };

  const results: Round[] = [];
  const sweep: Round[] = [];
  let floorResults: Round[] = [];
  const serverEnv = {
    JWT_SECRET,
    BOT_TOKEN,
    TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
    BOT_API_BASE_URL: bot.url,
    OPENAI_BASE_URL: ai.url,
    OPENAI_API_KEY: ai.apiKey,
  };
  const app = startApp({ APP_MODE: "production", ...dbEnv, ...serverEnv, PUBLIC_URL: APP_BASE, LOG_LEVEL: "warn" });
  try {
    await waitForHealth(app);
    results.push(...(await bursts(app.pid!, rounds)));
    for (const step of steps) {
      const result = await run(app.pid!, `${step.rate}/s`, step.chats, 1000 / step.rate);
      sweep.push(result);
      if (percentile(result.first, 95) > 400) break;
    }
  } finally {
    await stopApp(app);
  }
  if (WITH_FLOOR) {
    // On the app's port, so the bench's own connections and timings are the same.
    const floor = await startNextFloor({ port: APP_PORT, env: { ...serverEnv, DATABASE_URL: database!.url } });
    try {
      floorResults = await bursts(floor.pid, floorRounds);
    } finally {
      await floor.stop();
    }
  }
  const charged = new Map<Round, number>();
  for (const result of [...results, ...sweep, ...floorResults]) charged.set(result, await chargedOnce(result.chats));
  await closeDb();
  if (database) await database.drop();
  if (pgliteDir) fs.rmSync(pgliteDir, { recursive: true, force: true });
  await Promise.all([bot.close(), ai.close()]);

  const ms = (v: number) => `${Math.round(v)}`;
  const mark = (value: number, goal: number) => `${ms(value)}${value <= goal ? "" : " ✗"}`;
  const once = (r: Round) => (r.answeredOnce && charged.get(r) === r.chats.length ? "yes" : "NO");
  const firstGoal = PGLITE ? `goal p50 ≤ ${GOAL.firstP50} ms` : `goal ≤ ${GOAL.firstP50} / ${GOAL.firstP95} ms`;
  console.log(
    `${new Date().toISOString()} · ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version} · ${PGLITE ? "PGlite" : "PostgreSQL"} · model ${Math.round(MODEL_MS / 6)} ms to the first piece, ${MODEL_MS} ms in all`,
  );
  console.log(`load average (1 / 5 / 15 min): ${loadBefore} before, ${load()} after`);
  const burstTable = (title: string, rows: Round[]) => {
    console.log(`\n${title}`);
    console.log(
      `| chats at once | first reaction p50 / p95 (${firstGoal}) | final answer p50 / p95 (goal ≤ ${GOAL.finalP50} / ${GOAL.finalP95} ms) | CPU: cores, ms a turn | connections opened: Bot API / model | answered once, charged once |`,
    );
    console.log("|---|---|---|---|---|---|");
    for (const r of rows) {
      console.log(
        `| ${r.label} | ${mark(percentile(r.first, 50), GOAL.firstP50)} / ${mark(percentile(r.first, 95), GOAL.firstP95)} | ${mark(percentile(r.final, 50), GOAL.finalP50)} / ${mark(percentile(r.final, 95), GOAL.finalP95)} | ${r.cores.toFixed(2)}, ${Math.round(r.cpuMsPerTurn)} | ${r.opened.botApi} / ${r.opened.model} | ${once(r)} |`,
      );
    }
  };
  burstTable("The app", results);
  if (floorResults.length)
    burstTable(
      "The bot floor (bench/next-floor/lib/bot-floor.ts: the least a turn does behind a Next route handler)",
      floorResults,
    );
  console.log(
    `\nWhere the final answer's time went, p50 / p95 in ms: from the POST until the model was asked, the model's stream, from its last piece to the answer${floorResults.length ? " (app · floor)" : ""}`,
  );
  console.log("| chats at once | until the model was asked | the model | after the model |");
  console.log("|---|---|---|---|");
  const both = (values: number[]) =>
    values.length ? `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))}` : "—";
  for (const [i, r] of results.entries()) {
    const f = floorResults[i];
    const pair = (pick: (round: Round) => number[]) => (f ? `${both(pick(r))} · ${both(pick(f))}` : both(pick(r)));
    console.log(`| ${r.label} | ${pair((x) => x.asked)} | ${pair((x) => x.model)} | ${pair((x) => x.after)} |`);
  }
  if (floorResults.length) {
    // Issue 46's goals read against the floor of the same run (decision 0442): the final answer within
    // 10 %, the first reaction within 50 ms and the CPU a turn within 1.5 times the floor's.
    console.log(
      "\nThe app against the bot floor, same run (goals: final answer p50 ≤ 1.10 × the floor's, first reaction p50 ≤ the floor's + 50 ms, CPU a turn ≤ 1.5 × the floor's)",
    );
    console.log(
      "| chats at once | final answer p50: app / floor (goal ≤ 1.10) | first reaction p50: app / floor ms (goal ≤ +50) | CPU ms a turn: app / floor (goal ≤ 1.5) |",
    );
    console.log("|---|---|---|---|");
    for (const [i, r] of results.entries()) {
      const f = floorResults[i];
      if (!f) continue;
      const ratio = (a: number, b: number, goal: number) => `${(a / b).toFixed(2)}${a / b <= goal ? "" : " ✗"}`;
      const [appFinal, floorFinal] = [percentile(r.final, 50), percentile(f.final, 50)];
      const [appFirst, floorFirst] = [percentile(r.first, 50), percentile(f.first, 50)];
      const gap = appFirst - floorFirst;
      console.log(
        `| ${r.label} | ${ms(appFinal)} / ${ms(floorFinal)} = ${ratio(appFinal, floorFinal, 1.1)} | ${ms(appFirst)} / ${ms(floorFirst)} = ${gap >= 0 ? "+" : ""}${ms(gap)}${gap <= 50 ? "" : " ✗"} | ${ms(r.cpuMsPerTurn)} / ${ms(f.cpuMsPerTurn)} = ${ratio(r.cpuMsPerTurn, f.cpuMsPerTurn, 1.5)} |`,
      );
    }
  }
  if (!sweep.length) return;
  console.log(
    `\nThroughput of the app: new chats writing at a steady rate for ${SWEEP_SECONDS} s each, until the first reaction's p95 passes 400 ms`,
  );
  console.log(
    "| turns / s | first reaction p50 / p95 (goal p95 ≤ 400 ms) | final answer p50 / p95 | app CPU: cores, ms a turn | answered once, charged once |",
  );
  console.log("|---|---|---|---|---|");
  for (const r of sweep) {
    console.log(
      `| ${r.label} | ${ms(percentile(r.first, 50))} / ${mark(percentile(r.first, 95), 400)} | ${ms(percentile(r.final, 50))} / ${ms(percentile(r.final, 95))} | ${r.cores.toFixed(2)}, ${Math.round(r.cpuMsPerTurn)} | ${once(r)} |`,
    );
  }
  const sustained = sweep.filter((r) => percentile(r.first, 95) <= 400).at(-1);
  console.log(
    `Sustained: ${sustained ? sustained.label.replace("/s", " turns/s") : `less than ${sweep[0].label.replace("/s", " turns/s")}`} with the first reaction's p95 ≤ 400 ms.`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
