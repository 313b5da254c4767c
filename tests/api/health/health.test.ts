import { describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { call } from "../../helpers/api";

describe("GET /api/health", () => {
  it("reports the database reachable", async () => {
    const res = await call(health, "GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", database: "ok", tariffs: 4 });
  });
});
