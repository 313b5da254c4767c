import "server-only";
import { log } from "@/lib/server/log";
import type { Db } from "@/db";
import type { JobName } from "@/lib/contracts/jobs";

// Background work runs in the app process on a timer and keeps its state in PostgreSQL (rows are
// claimed with conditional updates), so several app instances can run it side by side.
// pg-boss was not used: it needs node-postgres and cannot run on the embedded PGlite database.
export type Job = {
  name: JobName;
  intervalMs: number;
  /** One run: the timer's tick, or POST /api/jobs/{name}. */
  run: (db: Db) => Promise<unknown>;
  /** A job that is woken rather than ticked starts its own loop here instead of the timer. */
  start?: (db: Db) => Promise<void>;
  /** Shutdown of a started job: it may finish its work until the deadline. */
  stop?: (db: Db, deadlineMs: number) => Promise<void>;
};

type Running = { stop: (deadlineMs: number) => Promise<void> };
// __stopJobs is how the production server (scripts/server.cjs, outside the bundle) stops them on SIGTERM.
const globalForJobs = globalThis as unknown as { __jobs?: Running[]; __stopJobs?: typeof stopJobs };

export function startJobs({ db, jobs }: { db: Db; jobs: Job[] }): void {
  if (globalForJobs.__jobs) return;
  const started: Running[] = (globalForJobs.__jobs = []);
  globalForJobs.__stopJobs = stopJobs;
  for (const job of jobs) {
    if (job.start) {
      job.start(db).catch((error) => log().error({ job: job.name, err: error }, "job failed to start"));
      started.push({ stop: (deadlineMs) => job.stop?.(db, deadlineMs) ?? Promise.resolve() });
      continue;
    }
    let running: Promise<void> | null = null;
    const tick = () => {
      running ??= job
        .run(db)
        .then(() => undefined)
        .catch((error) => log().error({ job: job.name, err: error }, "job failed"))
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(tick, job.intervalMs);
    timer.unref();
    // A stopped timer job lets its current run end: the database is closed after it.
    started.push({
      stop: async () => {
        clearInterval(timer);
        await running;
      },
    });
  }
}

/** Shutdown: no job starts new work; answers when their work ended (within `deadlineMs`), before the database closes. */
export async function stopJobs({ deadlineMs }: { deadlineMs: number }): Promise<void> {
  const started = globalForJobs.__jobs ?? [];
  globalForJobs.__jobs = undefined;
  await Promise.all(
    started.map((job) => job.stop(deadlineMs).catch((error) => log().error({ err: error }, "job failed to stop"))),
  );
}
