import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { env } from "@/lib/env";

// The address links sent to users (payment, pending-payment and file links, the bot's web-app
// buttons) are built on: PUBLIC_URL when set (production requires it, lib/env.ts); in the demo
// without it, the address the request came to, so `PORT=3100 npm run demo` or a LAN address
// gives links that load. Text built outside a request (the bot's outbox) uses the address of the
// latest request (docs/decisions/0102-demo-public-url.md).

const requestBase = new AsyncLocalStorage<string>();
let latestBase: string | undefined;

// A host name, IPv4 or bracketed IPv6 address, with an optional port: nothing a link could be bent by.
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The last value of a header a proxy may append to (the one the nearest of ours wrote). */
const lastOf = (value: string | null) => value?.split(",").at(-1)?.trim() || undefined;

/**
 * The scheme and host the request was sent to: the Host header, or behind `trustedProxyCount`
 * proxies of ours the X-Forwarded-Host and -Proto they set; undefined when the host does not parse.
 */
export function baseOfRequest(req: Request, trustedProxyCount: number): string | undefined {
  const forwarded = trustedProxyCount > 0;
  const host = (forwarded && lastOf(req.headers.get("x-forwarded-host"))) || req.headers.get("host") || new URL(req.url).host;
  const proto = (forwarded && lastOf(req.headers.get("x-forwarded-proto"))) || new URL(req.url).protocol.replace(/:$/, "");
  if (!HOST.test(host) || (proto !== "http" && proto !== "https")) return undefined;
  return `${proto}://${host}`;
}

/** Runs a request's handling with its address as the base of the links it builds (demo without PUBLIC_URL). */
export function withRequestBase<T>(req: Request, handle: () => Promise<T>): Promise<T> {
  if (env.PUBLIC_URL) return handle();
  const base = baseOfRequest(req, env.TRUSTED_PROXY_COUNT);
  if (!base) return handle();
  latestBase = base;
  return requestBase.run(base, handle);
}

/** The base of links to the app, without a trailing slash. */
export function publicUrl(): string {
  const base = env.PUBLIC_URL ?? requestBase.getStore() ?? latestBase ?? `http://localhost:${env.PORT}`;
  return base.replace(/\/+$/, "");
}
