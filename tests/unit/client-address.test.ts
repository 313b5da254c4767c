import { describe, expect, it } from "vitest";
import { addressInRanges, clientAddress } from "@/lib/server/http/client-address";

const req = (xff?: string) => new Request("http://localhost/", { headers: xff ? { "x-forwarded-for": xff } : {} });

describe("clientAddress", () => {
  it("takes the socket hop our server appends when no proxy is trusted", () => {
    expect(clientAddress(req("185.71.76.5, 203.0.113.9"), 0)).toBe("203.0.113.9");
  });

  it("skips the trusted proxies from the right, never trusting the first entry a client wrote", () => {
    // client forged "185.71.76.5"; real client 203.0.113.9; our load balancer 10.0.0.2
    expect(clientAddress(req("185.71.76.5, 203.0.113.9, 10.0.0.2"), 1)).toBe("203.0.113.9");
  });

  it("is undefined with fewer hops than proxies, or garbage", () => {
    expect(clientAddress(req("10.0.0.2"), 1)).toBeUndefined();
    expect(clientAddress(req(), 0)).toBeUndefined();
    expect(clientAddress(req("not-an-ip"), 0)).toBeUndefined();
  });

  it("trusts a forwarded entry only when the hop that wrote it is a configured proxy address", () => {
    const proxies = "10.0.0.0/8";
    expect(clientAddress(req("185.71.76.5, 203.0.113.9, 10.0.0.2"), 1, proxies)).toBe("203.0.113.9");
    // Reached directly, bypassing the proxy: the caller's own X-Forwarded-For is not read.
    expect(clientAddress(req("203.0.113.66, 198.51.100.4"), 1, proxies)).toBe("198.51.100.4");
    // Two proxies configured, the request came through one of ours from outside: stops at the first untrusted hop.
    expect(clientAddress(req("1.2.3.4, 198.51.100.4, 10.0.0.2"), 2, proxies)).toBe("198.51.100.4");
  });

  it("trusts loopback and private addresses as proxies by default, never a public one", () => {
    expect(clientAddress(req("203.0.113.9, 127.0.0.1"), 1)).toBe("203.0.113.9");
    expect(clientAddress(req("203.0.113.9, 172.20.0.5"), 1)).toBe("203.0.113.9");
    expect(clientAddress(req("203.0.113.9, fd00::1"), 1)).toBe("203.0.113.9");
    expect(clientAddress(req("203.0.113.9, 198.51.100.4"), 1)).toBe("198.51.100.4");
  });

  it("reads IPv4-mapped IPv6 socket addresses as IPv4", () => {
    expect(clientAddress(req("::ffff:127.0.0.1"), 0)).toBe("127.0.0.1");
  });
});

describe("addressInRanges", () => {
  const ranges = "185.71.76.0/27, 77.75.156.11, 2a02:5180::/32";
  it("matches addresses and CIDR ranges of both families", () => {
    expect(addressInRanges("185.71.76.5", ranges)).toBe(true);
    expect(addressInRanges("77.75.156.11", ranges)).toBe(true);
    expect(addressInRanges("2a02:5180:0:1::5", ranges)).toBe(true);
    expect(addressInRanges("10.0.0.1", ranges)).toBe(false);
    expect(addressInRanges(undefined, ranges)).toBe(false);
  });
});
