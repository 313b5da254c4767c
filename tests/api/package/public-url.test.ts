import { describe, expect, it } from "vitest";
import { POST as createPackage } from "@/app/api/package/payment/route";
import { baseOfRequest } from "@/lib/server/http/public-url";
import { call, signIn } from "../../helpers/api";
import { getDb } from "@/db";
import { packages } from "@/db/schema";
import { eq } from "drizzle-orm";

// The demo without PUBLIC_URL (as these tests run) builds links on the address it was reached at,
// so `PORT=3100 npm run demo` hands out links that load.
describe("links in the demo follow where it is served", () => {
  it("POST /api/package/payment - the payment link is on the host the request came to", async () => {
    const { token } = await signIn();
    const db = await getDb();
    const [pack] = await db.select().from(packages).where(eq(packages.seedKey, "text-500k"));
    const res = await call(createPackage, "POST", "/api/package/payment", {
      token,
      headers: { host: "192.168.1.20:3100" },
      body: { package_id: pack.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.payment_url).toMatch(/^http:\/\/192\.168\.1\.20:3100\/checkout\//);
  });

  it("takes the forwarded host and scheme only behind trusted proxies, and refuses a host that does not parse", () => {
    const req = (headers: Record<string, string>) => new Request("http://127.0.0.1:3100/api/x", { headers });
    const forwarded = { host: "127.0.0.1:3100", "x-forwarded-host": "demo.example.com", "x-forwarded-proto": "https" };
    expect(baseOfRequest(req(forwarded), 0)).toBe("http://127.0.0.1:3100");
    expect(baseOfRequest(req(forwarded), 1)).toBe("https://demo.example.com");
    expect(baseOfRequest(req({ host: "evil.example/x?" }), 0)).toBeUndefined();
  });
});
