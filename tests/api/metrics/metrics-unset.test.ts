import { describe, expect, it } from "vitest";
import { call } from "../../helpers/api";

describe("GET /api/metrics without METRICS_TOKEN", () => {
  it("does not exist (404), even with a token", async () => {
    delete process.env.METRICS_TOKEN;
    const { GET } = await import("@/app/api/metrics/route");
    expect((await call(GET, "GET", "/api/metrics")).status).toBe(404);
    expect(
      (await call(GET, "GET", "/api/metrics", { headers: { authorization: "Bearer metrics-token-0123456789abcdef" } }))
        .status,
    ).toBe(404);
  });
});
