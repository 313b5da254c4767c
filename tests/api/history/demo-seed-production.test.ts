import { beforeAll, describe, expect, it } from "vitest";
import { call, signIn } from "../../helpers/api";

// lib/env.ts reads process.env once: production mode is set before any app module loads.
let seedHistory: any;
beforeAll(async () => {
  process.env.APP_MODE = "production";
  seedHistory = (await import("@/app/api/demo/history/route")).POST;
});

describe("POST /api/demo/history in production", () => {
  it("answers 404 and writes nothing", async () => {
    const { token } = await signIn();
    const res = await call(seedHistory, "POST", "/api/demo/history", { token, body: { sessions: [{ name: "x" }] } });
    expect(res.status).toBe(404);
    const { POST: listHistory } = await import("@/app/api/history/route");
    expect((await call(listHistory, "POST", "/api/history/", { token, body: {} })).body.data).toEqual([]);
  });
});
