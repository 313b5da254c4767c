import os from "node:os";
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "tests/e2e",
  // Separate folders let several end-to-end runs share one machine without wiping each other.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  // Each worker serves its flows from its own server and database (tests/e2e/fixtures.ts); files are
  // dealt to workers, and a file's flows run in order on one worker.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? Math.max(2, os.availableParallelism())),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    viewport: { width: 400, height: 860 },
    deviceScaleFactor: 1,
    locale: "ru-RU",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
});
