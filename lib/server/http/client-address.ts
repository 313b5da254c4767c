import "server-only";
import net from "node:net";

/**
 * The caller's address, read from the right-hand end of X-Forwarded-For. Every proxy appends the
 * address it received the request from, and our own server appends the socket's (scripts/start),
 * so the last `trustedProxyCount` entries were written by proxies we run and the entry just before
 * them is the client as the outermost of them saw it. The first entry is whatever the client sent
 * and is never trusted. Undefined when the header holds fewer hops than that or no address.
 */
export function clientAddress(req: Request, trustedProxyCount: number): string | undefined {
  const hops = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  const candidate = hops[hops.length - 1 - trustedProxyCount];
  const address = candidate?.replace(/^::ffff:/, "");
  return address && net.isIP(address) ? address : undefined;
}

/** Whether an address lies in a comma-separated list of addresses and CIDR ranges. */
export function addressInRanges(address: string | undefined, ranges: string): boolean {
  const family = address ? net.isIP(address) : 0;
  if (!address || family === 0) return false;
  const list = new net.BlockList();
  for (const entry of ranges
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [ip, prefix] = entry.split("/");
    const type = net.isIP(ip) === 6 ? "ipv6" : "ipv4";
    if (prefix) list.addSubnet(ip, Number(prefix), type);
    else list.addAddress(ip, type);
  }
  return list.check(address, family === 6 ? "ipv6" : "ipv4");
}
