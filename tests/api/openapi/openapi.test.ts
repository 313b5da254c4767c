import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { GET as openApi } from "@/app/api/openapi.json/route";
import { apiCalls, type CallAuth, type CallContract } from "@/lib/contracts/calls";
import { refusalsOf, TAG_DESCRIPTIONS } from "@/lib/server/http/openapi";
import { CUSTOM_STEPS } from "@/lib/shared/pricing/custom-tariff";
import { QUOTA_KIND_TABLE } from "@/lib/shared/quota-kinds";
import { API_DIR, call, callKeyOf, signIn, withoutTrailingSlash } from "../../helpers/api";

const VERBS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const AUTHS: CallAuth[] = ["public", "user", "operator", "telegram", "metrics", "cron"];
/** The fallback for paths no route serves: in the table for the API tests, in the document as no call. */
const CATCH_ALL = path.join("[...unknown]", "route.ts");

const routeFiles = () =>
  readdirSync(API_DIR, { recursive: true, encoding: "utf8" }).filter((f) => path.basename(f) === "route.ts");

/** "GET /api/health" for every verb every app/api/**\/route.ts exports. */
async function servedCalls(): Promise<string[]> {
  const keys: string[] = [];
  for (const file of routeFiles().filter((f) => f !== CATCH_ALL)) {
    const routeModule = (await import(/* @vite-ignore */ path.join(API_DIR, file))) as Record<string, unknown>;
    for (const verb of VERBS)
      if (typeof routeModule[verb] === "function") keys.push(callKeyOf(verb, path.join(API_DIR, file)));
  }
  return keys.sort();
}

/**
 * What each route file's exports are wrapped in, read from its source: the auth they check
 * (lib/server/http/handler.ts and the `authorize` a public route passes) and whether they count a rate limit.
 */
function routeWrappers(): Map<string, { auth: CallAuth | "unknown"; rateLimited: boolean }> {
  const found = new Map<string, { auth: CallAuth | "unknown"; rateLimited: boolean }>();
  for (const file of routeFiles().filter((f) => f !== CATCH_ALL)) {
    const parts = readFileSync(path.join(API_DIR, file), "utf8").split(/^export const ([A-Z]+) = /m);
    for (let i = 1; i < parts.length; i += 2) {
      const [method, source] = [parts[i], parts[i + 1]];
      const wrapper = /^(withUserForm|withUser|withAdmin|withPublic)\(/.exec(source)?.[1];
      const authorized = /\bauthorize:/.test(source);
      const auth: CallAuth | "unknown" =
        wrapper === "withUser" || wrapper === "withUserForm"
          ? "user"
          : wrapper === "withAdmin"
            ? "operator"
            : wrapper !== "withPublic"
              ? "unknown"
              : !authorized
                ? "public"
                : source.includes("assertWebhookSecret")
                  ? "telegram"
                  : source.includes("assertCronSecret")
                    ? "cron"
                    : source.includes("METRICS_TOKEN")
                      ? "metrics"
                      : "unknown";
      // A limit the wrapper counts (`rateLimit:`), or one counted in lib with the caller's address (the Mini App's sign-in).
      const rateLimited = /\brateLimit:|\baddressKey\(/.test(source);
      found.set(callKeyOf(method, path.join(API_DIR, file)), { auth, rateLimited });
    }
  }
  return found;
}

const table = () =>
  Object.entries(apiCalls).map(([key, contract]) => [withoutTrailingSlash(key), contract as CallContract] as const);

async function document() {
  const res = await call(openApi, "GET", "/api/openapi.json");
  expect(res.status).toBe(200);
  return res.body;
}

describe("GET /api/openapi.json", () => {
  it("documents every verb of every route file, and no call that no route serves", async () => {
    const paths = (await document()).paths as Record<string, Record<string, unknown>>;
    const documented = Object.entries(paths)
      .flatMap(([p, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${p}`))
      .sort();
    expect(documented).toEqual(await servedCalls());
    const tableCalls = table()
      .map(([key]) => key)
      .filter((key) => !key.includes("{unknown}"));
    expect(tableCalls.sort()).toEqual(documented);
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const body = await document();
    const result = await new Validator().validate(body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(body.openapi).toMatch(/^3\.1\./);
  });

  it("every call in lib/contracts/calls.ts has a summary and says who may make it", () => {
    const lacking = table().flatMap(([key, contract]) => [
      ...(typeof contract.summary === "string" && contract.summary.trim().length > 0
        ? []
        : [`${key} lacks its summary: one line saying what the call does`]),
      ...(AUTHS.includes(contract.auth) ? [] : [`${key} lacks its auth: one of ${AUTHS.join(", ")}`]),
    ]);
    expect(lacking).toEqual([]);
  });

  it("states the auth each route's wrapper checks, and 429 where the route counts a rate limit", () => {
    const contracts = new Map(table());
    const wrong: string[] = [];
    for (const [key, route] of routeWrappers()) {
      const contract = contracts.get(withoutTrailingSlash(key));
      if (!contract) continue; // the first test names a route without a contract
      if (route.auth !== contract.auth)
        wrong.push(`${key}: lib/contracts/calls.ts says auth "${contract.auth}", its route checks "${route.auth}"`);
      if (route.rateLimited && !refusalsOf(contract).includes(429))
        wrong.push(`${key}: its route counts a rate limit: add 429 to its \`refuses\` in lib/contracts/calls.ts`);
      if (!route.rateLimited && contract.auth !== "operator" && contract.refuses?.includes(429))
        wrong.push(`${key}: lists 429, but its route counts no rate limit`);
    }
    expect(wrong).toEqual([]);
  });

  it("gives every operation a summary, its URL segment as its tag, its security and its 4xx answers", async () => {
    const body = await document();
    const schemes = Object.keys(body.components.securitySchemes);
    expect(schemes.sort()).toEqual([
      "cronSecret",
      "metricsToken",
      "operatorToken",
      "telegramWebhookSecret",
      "userToken",
    ]);
    expect(body.components.securitySchemes.telegramWebhookSecret).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "X-Telegram-Bot-Api-Secret-Token",
    });
    for (const [p, operations] of Object.entries(body.paths as Record<string, Record<string, any>>))
      for (const [method, operation] of Object.entries(operations)) {
        const label = `${method.toUpperCase()} ${p}`;
        expect(operation.summary, label).toBeTruthy();
        expect(operation.tags, label).toEqual([p.split("/")[2]]);
        expect(Array.isArray(operation.security), label).toBe(true);
        const refusals = Object.keys(operation.responses).filter((s) => /^4\d\d$/.test(s));
        expect(refusals, label).toContain("400");
        for (const status of refusals)
          expect(operation.responses[status], `${label} ${status}`).toEqual({
            $ref: `#/components/responses/${status}`,
          });
      }
    const missing = (body.tags as { name: string; description?: string }[]).filter((t) => !t.description);
    expect(
      missing.map((t) => `tag ${t.name} has no description in TAG_DESCRIPTIONS (lib/server/http/openapi.ts)`),
    ).toEqual([]);
    expect(Object.keys(TAG_DESCRIPTIONS).sort()).toEqual((body.tags as { name: string }[]).map((t) => t.name).sort());
    expect(body.components.responses["409"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Error",
    });
    expect(body.components.responses["429"].headers).toHaveProperty("Retry-After");
  });

  it("names each call's security scheme and refusals from the table", async () => {
    const { paths } = await document();
    expect(paths["/api/health"].get.security).toEqual([]);
    expect(paths["/api/user/count"].get.security).toEqual([{ userToken: [] }]);
    expect(paths["/api/admin/users"].get.security).toEqual([{ operatorToken: [] }]);
    expect(paths["/api/telegram/webhook"].post.security).toEqual([{ telegramWebhookSecret: [] }]);
    expect(paths["/api/metrics"].get.security).toEqual([{ metricsToken: [] }]);
    expect(paths["/api/jobs/{name}"].post.security).toEqual([{ cronSecret: [] }]);
    const statuses = (operation: { responses: Record<string, unknown> }) =>
      Object.keys(operation.responses).filter((s) => /^4/.test(s));
    expect(statuses(paths["/api/tariff/create_custom"].post)).toEqual([
      "400",
      "401",
      "403",
      "409",
      "413",
      "415",
      "429",
    ]);
    expect(statuses(paths["/api/health"].get)).toEqual(["400"]);
    expect(statuses(paths["/api/video/generate"].post)).toEqual(
      expect.arrayContaining(["402", "404", "409", "413", "415", "429"]),
    );
  });

  it("describes a call's request and answer from its contracts", async () => {
    const body = await document();
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
    const file = body.paths["/api/files/{key}"].get;
    expect(file.responses["200"].content).toHaveProperty("*/*");
    expect(file.responses).toHaveProperty("206");
    expect(file.parameters.map((p: { name: string; in: string }) => `${p.in} ${p.name}`)).toEqual([
      "path key",
      "query exp",
      "query sig",
      "header Range",
    ]);
    expect(body.paths).toHaveProperty("/api/history");
    expect(body.paths).not.toHaveProperty("/api/history/");
  });

  it("documents the bounds the server enforces: the Custom tariff's months, steps and the catalogue's bounds", async () => {
    const { token } = await signIn();
    const { GET: createData } = await import("@/app/api/tariff/create_data/route");
    const { limits } = (await call(createData, "GET", "/api/tariff/create_data", { token })).body;
    const schema = (await document()).paths["/api/tariff/create_custom"].post.requestBody.content["application/json"]
      .schema;
    expect(schema.properties.months).toMatchObject({ enum: [1, 2, 3] });
    for (const { custom, customField } of QUOTA_KIND_TABLE)
      expect(schema.properties[customField], customField).toMatchObject({
        type: "integer",
        minimum: limits[custom].min,
        maximum: limits[custom].max,
        multipleOf: CUSTOM_STEPS[custom],
      });
    expect(schema.properties.custom_text_tokens).toMatchObject({
      minimum: 2_000_000,
      maximum: 10_000_000,
      multipleOf: 1000,
    });
  });
});
