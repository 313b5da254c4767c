import { describe, expect, it } from "vitest";
import { GET as standard } from "@/app/api/tariff/standard/route";
import { GET as fileGet } from "@/app/api/files/[...key]/route";
import { call, routeFilesFor } from "../helpers/api";

// call(handler, method, path) refuses a path the handler's own route file does not serve.
describe("the API test helper call()", () => {
  it("maps a path to the route files that serve it, fixed segments first", () => {
    const rel = (path: string) => routeFilesFor(path).map((f) => f.slice(f.indexOf("app/api/")));
    expect(rel("/api/tariff/standard")).toEqual(["app/api/tariff/standard/route.ts", "app/api/[...unknown]/route.ts"]);
    expect(rel("/api/referral/check-code/ABC")[0]).toBe("app/api/referral/check-code/[code]/route.ts");
    expect(rel("/api/files/a/b.png")[0]).toBe("app/api/files/[...key]/route.ts");
    expect(rel("/api/package/")[0]).toBe("app/api/package/route.ts");
  });
  it("refuses another route's path or method", async () => {
    await expect(call(standard, "GET", "/api/tariff/create_data")).rejects.toThrow(/not served by the handler/);
    await expect(call(standard, "POST", "/api/tariff/standard")).rejects.toThrow(/not served by the handler/);
    await expect(call(fileGet, "GET", "/api/files")).rejects.toThrow(/not served by the handler/);
  });
  it("accepts the handler's own path", async () => {
    expect((await call(standard, "GET", "/api/tariff/standard")).status).toBe(401);
  });
});
