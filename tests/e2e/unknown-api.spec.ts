import { expect, test } from "./fixtures";

// Issue 7: the built app answers an /api path no handler serves with the JSON envelope, and the
// catch-all behind it does not shadow real routes.
test("unknown API paths answer JSON 404 while real routes still answer", async ({ request }) => {
  for (const path of ["/api/no-such-call", "/api/tariff/no/such/call"]) {
    const res = await request.post(path, { data: {} });
    expect(res.status(), path).toBe(404);
    expect(res.headers()["content-type"]).toContain("application/json");
    expect((await res.json()).error.code).toBe("not_found");
  }
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  const checkCode = await request.get("/api/referral/check-code/NOPE");
  expect(checkCode.status()).not.toBe(404);
});
