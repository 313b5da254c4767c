import { expect, test } from "./fixtures";

// docs/product/limits.md "Headers": framing limited to Telegram's web clients, no sniffing, API answers
// never stored by a cache, and an HTML shell that a new deploy replaces at once.
test("security and cache headers on the shell and the API", async ({ request }) => {
  const shell = await request.get("/");
  const shellHeaders = shell.headers();
  expect(shellHeaders["content-security-policy"]).toContain("frame-ancestors 'self' web.telegram.org");
  expect(shellHeaders["x-frame-options"]).toBeUndefined();
  expect(shellHeaders["x-content-type-options"]).toBe("nosniff");
  expect(shellHeaders["referrer-policy"]).toBeTruthy();
  expect(shellHeaders["cache-control"]).not.toContain("s-maxage=31536000");
  expect(shellHeaders["cache-control"]).toContain("no-cache");

  const api = await request.get("/api/health");
  expect(api.headers()["cache-control"]).toBe("no-store");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
});
