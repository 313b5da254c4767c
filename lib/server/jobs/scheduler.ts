import "server-only";
import { log } from "@/lib/server/log";
import type { Db } from "@/db";

// Background work runs in the app process on a timer and keeps its state in PostgreSQL (rows are
// claimed with conditional updates), so several app instances can run it side by side.
// pg-boss was not used: it needs node-postgres and cannot run on the embedded PGlite database.
export type Job = { name: string; intervalMs: number; run: (db: Db) => Promise<unknown> };

const globalForJobs = globalThis as unknown as { __jobsStarted?: boolean };

export function startJobs({ db, jobs }: { db: Db; jobs: Job[] }): void {
  if (globalForJobs.__jobsStarted) return;
  globalForJobs.__jobsStarted = true;
  for (const job of jobs) {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await job.run(db);
      } catch (error) {
        log().error({ job: job.name, err: error }, "job failed");
      } finally {
        running = false;
      }
    };
    setInterval(tick, job.intervalMs).unref();
  }
}
