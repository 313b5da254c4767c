// npm run bench:api - the built app against Next's own floor and a bare node:http server doing the same work
// (docs/performance.md).
// Builds nothing: run `npm run build` first. Creates a throwaway PostgreSQL database next to DATABASE_URL's
// (default postgres://postgres@127.0.0.1:5432/test), seeds it through the app's own code, records the exact SQL
// each call sends (by calling the route handlers in this process with a logging database, second call, so
// caches are warm), starts the built app (`npm start`, or BENCH_APP_CMD), the Next floor (bench/next-floor.ts:
// a minimal Next app, one route handler per call, built for the run) and, in a child process of this same file,
// a bare node:http server; the floor and the bare server verify the same JWT with jose and replay that SQL.
// autocannon loads the three on loopback, each with as many database connections as the app (DATABASE_POOL_SIZE);
// after BENCH_WARMUP_SECONDS (5) of load on every call, every call is run BENCH_REPEATS times in rotated order and
// the medians are printed, with the goal app ≥ 0.85 × the floor beside them, and the CPU time the app's and the
// floor's processes spent a request (read from /proc over each load): steadier than the rates when something else
// runs on the machine, since a busy core slows both the server and autocannon.
// BENCH_DB=pglite instead measures the embedded database: start-up on an existing folder and the slowest
// request at 10 connections (no bare server).
import { AsyncLocalStorage } from "node:async_hooks";
import { fork, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";
import { APP_BASE, groupCpuSeconds, median, sleep, startApp, stopApp, waitForHealth } from "./built-app";
import { startNextFloor, type NextFloor } from "./next-floor";
import { createThrowawayDatabase } from "./throwaway-database";

type Call = { label: string; method: "GET" | "POST"; path: string; auth: boolean; body?: string };
type Recorded = Call & { queries: { sql: string; params: unknown[] }[]; status: number; response: string };
/** `cpuUs`: the server's CPU time a request (its process group; NaN for the bare server, which shares the bench's). */
type Figures = { rps: number; p50: number; p99: number; max: number; errors: number; cpuUs: number };

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 3291);
const FLOOR_GOAL = 0.85;
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// Each server is loaded this long on every call before the measured repeats: the app's JIT takes longer to settle
// than the floor's smaller code (measured: the app's rate still rose for about 10 s of load).
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
// The floor and the bare server keep as many connections to PostgreSQL as the app does (DATABASE_POOL_SIZE):
// with fewer, more queries share each socket write at 50 connections, which is not what is compared.
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 20);
const JWT_SECRET = crypto.randomBytes(32).toString("base64url");
const BOT_TOKEN = `1000000001:${crypto.randomBytes(24).toString("base64url")}`;

const ALL_CALLS: Call[] = [
  { label: "GET /api/health", method: "GET", path: "/api/health", auth: false },
  { label: "GET /api/user/statistic", method: "GET", path: "/api/user/statistic", auth: true },
  { label: "GET /api/models/all", method: "GET", path: "/api/models/all", auth: true },
  { label: "GET /api/tariff/standard", method: "GET", path: "/api/tariff/standard", auth: true },
  { label: "POST /api/history/", method: "POST", path: "/api/history/", auth: true, body: '{"page":1,"page_size":10}' },
  {
    label: "GET /api/video/check-model-cost/{model}",
    method: "GET",
    path: "/api/video/check-model-cost/veo-3",
    auth: true,
  },
];
// BENCH_CALLS="models/all,tariff/standard" measures only the calls whose path holds one of those (a quicker look).
const CALLS = process.env.BENCH_CALLS
  ? ALL_CALLS.filter((c) => process.env.BENCH_CALLS!.split(",").some((part) => c.path.includes(part)))
  : ALL_CALLS;
// The route module and its params for each call (the app router's file layout).
const ROUTES: Record<string, { file: string; params: Record<string, string> }> = {
  "/api/health": { file: "app/api/health/route", params: {} },
  "/api/user/statistic": { file: "app/api/user/statistic/route", params: {} },
  "/api/models/all": { file: "app/api/models/all/route", params: {} },
  "/api/tariff/standard": { file: "app/api/tariff/standard/route", params: {} },
  "/api/history/": { file: "app/api/history/route", params: {} },
  "/api/video/check-model-cost/veo-3": {
    file: "app/api/video/check-model-cost/[modelName]/route",
    params: { modelName: "veo-3" },
  },
};

// ---------- the bare server (child process) ----------
async function runBare() {
  const { url, calls } = JSON.parse(process.env.BENCH_BARE_CONFIG!) as { url: string; calls: Recorded[] };
  const sql = postgres(url, { max: POOL_SIZE, onnotice: () => {} });
  // The app's own check of a mini-app token, with the parent's secret (JWT_SECRET in the environment).
  const { verifyToken } = await import("@/lib/server/auth/jwt");
  const byPath = new Map(calls.map((c) => [`${c.method} ${c.path}`, c]));
  const server = http.createServer(async (req, res) => {
    const call = byPath.get(`${req.method} ${req.url}`);
    if (!call) return void res.writeHead(404).end();
    try {
      if (req.method === "POST") for await (const chunk of req) void chunk; // read the body like the app does
      if (call.auth) {
        const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
        if (!token) return void res.writeHead(401).end();
        if ((await verifyToken(token)) === null) return void res.writeHead(401).end();
      }
      for (const q of call.queries) await sql.unsafe(q.sql, q.params as never[], { prepare: true });
      res.writeHead(call.status, { "content-type": "application/json" }).end(call.response);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  // Any free port (the ones next to the app's may belong to someone else's run): the parent is told which.
  server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as { port: number }).port }));
}

// ---------- the driver ----------
async function load(
  url: string,
  call: Call,
  token: string,
  connections: number,
  seconds: number,
  pgid?: number,
): Promise<Figures> {
  const cpuBefore = pgid ? groupCpuSeconds(pgid) : NaN;
  const result = await autocannon({
    url: url + call.path,
    method: call.method,
    connections,
    duration: seconds,
    headers: {
      ...(call.auth ? { authorization: `Bearer ${token}` } : {}),
      ...(call.body ? { "content-type": "application/json" } : {}),
    },
    body: call.body,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuUs: pgid ? ((groupCpuSeconds(pgid) - cpuBefore) / result.requests.total) * 1e6 : NaN,
  };
}

async function seedUser(): Promise<{ userId: number }> {
  const { getDb } = await import("@/db");
  const { upsertTelegramUser } = await import("@/lib/server/users");
  const db = await getDb(); // migrates and seeds the catalogue
  const user = await upsertTelegramUser({ db, tg: { id: 777_000_001, firstName: "Bench", languageCode: "en" } });
  const { dialogSessions, models, subscriptions, tariffModels } = await import("@/db/schema");
  const { eq } = await import("drizzle-orm");
  const [model] = await db.select({ id: models.id }).from(models).limit(1);
  // A paid subscription to a tariff that opens veo-3, so the cost check answers 200 rather than 403.
  const [paid] = await db
    .select({ tariffId: tariffModels.tariffId })
    .from(tariffModels)
    .innerJoin(models, eq(models.id, tariffModels.modelId))
    .where(eq(models.modelName, "veo-3"))
    .limit(1);
  const limits = { textLimit: 1000, imageLimit: 100, audioLimit: 100, fileLimit: 100, videoLimit: 100 };
  const month = 30 * 86_400_000;
  await db.insert(subscriptions).values({
    userId: user.id,
    tariffId: paid.tariffId,
    priceKopecks: 100_000,
    startsAt: new Date(),
    expiresAt: new Date(Date.now() + month),
    ...limits,
  });
  await db.insert(dialogSessions).values(
    Array.from({ length: 30 }, (_, i) => ({
      userId: user.id,
      name: `Session ${i}`,
      modelId: model.id,
      action: "text",
    })) as never,
  );
  return { userId: user.id };
}

/** The mini-app token the app itself issues at sign-in (its audience included). */
const tokenFor = async (userId: number) => (await import("@/lib/server/auth/jwt")).issueToken(userId);

/** Calls each route handler in this process with a database that logs its SQL; keeps the second (warm) call. */
async function recordCalls(url: string, token: string): Promise<Recorded[]> {
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const schema = await import("@/db/schema");
  // Only queries sent on behalf of the call count (background jobs share the database handle).
  const calling = new AsyncLocalStorage<Recorded["queries"]>();
  const client = postgres(url, { max: 10, onnotice: () => {} });
  const db = drizzle(client, {
    schema,
    logger: { logQuery: (sql, params) => void calling.getStore()?.push({ sql, params }) },
  });
  // Both what getDb() answers and what openDb() answers (db/index.ts).
  Object.assign((globalThis as unknown as { __appDb: object }).__appDb, { promise: Promise.resolve(db), db });
  const recorded: Recorded[] = [];
  for (const call of CALLS) {
    const route = ROUTES[call.path];
    const mod = (await import(`@/${route.file}`)) as Record<string, (req: Request, ctx: unknown) => Promise<Response>>;
    const invoke = () =>
      mod[call.method](
        new Request(`http://127.0.0.1${call.path}`, {
          method: call.method,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: call.body,
        }),
        { params: Promise.resolve(route.params) },
      );
    await (await invoke()).text();
    const queries: Recorded["queries"] = [];
    const res = await calling.run(queries, invoke);
    // A refused call (a token the app no longer accepts, say) would measure the refusal, not the call.
    if (!res.ok)
      throw new Error(`${call.method} ${call.path} answered ${res.status} while recording: ${await res.text()}`);
    recorded.push({ ...call, queries, status: res.status, response: await res.text() });
  }
  return recorded;
}

function machine() {
  return `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

async function benchPostgres() {
  const database = await createThrowawayDatabase("bench_api");
  Object.assign(process.env, { DATABASE_URL: database.url, JWT_SECRET, BOT_TOKEN });
  let app: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  let floor: NextFloor | undefined;
  const floorConfig = path.join(os.tmpdir(), `bench-floor-${crypto.randomBytes(4).toString("hex")}.json`);
  const loadBefore = os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(" / ");
  try {
    const { userId } = await seedUser();
    const token = await tokenFor(userId);
    const recorded = await recordCalls(database.url, token);
    const { closeDb } = await import("@/db");
    await closeDb();
    for (const r of recorded)
      console.log(`${r.label}: ${r.status}, ${r.queries.length} queries, ${r.response.length} bytes of JSON`);
    fs.writeFileSync(floorConfig, JSON.stringify({ url: database.url, calls: recorded }));
    floor = await startNextFloor({
      port: FLOOR_PORT,
      env: { BENCH_FLOOR_CONFIG: floorConfig, JWT_SECRET, DATABASE_POOL_SIZE: String(POOL_SIZE) },
    });

    app = startApp({ DATABASE_URL: database.url, JWT_SECRET, BOT_TOKEN, DATABASE_POOL_SIZE: String(POOL_SIZE) });
    const appBase = APP_BASE;
    await waitForHealth(app);
    bare = fork(process.argv[1], ["--bare"], {
      env: { ...process.env, JWT_SECRET, BENCH_BARE_CONFIG: JSON.stringify({ url: database.url, calls: recorded }) },
      execArgv: process.execArgv,
    });
    const { port: barePort } = await new Promise<{ port: number }>((resolve, reject) => {
      bare!.once("message", (m) => resolve(m as { port: number }));
      bare!.once("exit", (code) => reject(new Error(`the bare server exited with ${code}`)));
    });
    const bareBase = `http://127.0.0.1:${barePort}`;

    const bases = { app: appBase, floor: floor.base, bare: bareBase };
    const targets = ["app", "floor", "bare"] as const;
    const groups = { app: app.pid, floor: floor.pid, bare: undefined };
    const runs = new Map(
      CALLS.map((c) => [c.label, { app: [] as Figures[], floor: [] as Figures[], bare: [] as Figures[] }]),
    );
    for (const call of CALLS)
      for (const target of targets) await load(bases[target], call, token, CONNECTIONS, WARMUP_SECONDS); // warm-up: JIT, pools, plans
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      // Rotate the order of the calls and of the three servers so none always runs first or hottest.
      const order = CALLS.map((_, i) => CALLS[(i + repeat) % CALLS.length]);
      for (const call of order) {
        for (const [i] of targets.entries()) {
          const target = targets[(i + repeat) % targets.length];
          runs
            .get(call.label)!
            [target].push(await load(bases[target], call, token, CONNECTIONS, SECONDS, groups[target]));
        }
      }
    }
    const loadAfter = os
      .loadavg()
      .map((v) => v.toFixed(1))
      .join(" / ");
    console.log(
      `\n${new Date().toISOString()} · ${machine()} · ${CONNECTIONS} connections, ${REPEATS} × ${SECONDS} s, medians`,
    );
    console.log(`load average (1 / 5 / 15 min): ${loadBefore} before, ${loadAfter} after`);
    console.log(
      `| call | app rps (p50/p99 ms) | Next floor rps (p50/p99 ms) | bare server rps (p50/p99 ms) | app / floor (goal ≥ ${FLOOR_GOAL}) | floor / bare | CPU µs a request, app / floor | errors |`,
    );
    console.log("|---|---|---|---|---|---|---|---|");
    for (const call of CALLS) {
      const { app: a, floor: f, bare: b } = runs.get(call.label)!;
      const m = (list: Figures[], key: keyof Figures) => median(list.map((x) => x[key]));
      const cell = (list: Figures[]) => `${Math.round(m(list, "rps"))} (${m(list, "p50")}/${m(list, "p99")})`;
      const errors = [...a, ...f, ...b].reduce((sum, x) => sum + x.errors, 0);
      const ratio = m(a, "rps") / m(f, "rps");
      console.log(
        `| ${call.label} | ${cell(a)} | ${cell(f)} | ${cell(b)} | ${ratio.toFixed(2)}${ratio >= FLOOR_GOAL ? "" : " ✗"} | ${(m(f, "rps") / m(b, "rps")).toFixed(2)} | ${Math.round(m(a, "cpuUs"))} / ${Math.round(m(f, "cpuUs"))} | ${errors} |`,
      );
    }
  } finally {
    if (app) await stopApp(app);
    await floor?.stop();
    fs.rmSync(floorConfig, { force: true });
    bare?.kill("SIGTERM");
    await sleep(500);
    await database.drop();
  }
}

async function benchPglite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pglite-"));
  const pgliteDir = path.join(dir, "pglite");
  Object.assign(process.env, { PGLITE_DIR: pgliteDir, DATA_DIR: dir, JWT_SECRET, BOT_TOKEN });
  delete process.env.DATABASE_URL;
  let app: ChildProcess | undefined;
  try {
    const { userId } = await seedUser(); // creates the folder: the app then starts on an existing one
    const { closeDb } = await import("@/db");
    await closeDb();
    const token = await tokenFor(userId);
    const env = { DATABASE_URL: undefined, PGLITE_DIR: pgliteDir, DATA_DIR: dir, JWT_SECRET, BOT_TOKEN };
    app = startApp(env);
    const appBase = APP_BASE;
    const readyMs = await waitForHealth(app);
    const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
    console.log(`${new Date().toISOString()} · ${machine()} · PGlite, ${connections} connections, ${SECONDS} s a call`);
    console.log(`start-up on an existing folder (spawn to first /api/health 200): ${Math.round(readyMs)} ms`);
    console.log("| call | rps | p50 ms | p99 ms | max ms | errors |");
    console.log("|---|---|---|---|---|---|");
    for (const call of CALLS) {
      await load(appBase, call, token, connections, 1);
      const f = await load(appBase, call, token, connections, SECONDS);
      console.log(`| ${call.label} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${f.max} | ${f.errors} |`);
    }
  } finally {
    if (app) await stopApp(app);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const main = process.argv.includes("--bare")
  ? runBare
  : process.env.BENCH_DB === "pglite"
    ? benchPglite
    : benchPostgres;
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
