import "server-only";
import net from "node:net";

/**
 * The proxies trusted when TRUSTED_PROXY_ADDRESSES is not set: loopback and private addresses (a
 * load balancer in the same network). A public address is never a proxy of ours by default.
 */
export const DEFAULT_TRUSTED_PROXIES = "127.0.0.0/8, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, ::1, fc00::/7";

const hopsOf = (req: Request) =>
  (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim().replace(/^::ffff:/, ""))
    .filter(Boolean);

/**
 * The caller's address, read from the right-hand end of X-Forwarded-For. Every proxy appends the
 * address it received the request from, and our own server appends the socket's (scripts/server.cjs).
 * Up to `trustedProxyCount` entries are skipped from the right, each only while the hop that wrote
 * the next one (the address that connected) is one of `trustedProxies` (addresses and CIDR ranges):
 * an instance reached directly, bypassing the proxy, reads its socket's address, not what the caller
 * wrote. The first entry is whatever the client sent and is never trusted. Undefined when the header
 * holds fewer hops than trusted proxies, or no address.
 */
export function clientAddress(
  req: Request,
  trustedProxyCount: number,
  trustedProxies = DEFAULT_TRUSTED_PROXIES,
): string | undefined {
  const hops = hopsOf(req);
  let at = hops.length - 1;
  for (let skipped = 0; skipped < trustedProxyCount && at >= 0; skipped++) {
    if (!addressInRanges(hops[at], trustedProxies)) break;
    at--;
  }
  const address = hops[at];
  return address && net.isIP(address) ? address : undefined;
}

/** Whether the request reached our server from one of `trustedProxies` (so its forwarded headers are a proxy's). */
export function fromTrustedProxy(req: Request, trustedProxies = DEFAULT_TRUSTED_PROXIES): boolean {
  return addressInRanges(hopsOf(req).at(-1), trustedProxies);
}

/** Whether an address lies in a comma-separated list of addresses and CIDR ranges. */
export function addressInRanges(address: string | undefined, ranges: string): boolean {
  const family = address ? net.isIP(address) : 0;
  if (!address || family === 0) return false;
  return blockListOf(ranges).check(address, family === 6 ? "ipv6" : "ipv4");
}

// Parsed once per list: the proxies' list is read on every request.
const parsed = new Map<string, net.BlockList>();
function blockListOf(ranges: string): net.BlockList {
  let list = parsed.get(ranges);
  if (list) return list;
  list = new net.BlockList();
  for (const entry of ranges
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [ip, prefix] = entry.split("/");
    const type = net.isIP(ip) === 6 ? "ipv6" : "ipv4";
    if (prefix) list.addSubnet(ip, Number(prefix), type);
    else list.addAddress(ip, type);
  }
  if (parsed.size < 16) parsed.set(ranges, list);
  return list;
}
