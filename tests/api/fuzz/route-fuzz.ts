import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { signIn } from "../../helpers/api";

/**
 * Sends malformed, oversized, edge-valued and wrongly typed input to every route handler under
 * app/api (found on disk, so a new route is fuzzed without touching this file) and checks that no
 * answer is a 5xx and that no rejected request changed the database. The routes are dealt into
 * shards (shard-<n>.test.ts), each its own test file with its own database, so Vitest runs them on
 * parallel workers; `FUZZ_DEBUG=<part of a path> npx vitest run tests/api/fuzz` prints every answer
 * for matching routes.
 */

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type Route = {
  file: string;
  urlPath: string;
  params: string[];
  catchAll: boolean;
  fields: string[];
  methods: Record<string, Handler>;
};

const API_DIR = path.resolve("app/api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

function findRouteFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return findRouteFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** Object keys (snake_case or camelCase before a colon) of a source file: request and answer fields. */
function fieldNamesIn(source: string): string[] {
  return [...new Set([...source.matchAll(/\b([a-z][a-zA-Z0-9_]*)\??\s*:/g)].map((m) => m[1]))];
}

/** Every field any contract names, so edge values reach the fields routes actually read. */
function contractFieldNames(): string[] {
  return [
    ...new Set(
      fs
        .readdirSync("lib/contracts")
        .flatMap((file) => fieldNamesIn(fs.readFileSync(path.join("lib/contracts", file), "utf8"))),
    ),
  ];
}

/** The fields of the contract files a route imports: each is then pushed to its edges alone. */
function routeFieldNames(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const contracts = [...source.matchAll(/from "@\/lib\/contracts\/([\w-]+)"/g)].map((m) => `lib/contracts/${m[1]}.ts`);
  return [
    ...new Set([
      ...fieldNamesIn(source),
      ...contracts.filter((f) => fs.existsSync(f)).flatMap((f) => fieldNamesIn(fs.readFileSync(f, "utf8"))),
    ]),
  ];
}

const LONG = "x".repeat(3000);
const EDGE_VALUES: unknown[] = [
  2_147_483_648,
  -2_147_483_649,
  9_007_199_254_740_993,
  1e308,
  -1,
  0,
  1.5,
  "",
  "\u0000",
  "a\u0000b",
  LONG,
  "1e400",
  "../../etc/passwd",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "２",
  [],
  [2_147_483_648, -1, "x"],
  {},
  { nested: { deeper: [null] } },
  null,
  true,
];
// Values that pass a loose schema but not a column: pushed into one field at a time.
const ONE_FIELD_VALUES: unknown[] = [2_147_483_648, -1, 1.5, 9_007_199_254_740_993, "a\u0000b", [2_147_483_648]];
const EDGE_STRINGS = [
  "0",
  "-1",
  "2147483648",
  "99999999999999999999",
  "1.5",
  "abc",
  "%00",
  "\u0000",
  LONG,
  "../..",
  "NaN",
  " ",
];

type Refusal = { status: number; code: string; headers?: Record<string, string> };
type RequestGuard = {
  refuseRequestLine: (line: { method: string; url: string }, routeMethods: Record<string, string[]>) => Refusal | null;
  routeMethodsFromSource: (appDir: string) => Record<string, string[]>;
};
// The production server's guard in front of Next (scripts/server.cjs): what it refuses never reaches a handler.
const guard = createRequire(import.meta.url)("../../../scripts/request-guard.cjs") as RequestGuard;

const MALFORMED_ENCODINGS = ["ab%FF", "ab%C0%AF", "ab%", "%E0%A4%A", "%zz"];
const UNKNOWN_METHODS = ["TRACE", "CONNECT", "PROPFIND", "FOO"];
const BROKEN_MULTIPART = [
  { label: "multipart without a boundary", contentType: "multipart/form-data" },
  { label: "multipart with an empty boundary", contentType: "multipart/form-data; boundary=" },
  { label: "multipart with another boundary", contentType: "multipart/form-data; boundary=zzz" },
  { label: "multipart with an overlong boundary", contentType: `multipart/form-data; boundary=${"b".repeat(200)}` },
];

/** How many requests a route file will get, roughly, from its methods and fields (read from its source). */
function expectedWork(file: string): number {
  const source = fs.readFileSync(file, "utf8");
  const methods = [...source.matchAll(/^export const (GET|POST|PUT|PATCH|DELETE)\b/gm)].map((m) => m[1]);
  const perMethod = 40 + 12 * routeFieldNames(file).length;
  // A refused mutating request is followed by a database fingerprint, which costs more than the request.
  return methods.reduce((sum, m) => sum + perMethod * (m === "GET" ? 1 : 3), 0);
}

/** The route files of one shard: heaviest first, each to the shard with the least work so far. */
function routeFilesOfShard(shard: number, shards: number): string[] {
  const files = findRouteFiles(API_DIR)
    .map((file) => ({ file, work: expectedWork(file) }))
    .sort((a, b) => b.work - a.work || a.file.localeCompare(b.file));
  const load = Array.from({ length: shards }, () => ({ work: 0, files: [] as string[] }));
  for (const { file, work } of files) {
    const lightest = load.reduce((min, s) => (s.work < min.work ? s : min));
    lightest.work += work;
    lightest.files.push(file);
  }
  return load[shard - 1].files;
}

async function loadRoutes(files: string[]): Promise<Route[]> {
  const routes: Route[] = [];
  for (const file of files) {
    const relative = path.relative(API_DIR, path.dirname(file)).split(path.sep).filter(Boolean);
    const params = relative.filter((s) => s.startsWith("[")).map((s) => s.replace(/^\[(\.\.\.)?|\]$/g, ""));
    const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    const methods = Object.fromEntries(
      METHODS.filter((m) => typeof mod[m] === "function").map((m) => [m, mod[m] as Handler]),
    );
    const catchAll = relative.some((s) => s.startsWith("[..."));
    routes.push({
      file,
      urlPath: `/api/${relative.join("/")}`,
      params,
      catchAll,
      fields: routeFieldNames(file),
      methods,
    });
  }
  return routes;
}

type Attempt = {
  label: string;
  body?: BodyInit;
  contentType?: string;
  query?: Record<string, string>;
  params?: Record<string, string>;
  token?: string;
};

function attemptsFor(route: Route, fields: string[], token: string): Attempt[] {
  const attempts: Attempt[] = [
    { label: "no token, no body" },
    { label: "garbage token", token: "not.a.jwt" },
    { label: "empty body", token },
    { label: "broken JSON", token, body: "{oops", contentType: "application/json" },
    {
      label: "JSON as text/plain",
      token,
      body: JSON.stringify(Object.fromEntries(fields.map((f) => [f, 1]))),
      contentType: "text/plain",
    },
    { label: "form encoded", token, body: "a=1&b=2", contentType: "application/x-www-form-urlencoded" },
    {
      label: "multipart garbage",
      token,
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      contentType: "multipart/form-data; boundary=x",
    },
    {
      label: "oversized JSON",
      token,
      body: JSON.stringify({ pad: "x".repeat(200 * 1024) }),
      contentType: "application/json",
    },
  ];
  for (const value of EDGE_VALUES) {
    const label = `every field = ${JSON.stringify(value)?.slice(0, 30)}`;
    attempts.push({
      label: `${label} (body)`,
      token,
      body: JSON.stringify(Object.fromEntries(fields.map((f) => [f, value]))),
      contentType: "application/json",
    });
    attempts.push({
      label: `whole body = ${JSON.stringify(value)?.slice(0, 30)}`,
      token,
      body: JSON.stringify(value),
      contentType: "application/json",
    });
  }
  for (const field of route.fields) {
    for (const value of ONE_FIELD_VALUES) {
      attempts.push({
        label: `${field} = ${JSON.stringify(value)}`,
        token,
        body: JSON.stringify({ [field]: value }),
        contentType: "application/json",
      });
      attempts.push({ label: `?${field}=${JSON.stringify(value)}`, token, query: { [field]: String(value) } });
    }
  }
  for (const value of EDGE_STRINGS) {
    const query = Object.fromEntries(fields.map((f) => [f, value]));
    const params = Object.fromEntries(route.params.map((p) => [p, value]));
    attempts.push({ label: `query and path = ${JSON.stringify(value).slice(0, 30)}`, token, query, params });
  }
  return attempts;
}

function buildRequest(route: Route, method: string, attempt: Attempt): Request {
  const segments = route.urlPath.split("/").map((segment) => {
    const name = segment.replace(/^\[(\.\.\.)?|\]$/g, "");
    return segment.startsWith("[") ? encodeURIComponent(attempt.params?.[name] ?? "1") : segment;
  });
  const url = new URL(`http://localhost${segments.join("/")}`);
  for (const [k, v] of Object.entries(attempt.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = {};
  if (attempt.token) headers.authorization = `Bearer ${attempt.token}`;
  if (attempt.contentType) headers["content-type"] = attempt.contentType;
  const withBody = method !== "GET" && attempt.body !== undefined;
  return new Request(url, { method, headers, body: withBody ? attempt.body : undefined });
}

function paramsOf(route: Route, attempt: Attempt): Record<string, string | string[]> {
  return Object.fromEntries(
    route.params.map((p) => {
      const value = attempt.params?.[p] ?? "1";
      return [p, route.catchAll ? value.split("/") : value];
    }),
  );
}

/** A fingerprint of every table's rows but the rate-limit counters (which count rejected requests too). */
async function databaseFingerprint(): Promise<string> {
  const db = await getDb();
  const tables = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'rate_limits' order by tablename`,
  );
  const names = (Array.isArray(tables) ? tables : (tables as { rows: { tablename: string }[] }).rows).map(
    (t) => t.tablename,
  );
  const parts = names.map(
    (name) =>
      sql`select ${name} as t, count(*)::text as n, coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as h from ${sql.identifier(name)} x`,
  );
  const query = sql.join(parts, sql` union all `);
  const rows = await db.execute<{ t: string; n: string; h: string }>(query);
  const list = Array.isArray(rows) ? rows : (rows as { rows: { t: string; n: string; h: string }[] }).rows;
  return list.map((r) => `${r.t}:${r.n}:${r.h}`).join("|");
}

/** Fuzzes one shard of the route files; shard 1 also checks that the routes and fields are found. */
export function describeRouteFuzz({ shard, shards }: { shard: number; shards: number }) {
  describe(`every route under /api survives hostile input (shard ${shard} of ${shards})`, () => {
    let routes: Route[] = [];
    let fields: string[] = [];
    let token = "";

    beforeAll(async () => {
      process.env.RATE_LIMIT_MULTIPLIER ??= "1000";
      routes = await loadRoutes(routeFilesOfShard(shard, shards));
      fields = contractFieldNames();
      ({ token } = await signIn());
    });

    it.runIf(shard === 1)("finds the routes and the contract fields, and deals every route to one shard", () => {
      const all = findRouteFiles(API_DIR);
      expect(all.length).toBeGreaterThan(30);
      const dealt = Array.from({ length: shards }, (_, i) => routeFilesOfShard(i + 1, shards)).flat();
      expect(dealt.sort()).toEqual([...all].sort());
      expect(fields).toEqual(expect.arrayContaining(["model_id", "package_id", "calculated_price"]));
    });

    it("answers no 5xx, and a rejected request changes nothing", async () => {
      const failures: string[] = [];
      let sent = 0;
      const secret = new TextEncoder().encode(process.env.JWT_SECRET!);
      const hugeSubToken = await new SignJWT({})
        .setProtectedHeader({ alg: "HS256" })
        .setSubject("99999999999")
        .setAudience("mini-app")
        .setExpirationTime("1h")
        .sign(secret);
      // The database's fingerprint when it is known not to have moved since (the last request was refused).
      let unchanged: string | undefined;
      for (const route of routes) {
        for (const [method, handler] of Object.entries(route.methods)) {
          const attempts = [
            ...attemptsFor(route, fields, token),
            { label: "real-secret token with a huge sub", token: hugeSubToken },
          ];
          for (const attempt of attempts) {
            const mutating = method !== "GET";
            const before = mutating ? (unchanged ?? (await databaseFingerprint())) : "";
            unchanged = undefined;
            const res = await handler(buildRequest(route, method, attempt), {
              params: Promise.resolve(paramsOf(route, attempt)),
            });
            sent++;
            await res.arrayBuffer().catch(() => undefined);
            const where = `${method} ${route.urlPath} [${attempt.label}] → ${res.status}`;
            if (process.env.FUZZ_DEBUG && where.includes(process.env.FUZZ_DEBUG)) console.log(where);
            if (res.status >= 500) failures.push(where);
            else if (mutating && res.status >= 400) {
              const after = await databaseFingerprint();
              if (after !== before) failures.push(`${where} changed the database`);
              // A refused request left the rows as they were: the next one starts from this fingerprint.
              else unchanged = after;
            }
          }
        }
      }
      console.info(`fuzz: ${sent} requests to ${routes.length} route files, ${failures.length} failures`);
      expect(failures).toEqual([]);
    }, 600_000);

    it("answers a malformed request line, an unknown method or a broken multipart body with a 4xx", async () => {
      const failures: string[] = [];
      let sent = 0;
      const routeMethods = guard.routeMethodsFromSource("app");
      for (const route of routes) {
        const rawPath = (value: string) =>
          route.urlPath
            .split("/")
            .map((s) => (s.startsWith("[") ? value : s))
            .join("/");
        const lines = MALFORMED_ENCODINGS.flatMap((bad) => [
          { label: `path ${bad}`, url: route.params.length ? rawPath(bad) : `${route.urlPath}/${bad}` },
          { label: `query ${bad}`, url: `${rawPath("1")}?${route.fields[0] ?? "q"}=${bad}` },
        ]);
        for (const token of [undefined, "signed in"]) {
          for (const method of Object.keys(route.methods)) {
            for (const line of lines) {
              const refusal = guard.refuseRequestLine({ method, url: line.url }, routeMethods);
              sent++;
              if (refusal?.status !== 400)
                failures.push(
                  `${method} ${line.url} [${line.label}, ${token ?? "no token"}] → ${refusal?.status ?? "passed on"}`,
                );
            }
          }
          for (const method of UNKNOWN_METHODS) {
            const refusal = guard.refuseRequestLine({ method, url: rawPath("1") }, routeMethods);
            sent++;
            const allow = refusal?.headers?.allow?.split(", ") ?? [];
            if (refusal?.status !== 405 || !Object.keys(route.methods).every((m) => allow.includes(m))) {
              failures.push(
                `${method} ${route.urlPath} [${token ?? "no token"}] → ${refusal?.status ?? "passed on"} allow ${allow.join(",")}`,
              );
            }
          }
        }
        for (const [method, handler] of Object.entries(route.methods).filter(([m]) => m !== "GET")) {
          for (const broken of BROKEN_MULTIPART) {
            for (const attemptToken of [undefined, token]) {
              const attempt: Attempt = {
                label: broken.label,
                token: attemptToken,
                contentType: broken.contentType,
                body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
              };
              const res = await handler(buildRequest(route, method, attempt), {
                params: Promise.resolve(paramsOf(route, attempt)),
              });
              sent++;
              await res.arrayBuffer().catch(() => undefined);
              if (res.status >= 500)
                failures.push(
                  `${method} ${route.urlPath} [${broken.label}, ${attemptToken ? "signed in" : "no token"}] → ${res.status}`,
                );
            }
          }
        }
      }
      console.info(
        `fuzz (request lines, methods, multipart): ${sent} requests to ${routes.length} route files, ${failures.length} failures`,
      );
      expect(failures).toEqual([]);
    }, 600_000);
  });
}
