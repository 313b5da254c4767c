import { readdirSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { GET as openApi } from "@/app/api/openapi.json/route";
import { apiCalls } from "@/lib/contracts/calls";
import { API_DIR, call, callKeyOf, withoutTrailingSlash } from "../../helpers/api";

const VERBS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** "GET /api/health" for every verb every app/api/**\/route.ts exports. */
async function servedCalls(): Promise<string[]> {
  const files = readdirSync(API_DIR, { recursive: true, encoding: "utf8" }).filter(
    (f) => path.basename(f) === "route.ts",
  );
  const keys: string[] = [];
  for (const file of files) {
    const routeModule = (await import(/* @vite-ignore */ path.join(API_DIR, file))) as Record<string, unknown>;
    for (const verb of VERBS)
      if (typeof routeModule[verb] === "function") keys.push(callKeyOf(verb, path.join(API_DIR, file)));
  }
  return keys.sort();
}

describe("GET /api/openapi.json", () => {
  it("documents every verb of every route file, and no call that no route serves", async () => {
    const res = await call(openApi, "GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const documented = Object.entries(paths)
      .flatMap(([p, operations]) =>
        Object.keys(operations).map((method) => withoutTrailingSlash(`${method.toUpperCase()} ${p}`)),
      )
      .sort();
    expect(documented).toEqual(await servedCalls());
    expect(Object.keys(apiCalls).map(withoutTrailingSlash).sort()).toEqual(documented);
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const res = await call(openApi, "GET", "/api/openapi.json");
    const result = await new Validator().validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(res.body.openapi).toMatch(/^3\.1\./);
  });

  it("describes a call's request and answer from its contracts", async () => {
    const { body } = await call(openApi, "GET", "/api/openapi.json");
    const create = body.paths["/api/tariff/create"].post;
    expect(create.requestBody.content["application/json"].schema.required).toEqual(
      expect.arrayContaining(["tariff_name", "months", "calculated_price"]),
    );
    expect(create.responses["200"].content["application/json"].schema).toMatchObject({
      type: "object",
      required: ["payment_url"],
    });
    const check = body.paths["/api/referral/check-code/{code}"].get;
    expect(check.parameters).toEqual([expect.objectContaining({ name: "code", in: "path", required: true })]);
    expect(body.paths["/api/video/generate"].post.requestBody.content).toHaveProperty("multipart/form-data");
    expect(body.paths["/api/files/{key}"].get.responses["200"].content).toHaveProperty("application/octet-stream");
  });
});
