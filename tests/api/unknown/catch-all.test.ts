import { describe, expect, it } from "vitest";
import * as unknownRoute from "@/app/api/[...unknown]/route";
import { call } from "../../helpers/api";

describe("any /api path no handler serves", () => {
  for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const) {
    it(`${method} answers 404 with the JSON error envelope`, async () => {
      const res = await call(unknownRoute[method], method, "/api/no/such/call", {
        params: { unknown: "no/such/call" },
        ...(method === "POST" ? { body: { anything: 1 } } : {}),
      });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      if (method !== "HEAD")
        expect(res.body).toEqual({ error: { code: "not_found", message: "No API call at this path" } });
    });
  }
});
