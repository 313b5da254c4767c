import "server-only";
import { env } from "@/lib/env";
import { currentRequest } from "@/lib/server/request-scope";
import { forwardingProxies } from "./request-address";

// The address links sent to users (payment, pending-payment and file links, the bot's web-app
// buttons) are built on: PUBLIC_URL when set (production requires it, lib/env.ts); in the demo
// without it, the address the request came to, so `PORT=3100 npm run demo` or a LAN address
// gives links that load. Text built outside a request (the bot's outbox) uses the address of the
// latest request (docs/decisions/0102-demo-public-url.md).

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
  const host =
    (forwarded && lastOf(req.headers.get("x-forwarded-host"))) || req.headers.get("host") || new URL(req.url).host;
  // A Request's url is a serialized absolute URL: its scheme is what precedes the first colon.
  const proto = (forwarded && lastOf(req.headers.get("x-forwarded-proto"))) || req.url.slice(0, req.url.indexOf(":"));
  if (!HOST.test(host) || (proto !== "http" && proto !== "https")) return undefined;
  return `${proto}://${host}`;
}

/**
 * The base of the links a request builds, kept in its scope (lib/server/request-scope.ts) by
 * request-log.ts: the address it came to (demo without PUBLIC_URL), which also becomes the latest
 * one; undefined with PUBLIC_URL or a host that does not parse.
 */
export function requestBase(req: Request): string | undefined {
  if (env.PUBLIC_URL) return undefined;
  const base = baseOfRequest(req, forwardingProxies(req));
  if (base) latestBase = base;
  return base;
}

/** The base of links to the app, without a trailing slash. */
export function publicUrl(): string {
  const base = env.PUBLIC_URL ?? currentRequest()?.base ?? latestBase ?? `http://localhost:${env.PORT}`;
  return base.replace(/\/+$/, "");
}
