import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

type Refusal = { status: number; code: string; headers?: Record<string, string> };
type RequestGuard = {
  refuseRequestLine: (line: { method: string; url: string }, routeMethods: Record<string, string[]>) => Refusal | null;
  routeMethodsFromSource: (appDir: string) => Record<string, string[]>;
};
// The production server's guard in front of Next (scripts/server.cjs, docs/decisions/0100-request-line-guard.md).
const guard = createRequire(import.meta.url)("../../scripts/request-guard.cjs") as RequestGuard;
const routeMethods = guard.routeMethodsFromSource(path.resolve(__dirname, "../../app"));
const METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"];

/** A path the route serves: each dynamic segment filled with one value. */
const pathOf = (route: string) => route.replace(/\[\.\.\.\w+\]/g, "a/b").replace(/\[\w+\]/g, "1");

describe("the request guard's 405", () => {
  it.each(Object.keys(routeMethods))("%s: a method its route file does not export is 405 with its Allow", (route) => {
    const served = routeMethods[route];
    for (const method of METHODS) {
      const refusal = guard.refuseRequestLine({ method, url: pathOf(route) }, routeMethods);
      if (served.includes(method)) expect(refusal, `${method} ${route}`).toBeNull();
      else
        expect(refusal, `${method} ${route}`).toEqual({
          status: 405,
          code: "method_not_allowed",
          message: `The method ${method} is not allowed here`,
          headers: { allow: served.join(", ") },
        });
    }
  });

  it("leaves pages, and paths no route serves, to Next", () => {
    expect(guard.refuseRequestLine({ method: "POST", url: "/" }, routeMethods)).toBeNull();
    expect(guard.refuseRequestLine({ method: "PUT", url: "/api/no/such/call" }, routeMethods)).toBeNull();
    expect(routeMethods["/api/health"]).toEqual(["GET", "HEAD", "OPTIONS"]);
  });
});
