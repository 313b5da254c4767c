import "server-only";
import crypto from "node:crypto";
import type { Db } from "@/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/server/http/api-error";
import { jobs } from "./registry";

/** Constant-time check of the scheduler's bearer secret; no secret configured means no cron route. */
export function assertCronSecret(authorization: string | null): void {
  if (!env.CRON_SECRET) throw new ApiError("not_found", "No cron route: CRON_SECRET is not set");
  const given = Buffer.from((authorization ?? "").replace(/^Bearer\s+/i, ""));
  const expected = Buffer.from(env.CRON_SECRET);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    throw new ApiError("unauthorized", "A valid cron secret is required");
  }
}

/**
 * POST /api/jobs/{name}: one run of a background job, for hosts whose scheduler calls a URL instead
 * of keeping timers in the process. It is the same job code as the timers (rows claimed with
 * conditional updates), so both can run side by side.
 */
export async function runJobByName({ db, name }: { db: Db; name: string }) {
  const job = jobs.find((j) => j.name === name);
  if (!job) throw new ApiError("not_found", `Unknown job "${name}"`);
  const started = Date.now();
  const result = await job.run(db);
  return { job: job.name, ms: Date.now() - started, result: result ?? null };
}
