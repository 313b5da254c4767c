import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/files/[...key]/route";
import { signedFileUrl, storeFile } from "@/lib/server/storage";
import { call } from "@/tests/helpers/api";

const fetchLink = (link: string, headers: Record<string, string> = {}) => {
  const url = new URL(link, "http://localhost");
  const key = url.pathname.replace(/^\/api\/files\//, "");
  return call(GET, "GET", `${url.pathname}${url.search}`, { params: { key: key.split("/") as never }, headers });
};

const stored = (text: string, contentType = "video/mp4") =>
  storeFile({ data: Buffer.from(text), contentType, prefix: "test" });

describe("GET /api/files/{key}", () => {
  it("serves a stored file by its signed link with its content type and length", async () => {
    const { key } = await stored("abcdefghij");
    const res = await fetchLink(signedFileUrl(key));
    expect(res.status).toBe(200);
    expect(res.body).toBe("abcdefghij");
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("content-length")).toBe("10");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
  });

  it("answers a byte range with 206 and Content-Range, as a <video> tag asks", async () => {
    const { key } = await stored("abcdefghij");
    const res = await fetchLink(signedFileUrl(key), { range: "bytes=2-5" });
    expect(res.status).toBe(206);
    expect(res.body).toBe("cdef");
    expect(res.headers.get("content-range")).toBe("bytes 2-5/10");
    const tail = await fetchLink(signedFileUrl(key), { range: "bytes=-3" });
    expect(tail.body).toBe("hij");
    const open = await fetchLink(signedFileUrl(key), { range: "bytes=7-" });
    expect(open.body).toBe("hij");
  });

  it("answers 416 for a range past the end", async () => {
    const { key } = await stored("abcdefghij");
    const res = await fetchLink(signedFileUrl(key), { range: "bytes=50-60" });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe("bytes */10");
  });

  it("refuses a tampered signature, another key under the same signature, and a missing one (403)", async () => {
    const { key } = await stored("secret clip");
    const { key: other } = await stored("other clip");
    const link = new URL(signedFileUrl(key), "http://localhost");
    const sig = link.searchParams.get("sig")!;
    link.searchParams.set("sig", `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`);
    expect((await fetchLink(link.pathname + link.search)).status).toBe(403);
    const swapped = signedFileUrl(key).replace(key, other);
    expect((await fetchLink(swapped)).status).toBe(403);
    expect((await fetchLink(`/api/files/${key}`)).status).toBe(403);
    const later = new URL(signedFileUrl(key), "http://localhost");
    later.searchParams.set("exp", String(Number(later.searchParams.get("exp")) + 3600));
    expect((await fetchLink(later.pathname + later.search)).status).toBe(403);
  });

  it("refuses an expired link (403)", async () => {
    const { key } = await stored("old clip");
    const res = await fetchLink(signedFileUrl(key, { ttlSeconds: 60, now: Date.now() - 120_000 }));
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/expired/);
  });

  it("answers 404 for a signed key with no file and for path traversal", async () => {
    expect((await fetchLink(signedFileUrl("test/2026/01/nothing-here.mp4"))).status).toBe(404);
    const res = await call(GET, "GET", "/api/files/x", { params: { key: ["..", "..", "etc", "passwd"] as never } });
    expect(res.status).toBe(404);
  });

  it("builds absolute links under PUBLIC_URL for the messenger", () => {
    expect(signedFileUrl("test/a.mp4", { absolute: true })).toMatch(
      /^https?:\/\/[^/]+\/api\/files\/test\/a\.mp4\?exp=\d+&sig=/,
    );
  });
});
