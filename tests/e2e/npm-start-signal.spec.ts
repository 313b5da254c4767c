import { expect, test } from "./fixtures";
import { portOpen, startNpmServer, statusOf } from "./npm-start-server";

// A host that runs `npm start` stops the app by sending SIGTERM to npm: npm hands it to the shell it
// ran the script in, and the server must get it too, drain, and free the port within the deadline.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 50;
const SHUTDOWN_TIMEOUT_MS = 3000;

test("SIGTERM to the `npm start` process stops the server and frees its port", async () => {
  test.setTimeout(90_000);
  const { npm, base, dispose } = startNpmServer({
    port: PORT,
    name: "npm-start",
    // No drain: this test is about the stop that follows it (tests/e2e/drain.spec.ts covers the drain).
    env: { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), SHUTDOWN_DRAIN_MS: "0" },
  });
  try {
    await expect.poll(() => statusOf(`${base}/api/health`), { timeout: 60_000 }).toBe(200);
    npm.kill("SIGTERM");
    const stoppedAt = Date.now();
    await expect.poll(() => portOpen(PORT), { timeout: SHUTDOWN_TIMEOUT_MS + 2000 }).toBe(false);
    expect(Date.now() - stoppedAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 2000);
  } finally {
    dispose();
  }
});
