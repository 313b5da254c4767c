// Chaos run (docs/operations.md "Chaos run"): several instances of the BUILT app on one PostgreSQL
// database behind haproxy (Debian's package, installed here when missing), a bounded load of bot
// chats through the Telegram webhook (loopback Telegram and OpenAI fakes) and of reads, while one
// instance is killed (SIGKILL) and another stopped (SIGTERM), both then started again. Afterwards SQL
// checks: every update settled and answered exactly once, every answer charged once, no turn left
// running, no read failed at the proxy through the SIGTERM. Prints the recovery figures.
// Usage: `npm run build && npm run chaos` (DATABASE_URL: a PostgreSQL server where a database may be
// created; CHAOS_CHATS, CHAOS_MESSAGES, CHAOS_PORT bound the run). Everything listens on 127.0.0.1.
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { startFakeOpenAi } from "../tests/fakes/openai";
import { startFakeBotApi } from "../tests/fakes/telegram-bot-api";

const PORT = Number(process.env.CHAOS_PORT ?? 4180);
const INSTANCES = 3;
const CHATS = Number(process.env.CHAOS_CHATS ?? 20);
const MESSAGES = Number(process.env.CHAOS_MESSAGES ?? 5);
const BASE = `http://127.0.0.1:${PORT}`;
const SERVER_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = `chaos_${PORT}_${process.pid}`;
const BOT_TOKEN = `1000000003:${crypto.randomBytes(24).toString("base64url")}`;
const SECRET = crypto.randomBytes(16).toString("hex");
const ANSWER = "Chaos answer";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`[chaos ${((performance.now() - t0) / 1000).toFixed(1)}s] ${line}`);
const t0 = performance.now();

function ensureHaproxy(): string {
  const found = spawnSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" }).stdout.trim();
  if (found) return found;
  console.log("haproxy not found: installing Debian's package");
  execFileSync("apt-get", ["install", "-y", "haproxy"], { stdio: "inherit" });
  return "haproxy";
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chaos-"));
const databaseUrl = (() => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
})();

async function main() {
  const haproxy = ensureHaproxy();
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${DB_NAME}`);
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const bot = await startFakeBotApi({ token: BOT_TOKEN });
  const ai = await startFakeOpenAi();
  ai.answer = `${ANSWER} for you`;
  ai.streamDelayMs = 300; // turns take a while: some are in flight when an instance dies
  // PORT + 10 would be 4190, a port fetch refuses (ManageSieve is on its "bad ports" list).
  const ports = Array.from({ length: INSTANCES }, (_, i) => PORT + 1 + i);
  const servers = new Map<number, ChildProcess>();

  const start = async (port: number) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      APP_MODE: "production",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      DATA_DIR: path.join(dir, String(port)),
      STORAGE_DIR: path.join(dir, "files"),
      JWT_SECRET: "chaos-jwt-secret-0123456789abcdef0123456789",
      BOT_TOKEN,
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      PUBLIC_URL: BASE,
      BOT_API_BASE_URL: bot.url,
      OPENAI_BASE_URL: ai.url,
      OPENAI_API_KEY: ai.apiKey,
      AI_TIMEOUT_SECONDS: "20",
      SHUTDOWN_DRAIN_MS: "3000",
      SHUTDOWN_TIMEOUT_MS: "6000",
      LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? "error",
      TRUSTED_PROXY_COUNT: "1",
    };
    const server = spawn("node", ["scripts/start.mjs"], {
      env,
      stdio: ["ignore", process.env.CHAOS_LOG_LEVEL ? "inherit" : "ignore", "inherit"],
    });
    servers.set(port, server);
    const until = Date.now() + 90_000;
    while (Date.now() < until) {
      const status = await fetch(`http://127.0.0.1:${port}/api/health?ready=1`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) return server;
      await sleep(250);
    }
    throw new Error(`instance ${port} did not become ready`);
  };

  const cfg = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(
    cfg,
    [
      "global",
      "  maxconn 2000",
      "defaults",
      "  mode http",
      "  timeout connect 2s",
      "  timeout client 30s",
      "  timeout server 30s",
      "  retries 2",
      "  option redispatch",
      "frontend app",
      `  bind 127.0.0.1:${PORT}`,
      "  default_backend instances",
      "backend instances",
      "  balance roundrobin",
      "  option httpchk GET /api/health?ready=1",
      ...ports.map((p, i) => `  server i${i} 127.0.0.1:${p} check inter 1s fall 2 rise 2`),
      "",
    ].join("\n"),
  );
  let proxy: ChildProcess | undefined;
  try {
    // The first instance migrates the empty database; the others start on it.
    log(`database ${DB_NAME}; starting ${INSTANCES} instances`);
    await start(ports[0]);
    await Promise.all(ports.slice(1).map(start));
    proxy = spawn(haproxy, ["-f", cfg, "-db"], { stdio: ["ignore", "ignore", "inherit"] });
    await sleep(2500);

    // Reads through the proxy all along, counted per second.
    const reads = { ok: 0, failed: 0, failedAt: [] as number[] };
    let reading = true;
    const reader = (async () => {
      while (reading) {
        // Liveness: the readiness probe answers 503 from a draining instance by design.
        const ok = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(10_000) })
          .then((r) => r.status === 200)
          .catch(() => false);
        const ok2 = await fetch(`${BASE}/api/openapi.json`, { signal: AbortSignal.timeout(10_000) })
          .then(async (r) => (await r.arrayBuffer(), r.status === 200))
          .catch(() => false);
        for (const passed of [ok, ok2])
          if (passed) reads.ok++;
          else {
            reads.failed++;
            reads.failedAt.push(performance.now());
          }
        await sleep(20);
      }
    })();

    // Chats: each sends /start, then its messages one after another, each once the previous is answered.
    let updateId = 1;
    const webhookFailures: number[] = [];
    const post = async (update: Record<string, unknown>) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const status = await fetch(`${BASE}/api/telegram/webhook`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
          body: JSON.stringify(update),
          signal: AbortSignal.timeout(10_000),
        }).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) return;
        webhookFailures.push(status);
        await sleep(1000); // Telegram retries a webhook that failed
      }
      throw new Error("a webhook was refused 20 times");
    };
    // An answer is sent, or edited into the message a resumed turn had begun.
    const answerCalls = (chat: number, methods: string[]) =>
      bot.calls.filter(
        (c) => methods.includes(c.method) && Number(c.body.chat_id) === chat && String(c.body.text).startsWith(ANSWER),
      ).length;
    const answersIn = (chat: number) => answerCalls(chat, ["sendMessage", "editMessageText"]);
    const settled = async (update: number) =>
      (await sql`select 1 from bot_updates where update_id = ${update} and status = 'done'`).length > 0;
    const waits: number[] = [];
    const chat = async (n: number) => {
      const id = 8_800_000_000 + n;
      const message = (text: string) => ({
        update_id: updateId++,
        message: {
          message_id: updateId,
          date: Math.floor(Date.now() / 1000),
          chat: { id, type: "private" },
          from: { id, is_bot: false, first_name: "Chaos", language_code: "en" },
          text,
          ...(text.startsWith("/") ? { entities: [{ type: "bot_command", offset: 0, length: text.length }] } : {}),
        },
      });
      await post(message("/start"));
      await sleep(1500 + Math.random() * 1000);
      for (let i = 0; i < MESSAGES; i++) {
        const sent = performance.now();
        const question = message(`question ${i} of chat ${n}`);
        await post(question);
        const until = Date.now() + 60_000;
        while (!(await settled(question.update_id)) && Date.now() < until) await sleep(200);
        waits.push(performance.now() - sent);
        await sleep(Math.random() * 500);
      }
    };
    const chats = Promise.all(Array.from({ length: CHATS }, (_, n) => sleep(n * 50).then(() => chat(n))));

    // The faults.
    await sleep(6000);
    const killed = servers.get(ports[0])!;
    log(`SIGKILL instance ${ports[0]}`);
    const killedAt = performance.now();
    killed.kill("SIGKILL");
    await sleep(5000);
    const stopped = servers.get(ports[1])!;
    log(`SIGTERM instance ${ports[1]}`);
    const stoppedAt = performance.now();
    const failedBeforeStop = reads.failed;
    const stoppedExit = new Promise((resolve) => stopped.once("exit", resolve));
    stopped.kill("SIGTERM");
    await stoppedExit;
    const failedThroughStop = reads.failed - failedBeforeStop;
    log(`instance ${ports[1]} exited after ${((performance.now() - stoppedAt) / 1000).toFixed(1)} s`);
    log(`restarting ${ports[0]} and ${ports[1]}`);
    await Promise.all([start(ports[0]), start(ports[1])]);
    await chats;
    reading = false;
    await reader;

    // Settle: nothing pending or processing, then the checks.
    const quietBy = Date.now() + 60_000;
    while (Date.now() < quietBy) {
      const [{ n }] = await sql`select count(*)::int as n from bot_updates where status in ('pending', 'processing')`;
      if (n === 0) break;
      await sleep(500);
    }
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
    const answersShort: number[] = [];
    const answersTwice: number[] = [];
    for (let n = 0; n < CHATS; n++) {
      const got = answersIn(8_800_000_000 + n);
      if (got < MESSAGES) answersShort.push(n);
      if (answerCalls(8_800_000_000 + n, ["sendMessage"]) > MESSAGES) answersTwice.push(n);
    }
    const longestWait = Math.max(...waits) / 1000;
    const results = {
      updates: updates.total,
      unsettled: updates.unsettled,
      textsNotAnsweredByExactlyOneTurn: turnsPerText.length,
      updatesChargedTwice: charges.length,
      turnsRunning: running,
      turnsTakenOverFromStoppedInstances: takenOver,
      chatsMissingAnswers: answersShort.length,
      chatsAnsweredTwice: answersTwice.length,
      readsOk: reads.ok,
      readsFailed: reads.failed,
      readsFailedThroughSigterm: failedThroughStop,
      webhookRetries: webhookFailures.length,
      longestChatWaitSeconds: Number(longestWait.toFixed(1)),
      longestUpdateSeconds: Number(Number(updates.longest).toFixed(1)),
      killAt: Number(((killedAt - t0) / 1000).toFixed(1)),
    };
    console.log(JSON.stringify(results, null, 2));
    const passed =
      results.unsettled === 0 &&
      results.textsNotAnsweredByExactlyOneTurn === 0 &&
      results.updatesChargedTwice === 0 &&
      results.turnsRunning === 0 &&
      results.chatsMissingAnswers === 0 &&
      results.chatsAnsweredTwice === 0 &&
      results.readsFailedThroughSigterm === 0 &&
      longestWait <= 15;
    console.log(passed ? "chaos: PASSED" : "chaos: FAILED");
    process.exitCode = passed ? 0 : 1;
  } finally {
    proxy?.kill("SIGTERM");
    for (const server of servers.values()) if (server.exitCode === null) server.kill("SIGKILL");
    await sleep(500);
    await Promise.all([bot.close(), ai.close()]);
    await sql.end();
    await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`).catch(() => {});
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
