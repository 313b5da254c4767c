import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { securityHeaderRules } from "./lib/server/http/security-headers";

const nextConfig: NextConfig = {
  // The embedded database ships WebAssembly files that must be loaded from node_modules at run time.
  // The ffmpeg installer finds its binary next to itself in node_modules; unpdf loads its pdf.js build at run time.
  // grammY's node-fetch 2 calls url.parse(), which Node 24 (the container's line) warns about on every start
  // unless the caller is inside node_modules (docs/decisions/0434-grammy-loaded-from-node-modules.md).
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "@ffmpeg-installer/ffmpeg", "unpdf", "grammy"],
  poweredByHeader: false,
  // The CSS goes into the page's <head> as <style> instead of a <link> the first paint waits for
  // (Lighthouse's render-blocking finding on Home: 120-150 ms): the page is one shell whose CSS is
  // small, and it is rendered per request anyway (docs/decisions/0506-home-from-launch-data.md).
  experimental: { inlineCss: true },
  // Next's client always brings its polyfill module (vercel/next.js#86785): an empty one instead, since
  // every browser the app supports has what it adds (lib/client/no-polyfills.js).
  turbopack: {
    resolveAlias: {
      "next/dist/build/polyfills/polyfill-module": "./lib/client/no-polyfills.js",
      "../build/polyfills/polyfill-module": "./lib/client/no-polyfills.js",
      // The SDK's bridge with its quick environment check remembered (docs/decisions/0513-sdk-environment-check-remembered.md).
      "@telegram-apps/bridge": "./lib/client/telegram-bridge.ts",
      "@telegram-apps/bridge-as-published": "./node_modules/@telegram-apps/bridge/dist/index.js",
    },
  },
  headers: async () => securityHeaderRules({ production: process.env.APP_MODE === "production" }),
  // Clients call some paths with a trailing slash (GET /api/package/, POST /api/history/): they
  // must answer directly instead of being redirected (a redirect would drop a POST body).
  skipTrailingSlashRedirect: true,
  // Lets parallel builds (several developers' end-to-end runs on one machine) use separate folders.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // A self-contained server folder (<distDir>/standalone) that a host runs without node_modules;
  // scripts/standalone.mjs completes it after the build (docs/operations.md).
  output: "standalone",
  // Files read at run time by path, which the tracer cannot see from the imports: the migrations,
  // the sandbox video clips, PGlite's WebAssembly and data files, the ffmpeg binary, pdf.js.
  outputFileTracingIncludes: {
    "/**/*": [
      "./db/migrations/**/*",
      "./db/assets/**/*",
      "./node_modules/@electric-sql/pglite/dist/*.wasm",
      "./node_modules/@electric-sql/pglite/dist/*.data",
      "./node_modules/@ffmpeg-installer/**/*",
      "./node_modules/unpdf/dist/**/*",
    ],
  },
};

// next-intl compiles every message of messages/*.json at build time, wherever the app's bundles
// import the files (the pages that hand messages to the client, the shell's lazy language chunks,
// the server translator), and formats them with a small formatter instead of its ICU parser: 9 KB
// (gzip) less script before Home's greeting (docs/decisions/0410-precompiled-messages.md). Code run
// outside Next's bundles (the benches, scripts, unit tests) reads the files as written and parses
// them as before. The plugin also requires a request configuration (lib/i18n/request.ts).
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

export default withNextIntl(nextConfig);
