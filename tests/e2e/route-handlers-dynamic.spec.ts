import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

// Issue 7: route handlers carry no `export const dynamic = "force-dynamic"`. Next.js 16 runs a GET
// handler per request unless it opts into static rendering; this checks the build really did so:
// a prerendered handler would be listed in the prerender manifest and answered from the build.
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const readManifest = <T>(name: string): T => JSON.parse(fs.readFileSync(path.join(distDir, name), "utf8")) as T;

test("no route handler is prerendered at build time", async ({ request }) => {
  const appRoutes = Object.values(readManifest<Record<string, string>>("app-path-routes-manifest.json"));
  // The check means something only if the build holds GET handlers that need no request data.
  expect(appRoutes).toContain("/api/health");
  expect(appRoutes).toContain("/api/tariff/standard");
  const { routes, dynamicRoutes } = readManifest<{
    routes: Record<string, unknown>;
    dynamicRoutes: Record<string, unknown>;
  }>("prerender-manifest.json");
  const prerendered = [...Object.keys(routes), ...Object.keys(dynamicRoutes)].filter((route) =>
    route.startsWith("/api"),
  );
  expect(prerendered).toEqual([]);
  // And at run time: two liveness answers are computed, not a build-time copy.
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(health.headers()["x-nextjs-cache"]).toBeUndefined();
  expect(health.headers()["x-nextjs-prerender"]).toBeUndefined();
});
