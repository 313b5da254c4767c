import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "./fixtures";

// A host that runs `npm start` stops the app by sending SIGTERM to npm: npm hands it to the shell it
// ran the script in, and the server must get it too, drain, and free the port within the deadline.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 50;
const SHUTDOWN_TIMEOUT_MS = 3000;

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

test("SIGTERM to the `npm start` process stops the server and frees its port", async () => {
  test.setTimeout(90_000);
  const dataDir = path.resolve(`.data/e2e-npm-start-${PORT}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_MODE: "demo",
    PORT: String(PORT),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: dataDir,
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    // No drain: this test is about the stop that follows it (tests/e2e/drain.spec.ts covers the drain).
    SHUTDOWN_DRAIN_MS: "0",
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  delete env.PGLITE_DIR;
  delete env.STORAGE_DIR;
  // Its own process group, so whatever is left over after a failure can be ended as a whole.
  const npm = spawn("npm", ["start"], { env, stdio: "ignore", detached: true });
  try {
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${PORT}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);
    npm.kill("SIGTERM");
    const stoppedAt = Date.now();
    await expect.poll(() => portOpen(PORT), { timeout: SHUTDOWN_TIMEOUT_MS + 2000 }).toBe(false);
    expect(Date.now() - stoppedAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 2000);
  } finally {
    try {
      process.kill(-npm.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
});
