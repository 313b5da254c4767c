import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// import.meta.dirname needs Node 20.11; engines allow 20.9.
const root = path.dirname(fileURLToPath(import.meta.url));

// Files that take 20–70 s where most take under 2: the route fuzzer's four shards (one line each), the
// bot's Retry and Other model flows, YooKassa's slow answers.
const KNOWN_LONG = [
  "tests/api/fuzz/",
  "tests/api/bot/steering.test.ts",
  "tests/api/payments/yookassa-not-final.test.ts",
];

/**
 * Vitest starts the files its last run found longest first, and without that record (a fresh clone, as
 * in CI) the largest first: the fuzzer's shards, the smallest files, started last and ran on their own
 * for their last 30 s. The files known to be long start first; the rest keep Vitest's order.
 */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLong = (file: TestSpecification) => {
      const relative = path.relative(root, file.moduleId).split(path.sep).join("/");
      return KNOWN_LONG.some((known) => relative.startsWith(known));
    };
    return [...sorted.filter(isLong), ...sorted.filter((file) => !isLong(file))];
  }
}

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
    sequence: { sequencer: LongFilesFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
