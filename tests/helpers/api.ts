import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { apiCalls, type CallContract } from "@/lib/contracts/calls";
import { refusalsOf } from "@/lib/server/http/openapi";
import { signedInitData } from "./init-data";

export { signedInitData };

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type CallOptions = {
  token?: string;
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  query?: Record<string, string | number>;
};

export type CallResult<T = any> = { status: number; body: T; headers: Headers };

export const API_DIR = path.resolve(process.cwd(), "app/api");

/** The route files whose URL pattern matches a path under /api, the most specific first. */
export function routeFilesFor(pathname: string): string[] {
  const found: { file: string; dynamic: number; fixed: number }[] = [];
  const walk = (dir: string, rest: string[], dynamic: number, fixed: number) => {
    const route = path.join(dir, "route.ts");
    if (rest.length === 0) {
      if (existsSync(route)) found.push({ file: route, dynamic, fixed });
      return;
    }
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const sub = path.join(dir, entry.name);
      if (entry.name === decodeURIComponent(rest[0])) walk(sub, rest.slice(1), dynamic, fixed + 1);
      // [...name] takes every remaining segment; [name] takes one.
      else if (entry.name.startsWith("[...")) walk(sub, [], dynamic + 100, fixed);
      else if (entry.name.startsWith("[")) walk(sub, rest.slice(1), dynamic + 1, fixed);
    }
  };
  if (pathname === "/api" || pathname.startsWith("/api/"))
    walk(API_DIR, pathname.slice(4).split("/").filter(Boolean), 0, 0);
  return found.sort((a, b) => a.dynamic - b.dynamic || b.fixed - a.fixed).map((f) => f.file);
}

/**
 * A test that calls one route's handler with another route's path would test a request Next.js never
 * makes: the path must be one the handler's own route file (app/api/...) serves, for this method.
 */
async function routeFileServing(handler: Handler, method: string, pathname: string): Promise<string> {
  const files = routeFilesFor(pathname);
  for (const file of files) {
    const routeModule = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    if (routeModule[method] === handler) return file;
  }
  const tried = files.map((f) => path.relative(process.cwd(), f)).join(", ") || "no route file";
  throw new Error(`call(): ${method} ${pathname} is not served by the handler given (the path matches ${tried})`);
}

/** "/api/history/" and "/api/history" are one call (its route file answers both). */
export const withoutTrailingSlash = (key: string) => key.replace(/\/$/, "");
const contracts = new Map(
  Object.entries(apiCalls).map(([key, contract]) => [withoutTrailingSlash(key), contract as CallContract]),
);

/** "GET /api/referral/check-code/{code}" for app/api/referral/check-code/[code]/route.ts: the call's key in lib/contracts/calls.ts. */
export function callKeyOf(method: string, routeFile: string): string {
  const dir = path.relative(API_DIR, path.dirname(routeFile)).split(path.sep).filter(Boolean);
  const segments = dir.map((segment) => segment.replace(/^\[(?:\.\.\.)?(\w+)\]$/, "{$1}"));
  return `${method} ${["/api", ...segments].join("/")}`;
}

/**
 * A 4xx answer must be one the call's document lists (lib/contracts/calls.ts `refuses`, and what its
 * auth and input add: refusalsOf in lib/server/http/openapi.ts), in the JSON error envelope.
 */
function assertRefusal(key: string, contract: CallContract, status: number, headers: Headers, body: unknown): void {
  if (status < 400 || status > 499) return;
  if (!refusalsOf(contract).includes(status))
    throw new Error(
      `call(): ${key} answered ${status}, which its document does not list: add ${status} to its \`refuses\` in lib/contracts/calls.ts`,
    );
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  const isEnvelope = typeof error?.code === "string" && typeof error.message === "string";
  if (headers.get("content-type")?.includes("application/json") && !isEnvelope)
    throw new Error(
      `call(): ${key} answered ${status} outside the error envelope: ${JSON.stringify(body).slice(0, 500)}`,
    );
}

/**
 * Every 2xx JSON answer must be exactly the call's response contract: parsed with it, and with no
 * field the contract does not name (a field the screens would not read is a contract to write first).
 */
function assertContract(key: string, status: number, headers: Headers, body: unknown): void {
  const contract = contracts.get(withoutTrailingSlash(key));
  if (!contract) throw new Error(`call(): ${key} has no contract in lib/contracts/calls.ts`);
  assertRefusal(key, contract, status, headers, body);
  if (status < 200 || status > 299 || !headers.get("content-type")?.includes("application/json")) return;
  const parsed = contract.response.safeParse(body);
  if (!parsed.success)
    throw new Error(`call(): ${key} answered a shape its response contract refuses:\n${parsed.error.message}`);
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), body)) {
    throw new Error(
      `call(): ${key} answered fields its response contract does not name:\n${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}

/**
 * Calls a route handler with a real Request, as Next.js would, at a path its route file serves, and
 * checks a successful JSON answer against the call's response contract.
 */
export async function call<T = any>(
  handler: Handler,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const url = new URL(`http://localhost${path}`);
  const routeFile = await routeFileServing(handler, method, url.pathname);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const res = await handler(new Request(url, { method, headers, body }), {
    params: Promise.resolve(options.params ?? {}),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  assertContract(callKeyOf(method, routeFile), res.status, res.headers, parsed);
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** Signs a new user in through the real login route and returns their token and id. */
export async function signIn(user: Record<string, unknown> = {}) {
  const { POST } = await import("@/app/api/auth/telegram-login/route");
  const res = await call<{ jwtToken: string; language: string }>(POST, "POST", "/api/auth/telegram-login", {
    body: { initData: signedInitData(user) },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  const { verifyToken } = await import("@/lib/server/auth/jwt");
  const userId = (await verifyToken(res.body.jwtToken))!;
  return { token: res.body.jwtToken, userId };
}
