import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// lib/env.ts reads every secret: a client bundle that imported it would fail the build instead of
// shipping them. Outside vitest's alias, "server-only" throws unless resolved as react-server.
const importEnv = (conditions: string[]) =>
  spawnSync(process.execPath, [...conditions, "--import", "tsx", "-e", 'await import("./lib/env.ts")'], {
    encoding: "utf8",
    env: { ...process.env, APP_MODE: "demo" },
  });

describe("lib/env.ts is server-only", () => {
  it("refuses to load outside the server (react-server) build", () => {
    const result = importEnv([]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/cannot be imported from a Client Component/);
  });
  it("loads on the server, as the bench scripts run it", () => {
    const result = importEnv(["--conditions=react-server"]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });
});
