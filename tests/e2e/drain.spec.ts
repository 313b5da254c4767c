import { expect, test } from "./fixtures";
import { portOpen, startNpmServer, statusOf } from "./npm-start-server";

// A load balancer takes an instance out when its readiness probe fails: on SIGTERM the server first
// answers GET /api/health?ready=1 with 503 while it still serves everything (liveness included) for
// SHUTDOWN_DRAIN_MS, and only then stops accepting (docs/operations.md "Draining").
const PORT = Number(process.env.E2E_PORT ?? 3100) + 51;
const DRAIN_MS = 2500;
const SHUTDOWN_TIMEOUT_MS = 3000;

test("SIGTERM: readiness answers 503 at once, everything else is served through the drain, then the port closes", async () => {
  test.setTimeout(90_000);
  const { npm, base, dispose } = startNpmServer({
    port: PORT,
    name: "drain",
    env: { SHUTDOWN_DRAIN_MS: String(DRAIN_MS), SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) },
  });
  try {
    await expect.poll(() => statusOf(`${base}/api/health?ready=1`), { timeout: 60_000 }).toBe(200);
    npm.kill("SIGTERM");
    const stoppedAt = Date.now();
    await expect.poll(() => statusOf(`${base}/api/health?ready=1`), { timeout: 1_000, intervals: [50] }).toBe(503);
    // Through the drain every other request is still answered.
    const served: number[] = [];
    while (Date.now() - stoppedAt < DRAIN_MS - 500) {
      served.push(await statusOf(`${base}/api/health`), await statusOf(`${base}/api/openapi.json`));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(served.length).toBeGreaterThan(4);
    expect(served.filter((status) => status !== 200)).toEqual([]);
    await expect.poll(() => portOpen(PORT), { timeout: DRAIN_MS + SHUTDOWN_TIMEOUT_MS + 2_000 }).toBe(false);
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(DRAIN_MS - 100);
  } finally {
    dispose();
  }
});
