import "server-only";
import { env } from "@/lib/env";
import type { Job } from "@/lib/server/jobs/scheduler";
import { now } from "@/lib/server/clock";
import { pruneProviderRequests } from "./log";

// Hourly, the request log's rows past REQUEST_LOG_KEEP_DAYS (default 30) go; 0 keeps them.
export const requestLogRetentionJob: Job = {
  name: "request-log-retention",
  intervalMs: 3_600_000,
  run: async (db) =>
    env.REQUEST_LOG_KEEP_DAYS === 0
      ? { skipped: true }
      : pruneProviderRequests({ db, keepDays: env.REQUEST_LOG_KEEP_DAYS, now: now() }),
};
