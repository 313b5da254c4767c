// The built app as the benches start it: `npm start` (or BENCH_APP_CMD) on loopback, in its own process group.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

export const APP_CMD = process.env.BENCH_APP_CMD ?? "npm start --silent";
export const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3290);
export const APP_BASE = `http://127.0.0.1:${APP_PORT}`;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The middle value (the upper one of an even count): what the benches report of repeated runs. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export function startApp(env: Record<string, string | undefined>): ChildProcess {
  const merged = { ...process.env, ...env, PORT: String(APP_PORT), HOSTNAME: "127.0.0.1", NODE_ENV: "production" };
  // An undefined value removes the variable (the embedded database runs when DATABASE_URL is unset).
  const childEnv = Object.fromEntries(
    Object.entries(merged).filter(([, value]) => value !== undefined),
  ) as NodeJS.ProcessEnv;
  return spawn("sh", ["-c", APP_CMD], {
    env: childEnv,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true, // its own process group, so stopping it also stops `next start` under npm and sh
  });
}

/**
 * Stops a process group started detached (the app under npm and sh, the floor's `next start`) and answers
 * once none of it is left, killing what still runs after `limitMs`: the app drains before it exits, and the
 * next bench (or the floor, on the app's port) would otherwise find the port still held.
 */
export async function stopGroup(pgid: number | undefined, limitMs = 30_000): Promise<void> {
  if (!pgid) return;
  // Signals the group; false once none of it is left (signal 0 only asks).
  const signal = (sig: NodeJS.Signals | 0) => {
    try {
      process.kill(-pgid, sig);
      return true;
    } catch {
      return false;
    }
  };
  if (!signal("SIGTERM")) return;
  const start = performance.now();
  while (signal(0) && performance.now() - start < limitMs) await sleep(50);
  if (!signal("SIGKILL")) return;
  while (signal(0)) await sleep(50);
}

export const stopApp = (child: ChildProcess) => stopGroup(child.pid);

/** Milliseconds until GET /api/health answers 200. */
export async function waitForHealth(child: ChildProcess, limitMs = 60_000): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} (built? npm run build)`);
    try {
      const res = await fetch(`${APP_BASE}/api/health`);
      if (res.ok) return performance.now() - start;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`the app did not answer /api/health within ${limitMs} ms`);
}

/** CPU seconds used so far by the processes of a process group (the app under npm and sh, the floor's `next start`). */
export function groupCpuSeconds(pgid: number): number {
  let ticks = 0;
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100; // USER_HZ
}
