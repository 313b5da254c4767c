import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "./fixtures";

// A load balancer takes an instance out when its readiness probe fails: on SIGTERM the server first
// answers GET /api/health?ready=1 with 503 while it still serves everything (liveness included) for
// SHUTDOWN_DRAIN_MS, and only then stops accepting (docs/operations.md "Draining").
const PORT = Number(process.env.E2E_PORT ?? 3100) + 51;
const DRAIN_MS = 2500;
const SHUTDOWN_TIMEOUT_MS = 3000;
const BASE = `http://127.0.0.1:${PORT}`;

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
const statusOf = (url: string) =>
  fetch(url).then(
    (r) => r.status,
    () => 0,
  );

test("SIGTERM: readiness answers 503 at once, everything else is served through the drain, then the port closes", async () => {
  test.setTimeout(90_000);
  const dataDir = path.resolve(`.data/e2e-drain-${PORT}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_MODE: "demo",
    PORT: String(PORT),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: dataDir,
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  delete env.PGLITE_DIR;
  delete env.STORAGE_DIR;
  const server = spawn("npm", ["start"], { env, stdio: "ignore", detached: true });
  try {
    await expect.poll(() => statusOf(`${BASE}/api/health?ready=1`), { timeout: 60_000 }).toBe(200);
    server.kill("SIGTERM");
    const stoppedAt = Date.now();
    await expect.poll(() => statusOf(`${BASE}/api/health?ready=1`), { timeout: 1_000, intervals: [50] }).toBe(503);
    // Through the drain every other request is still answered.
    const served: number[] = [];
    while (Date.now() - stoppedAt < DRAIN_MS - 500) {
      served.push(await statusOf(`${BASE}/api/health`), await statusOf(`${BASE}/api/openapi.json`));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(served.length).toBeGreaterThan(4);
    expect(served.filter((status) => status !== 200)).toEqual([]);
    await expect.poll(() => portOpen(PORT), { timeout: DRAIN_MS + SHUTDOWN_TIMEOUT_MS + 2_000 }).toBe(false);
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(DRAIN_MS - 100);
  } finally {
    try {
      process.kill(-server.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
