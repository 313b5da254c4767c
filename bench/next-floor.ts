// The Next floor: a minimal Next.js app (bench/next-floor/, the same Next version as the app) with one route
// handler per benched call that only verifies the JWT and replays the app's recorded SQL (bench:api), the least a
// chat turn can do behind the webhook (bench:bot; next-floor/lib/bot-floor.ts), and an empty page with one client
// component that greets once hydrated (bench:web). Built for each bench run in a temporary folder inside the
// project (".next-floor-*", git-ignored; Turbopack compiles nothing outside the folder of the lockfile) and
// removed at the end.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sleep, stopGroup } from "./built-app";

const ROOT = path.resolve(__dirname, "..");
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");

/** `pid`: its process group (`next start` runs detached), for the benches that read its CPU time. */
export type NextFloor = { base: string; pid: number; stop: () => Promise<void> };

/** Builds the floor and starts it (`next start`) on `port`; `env` reaches its route handlers. Its page is an empty one that greets. */
export async function startNextFloor({
  port,
  env = {},
}: {
  port: number;
  env?: Record<string, string>;
}): Promise<NextFloor> {
  const dir = fs.mkdtempSync(path.join(ROOT, ".next-floor-"));
  fs.cpSync(path.join(ROOT, "bench", "next-floor"), dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "package.json"), '{ "name": "next-floor", "private": true }\n');
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  let child: ChildProcess | undefined;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopGroup(child?.pid);
    remove();
  };
  try {
    execFileSync(process.execPath, [NEXT_BIN, "build"], {
      cwd: dir,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    // BENCH_FLOOR_NODE_ARGS: Node options for the floor's process (a CPU profile: "--cpu-prof --cpu-prof-dir=…",
    // which NODE_OPTIONS does not take), as BENCH_APP_CMD gives them to the app.
    const nodeArgs = process.env.BENCH_FLOOR_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
    child = spawn(process.execPath, [...nodeArgs, NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {
      cwd: dir,
      env: { ...process.env, ...env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
    });
    const base = `http://127.0.0.1:${port}`;
    for (let waited = 0; ; waited += 50) {
      if (child.exitCode !== null) throw new Error(`the Next floor exited with ${child.exitCode}`);
      if (waited > 60_000) throw new Error("the Next floor did not start within 60 s");
      const up = await fetch(`${base}/`).then(
        (res) => res.ok,
        () => false,
      );
      if (up) return { base, pid: child.pid!, stop };
      await sleep(50);
    }
  } catch (error) {
    await stop();
    throw error;
  }
}
