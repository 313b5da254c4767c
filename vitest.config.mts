import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// import.meta.dirname needs Node 20.11; engines allow 20.9.
const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // Route handlers import "server-only"; in tests they run in plain Node.
      "server-only": path.join(root, "tests/setup/server-only.ts"),
      // The name next.config.ts gives the published bridge, for lib/client/telegram-bridge.ts.
      "@telegram-apps/bridge-as-published": path.join(root, "node_modules/@telegram-apps/bridge/dist/index.js"),
    },
  },
  test: {
    environment: "node",
    include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/per-file.ts"],
    pool: "forks",
    // Most of a file's time is spent waiting on PostgreSQL, a loopback fake or a moved clock, so more
    // files than cores run at once (Vitest's default is one fewer than the cores: one on a 2-core CI).
    maxWorkers: Math.max(4, os.availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
