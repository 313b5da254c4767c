import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";

// Runs before each test file, before the app's modules are imported: every file gets its own
// database (a copy of the migrated template on PostgreSQL, in-memory PGlite otherwise) and its own
// data folder, so files never see each other's rows.
const baseUrl = process.env.BASE_DATABASE_URL ?? process.env.DATABASE_URL;
process.env.BASE_DATABASE_URL = baseUrl ?? "";
process.env.APP_MODE = "demo";
// Files sign in many users from one (unknown) address: limits stay on, scaled up. Rate-limit tests
// set their own multiplier before importing the app.
process.env.RATE_LIMIT_MULTIPLIER ??= "1000";
// Request and provider log lines would bury the test output; the log test turns them back on.
process.env.LOG_LEVEL ??= "silent";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "app-test-"));
process.env.STORAGE_DIR = path.join(process.env.DATA_DIR, "files");
process.env.PGLITE_DIR = "memory://";
process.env.JWT_SECRET = "test-jwt-secret-that-is-long-enough-0123456789";
process.env.BOT_TOKEN = "123456789:test-bot-token-for-signing-init-data";
// No test reaches Telegram: a suite without the Bot API fake (a video job's status message) gets a refused connection.
process.env.BOT_API_BASE_URL ??= "http://127.0.0.1:9";
// Text turns are not held back to join split pastes; the paste test passes its own window.
process.env.BOT_PASTE_JOIN_MS ??= "0";

let dbName: string | undefined;

if (baseUrl) {
  dbName = `${inject("testDbPrefix")}_${crypto.randomBytes(6).toString("hex")}`;
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  process.env.DATABASE_URL = url.toString();
}

beforeAll(async () => {
  if (!baseUrl || !dbName) return;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  // Parallel files copy the same template; PostgreSQL refuses a copy while another is reading it.
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.unsafe(`CREATE DATABASE ${dbName} TEMPLATE ${inject("testDbPrefix")}_template`);
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
  await admin.end();
});

afterAll(async () => {
  const { closeDb } = await import("@/db");
  await closeDb();
  if (baseUrl && dbName) {
    const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
});
