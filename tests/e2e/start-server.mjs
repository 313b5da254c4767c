// Starts the built app for the end-to-end run on a fresh database: a new PostgreSQL database
// (app_e2e_<port>) when DATABASE_URL is set, otherwise a new embedded-database folder. The app is
// the standalone server (<NEXT_DIST_DIR>/standalone/server.js) that `npm start` runs.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";

const port = process.argv[2] ?? "3100";
const dataDir = path.resolve(`.data/e2e-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const env = {
  ...process.env,
  APP_MODE: "demo",
  DATA_DIR: dataDir,
  PGLITE_DIR: path.join(dataDir, "pglite"),
  STORAGE_DIR: path.join(dataDir, "files"),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  NEXT_TELEMETRY_DISABLED: "1",
  // Every test signs in its own user from 127.0.0.1: limits stay on, scaled up.
  RATE_LIMIT_MULTIPLIER: "100",
  // A failing channel is disabled after 3 failed calls (10 in production), so the flow that watches it
  // happen sends 3 turns (docs/decisions/0502-channels-disabled-and-probed.md).
  CHANNEL_DISABLE_FAILURES: "3",
  // The failures are counted in windows aligned to the clock (decision 0502): with the default 300 s
  // the flow's three turns straddled an edge now and then, and the channel was only cooling. An hour's
  // window makes that a rare edge rather than one every five minutes.
  CHANNEL_DISABLE_WINDOW_SECONDS: "3600",
  // No load balancer watches a flow's server: it stops at once when its worker ends (the drain flows
  // start servers of their own that drain).
  SHUTDOWN_DRAIN_MS: "0",
  // A line per request would bury Playwright's report; warnings and errors still show.
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
};
delete env.BOT_TOKEN;
delete env.JWT_SECRET;

if (process.env.DATABASE_URL) {
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS app_e2e_${port} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE app_e2e_${port}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/app_e2e_${port}`;
  env.DATABASE_URL = url.toString();
}

// The production start command (package.json "start"), so what is deployed is what is tested.
const child = spawn(process.execPath, ["scripts/start.mjs"], {
  env: { ...env, PORT: port, HOSTNAME: "127.0.0.1" },
  stdio: "inherit",
});
const stop = () => child.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => process.exit(code ?? 0));
