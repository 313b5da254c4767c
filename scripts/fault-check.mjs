#!/usr/bin/env node
// Fault script (docs/operations.md): runs the BUILT app against a throwaway PostgreSQL cluster of its
// own, puts it under load, and shows with figures that
//   1. a PostgreSQL restart under load gives 503s (never 500s) only during the outage, and the app
//      recovers on its own;
//   2. the app started while PostgreSQL is down answers health with 503 and recovers by itself;
//   3. SIGTERM under load stops accepting, lets in-flight requests finish, and exits within 10 s.
// Usage: `npm run build && npm run fault` (needs PostgreSQL's server binaries, e.g. Debian's
// postgresql package; as root the cluster runs as the `postgres` user). Every request goes to
// 127.0.0.1; every loop is bounded in count and time.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const PG_PORT = Number(process.env.FAULT_PG_PORT ?? 55432);
const APP_PORT = Number(process.env.FAULT_APP_PORT ?? 3390);
const BASE = `http://127.0.0.1:${APP_PORT}`;
const CONCURRENCY = 8;

function pgBin(name) {
  const root = "/usr/lib/postgresql";
  const version = fs.existsSync(root) ? fs.readdirSync(root).sort().pop() : undefined;
  const bin = version ? path.join(root, version, "bin", name) : undefined;
  if (!bin || !fs.existsSync(bin))
    throw new Error(`PostgreSQL server binaries not found under ${root}: install the postgresql package`);
  return bin;
}

const asPostgres = (cmd, args) =>
  process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];

function runPg(cmd, args) {
  const [c, a] = asPostgres(pgBin(cmd), args);
  execFileSync(c, a, { stdio: "ignore" });
}

const clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), "fault-pg-"));
if (process.getuid?.() === 0) execFileSync("chown", ["postgres", clusterDir]);
const pgDataDir = path.join(clusterDir, "data");
const startPg = () =>
  runPg("pg_ctl", [
    "-D",
    pgDataDir,
    "-o",
    `-p ${PG_PORT} -k ${clusterDir} -c listen_addresses=127.0.0.1`,
    "-w",
    "-l",
    path.join(clusterDir, "log"),
    "start",
  ]);
const stopPg = () => runPg("pg_ctl", ["-D", pgDataDir, "-m", "fast", "-w", "stop"]);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let app;
function startApp() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fault-app-"));
  const env = {
    ...process.env,
    APP_MODE: "demo",
    DATABASE_URL: `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`,
    DATA_DIR: dataDir,
    STORAGE_DIR: path.join(dataDir, "files"),
    PORT: String(APP_PORT),
    HOSTNAME: "127.0.0.1",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  // The same start command as production (package.json "start"), without an npm wrapper, so that
  // the signal reaches the server itself.
  const [cmd, ...args] = (process.env.FAULT_APP_CMD ?? "node scripts/start.mjs").split(" ");
  app = spawn(cmd, args, { env, stdio: ["ignore", "ignore", "inherit"] });
  return app;
}

async function request(pathname, init = {}) {
  const started = performance.now();
  try {
    const res = await fetch(`${BASE}${pathname}`, { ...init, signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get("retry-after") };
  } catch (error) {
    return { status: 0, ms: performance.now() - started, error: error.cause?.code ?? error.name };
  }
}

async function waitFor(check, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await sleep(100);
  }
  return undefined;
}

async function token() {
  const init = await (await fetch(`${BASE}/api/demo/init-data?user=777001`)).json();
  const res = await fetch(`${BASE}/api/auth/telegram-login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ initData: init.initData }),
  });
  return (await res.json()).jwtToken;
}

/** Runs CONCURRENCY request loops until `stop()` says so (bounded by maxMs); returns every result. */
async function load({ jwt, maxMs, stop }) {
  const results = [];
  const started = Date.now();
  const loop = async (i) => {
    while (!stop() && Date.now() - started < maxMs) {
      const pathname = i % 2 ? "/api/health" : "/api/user/statistic";
      const r = await request(pathname, { headers: { authorization: `Bearer ${jwt}` } });
      results.push({ ...r, at: Date.now() });
      if (r.status !== 200) await sleep(20);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => loop(i)));
  return results;
}

const tally = (results) =>
  results.reduce((acc, r) => ((acc[r.status || r.error] = (acc[r.status || r.error] ?? 0) + 1), acc), {});

async function restartUnderLoad(jwt) {
  let done = false;
  const loadPromise = load({ jwt, maxMs: 30_000, stop: () => done });
  await sleep(1500);
  const downAt = Date.now();
  stopPg();
  await sleep(3000);
  startPg();
  const upAt = Date.now();
  const recoveredIn = await waitFor(
    async () => (await request("/api/user/statistic", { headers: { authorization: `Bearer ${jwt}` } })).status === 200,
    15_000,
  );
  await sleep(1000);
  done = true;
  const results = await loadPromise;
  const during = results.filter((r) => r.at >= downAt && r.at <= upAt + (recoveredIn ?? 0));
  const outside = results.filter((r) => r.at < downAt || r.at > upAt + (recoveredIn ?? 0) + 200);
  return {
    during: tally(during),
    outside: tally(outside),
    recoveredMs: recoveredIn,
    every503HasRetryAfter: during.filter((r) => r.status === 503).every((r) => r.retryAfter),
  };
}

async function startWhileDown() {
  stopPg();
  startApp();
  const healthDown = await waitFor(async () => (await request("/api/health")).status === 503, 30_000);
  const statusWhileDown = (await request("/api/health")).status;
  startPg();
  const recoveredMs = await waitFor(async () => (await request("/api/health")).status === 200, 15_000);
  return { answeredWhileDownAfterMs: healthDown, statusWhileDown, recoveredMs };
}

async function sigtermUnderLoad(jwt) {
  let done = false;
  const loadPromise = load({ jwt, maxMs: 20_000, stop: () => done });
  await sleep(1500);
  const sentAt = Date.now();
  const exited = new Promise((resolve) =>
    app.once("exit", (code, signal) => resolve({ code, signal, ms: Date.now() - sentAt })),
  );
  app.kill("SIGTERM");
  const exit = await Promise.race([exited, sleep(15_000).then(() => ({ timeout: true }))]);
  done = true;
  const results = await loadPromise;
  const inflightAtSignal = results.filter((r) => r.at >= sentAt && r.at - r.ms <= sentAt);
  return {
    exit,
    inFlightAtSignal: tally(inflightAtSignal),
    afterSignal: tally(results.filter((r) => r.at - r.ms > sentAt)),
  };
}

async function main() {
  runPg("initdb", ["-D", pgDataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  startPg();
  const report = {};
  try {
    startApp();
    const readyMs = await waitFor(async () => (await request("/api/health")).status === 200, 60_000);
    if (readyMs === undefined) throw new Error("the app did not become healthy");
    const jwt = await token();
    report.postgresRestartUnderLoad = await restartUnderLoad(jwt);
    report.sigtermUnderLoad = await sigtermUnderLoad(jwt);
    report.startedWhilePostgresDown = await startWhileDown();
  } finally {
    app?.kill("SIGKILL");
    try {
      stopPg();
    } catch {
      // already stopped
    }
    fs.rmSync(clusterDir, { recursive: true, force: true });
  }
  console.log(JSON.stringify(report, null, 2));
  const r = report;
  const ok =
    !r.postgresRestartUnderLoad.during["500"] &&
    !r.postgresRestartUnderLoad.outside["500"] &&
    (r.postgresRestartUnderLoad.recoveredMs ?? Infinity) < 5000 &&
    !r.sigtermUnderLoad.exit.timeout &&
    r.sigtermUnderLoad.exit.ms < 10_000 &&
    r.startedWhilePostgresDown.statusWhileDown === 503 &&
    r.startedWhilePostgresDown.recoveredMs !== undefined;
  console.log(ok ? "fault check: all held" : "fault check: FAILED");
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  app?.kill("SIGKILL");
  process.exit(1);
});
