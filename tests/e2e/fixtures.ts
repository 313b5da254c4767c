import { spawn, type ChildProcess } from "node:child_process";
import { test as base } from "@playwright/test";

export { expect } from "@playwright/test";

/** The first worker's port; worker n serves on E2E_PORT + n (docs/operations.md "The test suite"). */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

type AppServer = { port: number; url: string };

async function waitForHealth(url: string, server: ChildProcess, deadlineMs: number) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`the e2e server exited with ${server.exitCode} before it was healthy`);
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the e2e server at ${url} was not healthy within ${deadlineMs} ms`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once("exit", () => resolve());
    server.kill("SIGTERM");
  });
}

/**
 * Every Playwright worker runs its flows against a server of its own (tests/e2e/start-server.mjs:
 * the built app on a fresh database), so flows on parallel workers never share rows, the catalogue
 * the console edits, or the demo operator's settings. `baseURL` (and so `page.goto("/")` and the
 * `request` fixture) points at the worker's server; `appServer.port` is for flows that open a socket.
 */
export const test = base.extend<object, { appServer: AppServer }>({
  appServer: [
    async ({}, provide, workerInfo) => {
      const port = E2E_BASE_PORT + workerInfo.parallelIndex;
      const url = `http://127.0.0.1:${port}`;
      const server = spawn(process.execPath, ["tests/e2e/start-server.mjs", String(port)], {
        env: process.env,
        stdio: ["ignore", "inherit", "inherit"],
      });
      try {
        await waitForHealth(url, server, 120_000);
        await provide({ port, url });
      } finally {
        await stop(server);
      }
    },
    { scope: "worker", timeout: 150_000 },
  ],
  baseURL: async ({ appServer }, provide) => provide(appServer.url),
});
